/**
 * `bun run gallery`: contact sheets of the renderer, written to docs/gallery/.
 *   models-345.png   every model at angle 345 in one livery (--airline <slug>, default british-airways)
 *   models-0.png     every model from ahead (angle 0): each family's face, nose and engines
 *   closeups-4096.png a nose, an engine and the gear of four families, each drawn at the scale of
 *                    a 4096 px wide picture of the whole aircraft and cropped to the part
 *   angles-<slug>.png every angle of one model (--plane <slug>, default boeing-787-9), gear down and up
 *   liveries.png     a range of airline liveries on two models, side view
 *   faces.png        every model's face, blank: the front fuselage from ahead (0) and from 345, at
 *                    the scale of an hd picture, so windscreens, posts and noses compare family by family
 *   fleet-90.png     every model side by side at angle 90 on one common scale (same metres per pixel,
 *                    tails aligned, on a common ground line), so lengths and heights compare at a glance
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas'
import { mkdirSync } from 'node:fs'
import planesJson from '../../assets/planes.json'
import { ANGLES, type Angle, type Gear, type LiveryDesign, type Plane } from '../catalog/types'
import { drawLabel } from '../render/lettering/label'
import { titledSheet } from './contact-sheet'
import { measure, render } from '../render/index'
import { viewOf } from '../render/raster/camera'
import { modelOf } from '../render/parts/model'
import { enginePositions } from '../render/parts/engine'
import { mainLegs } from '../render/parts/gear'
import type { Vec3 } from '../render/parts/mesh'
import { airlineRecords } from '../catalog/airline-records'

const planes = planesJson as unknown as Plane[]
const OUT = 'docs/gallery'

const FALLBACK: LiveryDesign = {
  fuselage: '#ffffff',
  belly: '#d9dde3',
  bellyLine: 0.35,
  cheatline: { style: 'window-band', colors: ['#0b3d91', '#c8102e'] },
  tail: { base: '#0b3d91', style: 'disc', colors: ['#ffffff', '#c8102e'], wrap: true },
  engines: '#0b3d91',
  engineAccent: '#c0c6cc',
  titles: { text: 'Example Air', color: '#0b3d91' },
}

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : def
}

interface Cell {
  plane: Plane
  livery: LiveryDesign | null
  angle: Angle
  gear: Gear
  label: string
}

function sheet(cells: Cell[], cols: number, cw: number, ch: number, title: string): Canvas {
  const { c, ctx, head } = titledSheet(cells.length, cols, cw, ch, title)
  cells.forEach((cell, i) => {
    const x = (i % cols) * cw
    const y = head + Math.floor(i / cols) * ch
    ctx.fillStyle = i % 2 ? '#f7f9fb' : '#f2f5f8'
    ctx.fillRect(x, y, cw, ch)
    const r = render({
      plane: cell.plane,
      livery: cell.livery,
      angle: cell.angle,
      gear: cell.gear,
      width: cw,
      height: ch - 26,
      marginPx: Math.round(cw * 0.05),
    })
    ctx.drawImage(r.canvas, x, y + 22)
    drawLabel(ctx, cell.label, x + 10, y + 20, 15, '#3a4656')
  })
  return c
}

/** every model at 90 at one scale: tail at the left of its cell, wheels on the cell's ground line, 10 m grid */
function fleet(models: Plane[], livery: LiveryDesign, cols: number, title: string): Canvas {
  const head = 56
  const pad = 16
  const longest = Math.max(
    ...models.map((p) => {
      const b = measure(p, '90', 'down')
      return b.maxX - b.minX
    }),
  )
  const tallest = Math.max(
    ...models.map((p) => {
      const b = measure(p, '90', 'down')
      return b.maxY - b.minY
    }),
  )
  const cw = 720
  const mpp = longest / (cw - 2 * pad)
  const ch = Math.ceil(tallest / mpp) + 44
  const { c, ctx } = titledSheet(models.length, cols, cw, ch, title)
  const note = `one scale for all: ${mpp.toFixed(3)} m per pixel, grid every 10 m`
  drawLabel(ctx, note, c.width - 440, 38, 15, '#1c2430')
  models.forEach((p, i) => {
    const x = (i % cols) * cw
    const y = head + Math.floor(i / cols) * ch
    ctx.fillStyle = i % 2 ? '#f7f9fb' : '#f2f5f8'
    ctx.fillRect(x, y, cw, ch)
    const b = measure(p, '90', 'down')
    const ground = y + ch - 10
    // grid: vertical lines every 10 m from the tail, horizontal every 10 m above the ground
    ctx.strokeStyle = '#dde3ea'
    ctx.lineWidth = 1
    for (let m = 0; (m * 10) / mpp < cw - pad; m++) {
      const gx = Math.round(x + pad + (m * 10) / mpp) + 0.5
      ctx.beginPath()
      ctx.moveTo(gx, y + 24)
      ctx.lineTo(gx, ground)
      ctx.stroke()
    }
    for (let m = 1; ground - (m * 10) / mpp > y + 24; m++) {
      const gy = Math.round(ground - (m * 10) / mpp) + 0.5
      ctx.beginPath()
      ctx.moveTo(x + pad, gy)
      ctx.lineTo(x + cw - pad, gy)
      ctx.stroke()
    }
    ctx.strokeStyle = '#9aa6b4'
    ctx.beginPath()
    ctx.moveTo(x + pad, ground + 0.5)
    ctx.lineTo(x + cw - pad, ground + 0.5)
    ctx.stroke()
    const r = render({
      plane: p,
      livery,
      angle: '90',
      gear: 'down',
      width: cw,
      height: ch,
      placement: {
        metresPerPixel: mpp,
        originX: pad - b.minX / mpp,
        originY: ch - 10 + b.groundY / mpp,
      },
    })
    ctx.drawImage(r.canvas, x, y)
    const size = `${p.name}  ${p.lengthM.toFixed(1)} m x ${p.heightM.toFixed(1)} m`
    drawLabel(ctx, size, x + 10, y + 18, 15, '#3a4656')
  })
  return c
}

/** where to look in a close-up: a point of the aircraft (model metres) */
function closeupTargets(p: Plane): { label: string; at: Vec3; angle: Angle }[] {
  const m = modelOf(p, 'down')
  const nl = m.shape.nose.length
  const near = (angle: Angle) => (viewOf(angle).d[1] >= 0 ? 1 : -1) // the side facing the camera
  const e = enginePositions(p, m.shape, m.wing)[0]
  // the gear from ahead, between the engines: legs, bogies and doors
  const leg =
    mainLegs(p, m.shape, m.wing, m.fus).find((l) => l.y > 0) ??
    mainLegs(p, m.shape, m.wing, m.fus)[0]
  return [
    { label: 'nose', at: [0.45 * nl, 0, m.fus.zBelly + 0.55 * m.fus.H], angle: '345' },
    { label: 'engine', at: [e.front + 0.45 * e.len, near('345') * e.y, e.axisZ], angle: '345' },
    { label: 'gear', at: [leg.x, 0, 0.45 * leg.top], angle: '0' },
  ]
}

/** close-ups at the scale of a 4096 px picture: rows of families, columns nose, engine, gear */
function closeups(models: Plane[], livery: LiveryDesign, title: string): Canvas {
  const cw = 760,
    ch = 520,
    head = 56
  const { c, ctx } = titledSheet(models.length * 3, 3, cw, ch, title)
  models.forEach((p, row) => {
    closeupTargets(p).forEach((t, col) => {
      const x = col * cw,
        y = head + row * ch
      // the whole aircraft contained in 4096 x 2304, as the ultra preset draws it
      const b = measure(p, t.angle, 'down')
      const mpp = Math.max((b.maxX - b.minX) / (4096 - 2 * 64), (b.maxY - b.minY) / (2304 - 2 * 64))
      const v = viewOf(t.angle)
      const vx = t.at[0] * v.r[0] + t.at[1] * v.r[1] + t.at[2] * v.r[2]
      const vy = t.at[0] * v.u[0] + t.at[1] * v.u[1] + t.at[2] * v.u[2]
      ctx.fillStyle = (row + col) % 2 ? '#f7f9fb' : '#f2f5f8'
      ctx.fillRect(x, y, cw, ch)
      const r = render({
        plane: p,
        livery,
        angle: t.angle,
        gear: 'down',
        width: cw,
        height: ch - 26,
        placement: {
          metresPerPixel: mpp,
          originX: cw / 2 - vx / mpp,
          originY: (ch - 26) / 2 + vy / mpp,
        },
      })
      ctx.drawImage(r.canvas, x, y + 22)
      const label = `${p.name} - ${t.label} (angle ${t.angle}, ${(1 / mpp).toFixed(0)} px per metre)`
      drawLabel(ctx, label, x + 10, y + 18, 15, '#3a4656')
    })
  })
  return c
}

/** every model's front fuselage, blank, from ahead and from 345, at the scale of a 2048 px picture */
export function faces(models: Plane[], title: string): Canvas {
  const cw = 420,
    ch = 300
  const angles: Angle[] = ['0', '345']
  const { c, ctx, head } = titledSheet(models.length * 2, 4, cw, ch, title)
  models.forEach((p, i) => {
    const m = modelOf(p, 'down')
    const nl = m.shape.nose.length
    angles.forEach((angle, k) => {
      const n = 2 * i + k
      const x = (n % 4) * cw,
        y = head + Math.floor(n / 4) * ch
      const b = measure(p, angle, 'down')
      const mpp = Math.max(
        (b.maxX - b.minX) / (2048 - 2 * 164),
        (b.maxY - b.minY) / (1152 - 2 * 164),
      )
      // the windscreen in the middle: ahead, the nose's centre; at 345, the nose a little aft of it
      const at: Vec3 = [angle === '0' ? 0 : 0.6 * nl, 0, m.fus.zBelly + 0.6 * m.fus.H]
      const v = viewOf(angle)
      const vx = at[0] * v.r[0] + at[1] * v.r[1] + at[2] * v.r[2]
      const vy = at[0] * v.u[0] + at[1] * v.u[1] + at[2] * v.u[2]
      ctx.fillStyle = '#a9c8e8'
      ctx.fillRect(x, y, cw, ch)
      const r = render({
        plane: p,
        livery: null,
        angle,
        gear: 'down',
        width: cw,
        height: ch - 22,
        placement: {
          metresPerPixel: mpp,
          originX: cw / 2 - vx / mpp,
          originY: (ch - 22) / 2 + vy / mpp,
        },
      })
      ctx.drawImage(r.canvas, x, y + 22)
      ctx.fillStyle = '#ffffff'
      ctx.fillRect(x, y, cw, 22)
      drawLabel(ctx, `${p.name} - ${angle}`, x + 8, y + 16, 14, '#3a4656')
    })
  })
  return c
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true })
  const airline = airlineRecords.find((a) => a.slug === arg('airline', 'british-airways'))
  const livery = airline?.livery ?? FALLBACK
  const t0 = performance.now()

  const models = sheet(
    planes.map((p) => ({
      plane: p,
      livery,
      angle: '345' as Angle,
      gear: 'down' as Gear,
      label: p.name,
    })),
    4,
    600,
    340,
    `Every model at 345 - ${airline?.name ?? 'example livery'}`,
  )
  await Bun.write(`${OUT}/models-345.png`, models.encodeSync('png'))
  const ahead = sheet(
    planes.map((p) => ({
      plane: p,
      livery,
      angle: '0' as Angle,
      gear: 'down' as Gear,
      label: p.name,
    })),
    4,
    600,
    340,
    `Every model from ahead (0) - ${airline?.name ?? 'example livery'}`,
  )
  await Bun.write(`${OUT}/models-0.png`, ahead.encodeSync('png'))
  const families = ['boeing-787-9', 'boeing-737-800', 'airbus-a330-900', 'airbus-a380-800'].map(
    (s) => planes.find((x) => x.slug === s)!,
  )
  const close = closeups(
    families,
    livery,
    `Close-ups at the scale of 4096 px - ${airline?.name ?? 'example livery'}`,
  )
  await Bun.write(`${OUT}/closeups-4096.png`, close.encodeSync('png'))

  const faceSheet = faces(
    planes,
    'Every face, blank: from ahead (0) and from 345, at the scale of hd',
  )
  await Bun.write(`${OUT}/faces.png`, faceSheet.encodeSync('png'))

  const p = planes.find((x) => x.slug === arg('plane', 'boeing-787-9')) ?? planes[0]
  const angleCells: Cell[] = []
  for (const gear of ['down', 'up'] as Gear[])
    for (const angle of ANGLES)
      angleCells.push({ plane: p, livery, angle, gear, label: `${angle} - gear ${gear}` })
  const angles = sheet(angleCells, 5, 480, 280, `${p.name} - every angle, gear down and up`)
  await Bun.write(`${OUT}/angles-${p.slug}.png`, angles.encodeSync('png'))

  const pick = ['airbus-a320-200', 'boeing-787-9']
  const liveryCells: Cell[] = []
  const airlinesShown = airlineRecords.slice(0, 12)
  for (const a of airlinesShown) {
    const slug = pick.find((s) => a.fleet.includes(s)) ?? pick[liveryCells.length % 2]
    liveryCells.push({
      plane: planes.find((x) => x.slug === slug)!,
      livery: a.livery,
      angle: '90',
      gear: 'down',
      label: `${a.name} - ${slug}`,
    })
  }
  liveryCells.push({
    plane: planes.find((x) => x.slug === pick[0])!,
    livery: null,
    angle: '90',
    gear: 'down',
    label: 'blank',
  })
  const liveries = sheet(liveryCells, 4, 480, 200, 'Liveries, side view')
  await Bun.write(`${OUT}/liveries.png`, liveries.encodeSync('png'))

  const fleetSheet = fleet(
    planes,
    livery,
    3,
    `The fleet at 90, one scale - ${airline?.name ?? 'example livery'}`,
  )
  await Bun.write(`${OUT}/fleet-90.png`, fleetSheet.encodeSync('png'))

  console.log(`gallery written to ${OUT}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

// imported (a sheet drawn elsewhere), nothing is written
if (import.meta.main) await main()
