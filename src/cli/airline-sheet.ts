/**
 * `bun run sheet <airline> [--plane <model>] [--out <file.png>]`: one airline's artwork on one
 * sheet, to check a livery by eye: the tail from both sides, the aircraft at 90, 345, 0 and from
 * above, and the engines and wingtips from the front quarter. The plane is the airline's most
 * common type unless --plane names one of its fleet; the sheet goes to ./sheet-<airline>.png.
 */
import { writeFileSync } from 'node:fs'
import { airlineRecords } from '../catalog/airline-records'
import planesJson from '../../assets/planes.json'
import type { Airline, Angle, Plane } from '../catalog/types'
import { measure, render, type RenderResult } from '../render/index'
import { contactSheet } from './contact-sheet'

const airlines = airlineRecords
const planes = planesJson as unknown as Plane[]
const CELL_W = 720
const CELL_H = 400

interface View {
  label: string
  draw: (plane: Plane, airline: Airline, w: number, h: number) => RenderResult
}

/** the rear quarter of the aircraft seen side-on, where the fin is */
export function tailCloseUp(angle: '90' | '270'): View['draw'] {
  return (plane, airline, w, h) => {
    const b = measure(plane, angle, 'down')
    const span = 0.3 * (b.maxX - b.minX)
    const mpp = span / w
    const left = angle === '90' ? b.minX - 0.3 : b.maxX + 0.3 - w * mpp
    return render({
      plane,
      livery: airline.livery,
      angle,
      gear: 'down',
      width: w,
      height: h,
      placement: { metresPerPixel: mpp, originX: -left / mpp, originY: (b.maxY + 0.3) / mpp },
    })
  }
}

/** the whole aircraft, or its middle `zoom` times larger (engines, wing roots) */
export function whole(angle: Angle, zoom = 1): View['draw'] {
  return (plane, airline, w, h) => {
    const b = measure(plane, angle, 'down')
    const mpp = Math.max((b.maxX - b.minX) / (w - 24), (b.maxY - b.minY) / (h - 24)) / zoom
    const cx = (b.minX + b.maxX) / 2
    // zoomed in, the centre moves down to the engines under the wing
    const cy = b.minY + (zoom > 1 ? 0.3 : 0.5) * (b.maxY - b.minY)
    return render({
      plane,
      livery: airline.livery,
      angle,
      gear: 'down',
      width: w,
      height: h,
      placement: { metresPerPixel: mpp, originX: w / 2 - cx / mpp, originY: h / 2 + cy / mpp },
    })
  }
}

const VIEWS: View[] = [
  { label: 'tail, left side (90)', draw: tailCloseUp('90') },
  { label: 'tail, right side (270)', draw: tailCloseUp('270') },
  { label: '90', draw: whole('90') },
  { label: '345', draw: whole('345') },
  { label: '0, head-on', draw: whole('0') },
  { label: 'top', draw: whole('top') },
  { label: 'engines and wingtips, 45', draw: whole('45', 1.8) },
  { label: 'engines and wingtips, 315', draw: whole('315', 1.8) },
]

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

/** the airline's sheet as PNG bytes */
export async function airlineSheet(airline: Airline, plane: Plane): Promise<Buffer> {
  const cols = 2
  const title = `${airline.name} on the ${plane.name}`
  const { c, ctx, cell } = contactSheet(VIEWS.length, cols, CELL_W, CELL_H, title)
  VIEWS.forEach((view, i) => {
    const at = cell(i, view.label)
    ctx.drawImage(view.draw(plane, airline, CELL_W, CELL_H - 22).canvas, at.x, at.y)
  })
  return c.encode('png')
}

if (import.meta.main) {
  const slug = process.argv[2]
  const airline = airlines.find((a) => a.slug === slug)
  if (!slug || !airline) {
    console.error('usage: bun run sheet <airline-slug> [--plane <model-slug>] [--out <file.png>]')
    process.exit(2)
  }
  const wanted = option('plane') ?? airline.fleet[0]
  const plane = planes.find((p) => p.slug === wanted && airline.fleet.includes(p.slug))
  if (!plane) {
    console.error(`${airline.name} does not fly ${wanted}; it flies ${airline.fleet.join(', ')}`)
    process.exit(2)
  }
  const out = option('out') ?? `sheet-${airline.slug}.png`
  writeFileSync(out, await airlineSheet(airline, plane))
  console.error(`wrote ${out}`)
}
