/**
 * `bun run gallery:liveries`: contact sheets of every airline's base livery, written to docs/gallery/.
 *   liveries-90.png   every airline at 90 on a model it flies (card view)
 *   liveries-tails.png every airline's tail at 90, side by side, all on one model so only paint differs
 *   liveries-345.png  every airline at 345 (the oblique view from the front left, from above)
 *   emblems.png       every shape of the emblem vocabulary (assets/emblems), each layer in its own colour
 *   --only <slug,slug> limits the sheets to some airlines (quick looks while painting)
 */
import { mkdirSync } from 'node:fs'
import { airlineRecords } from '../catalog/airline-records'
import planesJson from '../../assets/planes.json'
import type { Airline, Angle, Plane } from '../catalog/types'
import { measure, render } from '../render/index'
import { drawEmblem, emblemNames } from '../render/paint/emblems'
import { contactSheet } from './contact-sheet'

const planes = planesJson as unknown as Plane[]
const OUT = 'docs/gallery'
/** the model every tail is shown on: a common fin keeps the comparison about paint alone */
const TAIL_MODEL = 'airbus-a330-300'
/** card views prefer a model most airlines fly, so the sheet compares like with like */
const CARD_PREFERENCE = [
  'airbus-a320-200',
  'boeing-737-800',
  'airbus-a320-neo',
  'boeing-787-9',
  'airbus-a330-300',
  'airbus-a350-900',
  'boeing-777-300er',
]

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const planeOf = (slug: string): Plane => planes.find((p) => p.slug === slug) ?? planes[0]
const cardPlane = (a: Airline): Plane =>
  planeOf(CARD_PREFERENCE.find((s) => a.fleet.includes(s)) ?? a.fleet[0])

/** a tail close-up at 90: the rear fifth of the aircraft, fin and rear fuselage, in a w x h cell */
function renderTail(a: Airline, plane: Plane, w: number, h: number) {
  const b = measure(plane, '90', 'down')
  const span = 0.24 * (b.maxX - b.minX)
  const mpp = span / w
  return render({
    plane,
    livery: a.livery,
    angle: '90',
    gear: 'down',
    width: w,
    height: h,
    placement: {
      metresPerPixel: mpp,
      originX: -(b.minX - 0.3) / mpp,
      originY: (b.maxY + 0.3) / mpp,
    },
  })
}

async function sheetOf(
  list: Airline[],
  angle: Angle,
  cols: number,
  cw: number,
  ch: number,
  file: string,
  title: string,
) {
  const { c, ctx, cell } = contactSheet(list.length, cols, cw, ch, title)
  list.forEach((a, i) => {
    const p = cardPlane(a)
    const at = cell(i, `${a.name} - ${p.name}`)
    const r = render({
      plane: p,
      livery: a.livery,
      angle,
      gear: 'down',
      width: cw,
      height: ch - 24,
      marginPx: Math.round(cw * 0.04),
    })
    ctx.drawImage(r.canvas, at.x, at.y)
  })
  await Bun.write(`${OUT}/${file}`, c.encodeSync('png'))
}

async function tails(list: Airline[], file: string) {
  const cw = 200,
    ch = 160
  const { c, ctx, cell } = contactSheet(
    list.length,
    12,
    cw,
    ch,
    `Every tail at 90 on the ${planeOf(TAIL_MODEL).name} (${list.length} airlines)`,
  )
  list.forEach((a, i) => {
    const at = cell(i, a.name)
    ctx.drawImage(renderTail(a, planeOf(TAIL_MODEL), cw, ch - 24).canvas, at.x, at.y)
  })
  await Bun.write(`${OUT}/${file}`, c.encodeSync('png'))
}

/** the vocabulary on a navy ground, layers in white, red, gold, green, black, blue (front to the left) */
async function emblems(file: string) {
  const names = emblemNames()
  const { c, ctx, cell } = contactSheet(
    names.length,
    16,
    150,
    170,
    `Emblem vocabulary (assets/emblems/emblems.json): ${names.length} shapes`,
  )
  names.forEach((n, i) => {
    const at = cell(i, n)
    ctx.fillStyle = '#1a2a5a'
    ctx.fillRect(at.x + 15, at.y + 4, 120, 120)
    ctx.save()
    ctx.beginPath()
    ctx.rect(at.x + 15, at.y + 4, 120, 120)
    ctx.clip()
    ctx.translate(at.x + 25, at.y + 14)
    drawEmblem(ctx, n, ['#f0f0f0', '#d02020', '#f0c020', '#20a040', '#101010', '#2060d0'])
    ctx.restore()
  })
  await Bun.write(`${OUT}/${file}`, c.encodeSync('png'))
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const only = arg('only')?.split(',')
  const all = airlineRecords.filter((a) => !only || only.includes(a.slug))
  const suffix = only ? '-pick' : ''
  const t0 = performance.now()
  // cells sized for some 300 airlines: a sheet stays a few thousand pixels each way
  const count = `${all.length} airlines, ${all.reduce((n, a) => n + a.fleet.length, 0)} (airline, model) liveries`
  await sheetOf(
    all,
    '90',
    10,
    300,
    140,
    `liveries-90${suffix}.png`,
    `Every airline at 90 (card view): ${count}`,
  )
  await tails(all, `liveries-tails${suffix}.png`)
  await sheetOf(
    all,
    '345',
    10,
    300,
    170,
    `liveries-345${suffix}.png`,
    `Every airline at 345: ${count}`,
  )
  if (!only) await emblems('emblems.png')
  console.log(
    `livery sheets written to ${OUT}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
}

if (import.meta.main) await main()
