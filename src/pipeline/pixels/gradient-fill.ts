/**
 * Linear gradients painted from a colour table, without skia's dithering: a dithered
 * gradient is noise to a PNG encoder (several times larger files and slower
 * compression), an exact one compresses to almost nothing.
 *
 * Painting pixel by pixel is a large share of a small composition's time, so rows are
 * copied instead: along a row the table position grows by kx per pixel and
 * from one row to the next by ky, so row y is row 0 shifted by y * ky / kx pixels.
 * One long "master" row is painted and every row is a memcpy out of it, shifted by the
 * rounded offset (the gradient moves by at most half a pixel: invisible). Gradients
 * within a couple of degrees of vertical would need a very long master; their rows
 * are runs of a few colours, filled run by run.
 */
import { gradientLine, type LinearGradient } from '../../params/gradient'
import type { Raster } from './raster'

const STEPS = 4096
const LAST = STEPS - 1
/** the master row is at most this many canvas widths long */
const MAX_MASTER_WIDTHS = 16

/** straight RGBA of each of STEPS positions along the gradient, as little-endian uint32 */
function colourTable(g: LinearGradient): Uint32Array {
  const stops = [...g.stops].sort((a, b) => a.offset - b.offset)
  const table = new Uint32Array(STEPS)
  let s = 0
  for (let i = 0; i < STEPS; i++) {
    const t = i / LAST
    while (s < stops.length - 2 && t > stops[s + 1].offset) s++
    const a = stops[s]
    const b = stops[Math.min(s + 1, stops.length - 1)]
    const span = b.offset - a.offset
    const k = t <= a.offset ? 0 : t >= b.offset ? 1 : span > 0 ? (t - a.offset) / span : 1
    const mix = (x: number, y: number) => Math.round(x + (y - x) * k)
    const alpha = Math.round((a.colour.a + (b.colour.a - a.colour.a) * k) * 255)
    table[i] =
      ((alpha << 24) |
        (mix(a.colour.b, b.colour.b) << 16) |
        (mix(a.colour.g, b.colour.g) << 8) |
        mix(a.colour.r, b.colour.r)) >>>
      0
  }
  return table
}

const at = (table: Uint32Array, t: number) => table[t <= 0 ? 0 : t >= LAST ? LAST : t | 0]

export function fillLinearGradient(r: Raster, g: LinearGradient): void {
  const { width, height } = r
  const table = colourTable(g)
  const { x0, y0, x1, y1 } = gradientLine(g.angleDeg, width, height)
  const dx = x1 - x0
  const dy = y1 - y0
  const len2 = dx * dx + dy * dy || 1
  // table position at pixel centre (x, y): t0 + x * kx + y * ky
  const kx = (LAST * dx) / len2
  const ky = (LAST * dy) / len2
  const t0 = (0.5 - x0) * kx + (0.5 - y0) * ky
  const out = new Uint32Array(r.pixels.buffer, r.pixels.byteOffset, width * height)
  const shift = kx === 0 ? Infinity : ky / kx // row y starts shift * y pixels along row 0
  if (Math.abs(shift) * height <= (MAX_MASTER_WIDTHS - 1) * width)
    copyRows(out, width, height, table, t0, kx, shift)
  else fillRuns(out, width, height, table, t0, kx, ky)
}

function copyRows(
  out: Uint32Array,
  width: number,
  height: number,
  table: Uint32Array,
  t0: number,
  kx: number,
  shift: number,
): void {
  const extra = Math.ceil(Math.abs(shift) * (height - 1)) + 1
  const first = shift < 0 ? -extra : 0 // master index of its element 0, in row-0 pixels
  const master = new Uint32Array(width + extra + 1)
  for (let j = 0; j < master.length; j++) master[j] = at(table, t0 + (j + first) * kx)
  for (let y = 0; y < height; y++) {
    const from = Math.round(y * shift) - first
    out.set(master.subarray(from, from + width), y * width)
  }
}

function fillRuns(
  out: Uint32Array,
  width: number,
  height: number,
  table: Uint32Array,
  t0: number,
  kx: number,
  ky: number,
): void {
  // each table position's run of equal colours: [runStart, runEnd)
  const runStart = new Int32Array(STEPS)
  const runEnd = new Int32Array(STEPS)
  for (let i = 1; i < STEPS; i++) runStart[i] = table[i] === table[i - 1] ? runStart[i - 1] : i
  runEnd[LAST] = STEPS
  for (let i = LAST - 1; i >= 0; i--) runEnd[i] = table[i] === table[i + 1] ? runEnd[i + 1] : i + 1
  for (let y = 0; y < height; y++) {
    const row = y * width
    const tRow = t0 + y * ky
    let x = 0
    while (x < width) {
      const t = tRow + x * kx
      const i = t <= 0 ? 0 : t >= LAST ? LAST : t | 0
      const colour = table[i]
      // where the position leaves the run (t is linear in x), then settled exactly on the pixels
      let end = width
      if (kx > 0 && runEnd[i] < STEPS) end = Math.ceil((runEnd[i] - tRow) / kx)
      else if (kx < 0 && runStart[i] > 0) end = Math.floor((tRow - runStart[i]) / -kx) + 1
      end = Math.min(width, Math.max(x + 1, end))
      while (end < width && at(table, tRow + end * kx) === colour) end++
      while (end > x + 1 && at(table, tRow + (end - 1) * kx) !== colour) end--
      out.fill(colour, row + x, row + end)
      x = end
    }
  }
}
