/**
 * Linear gradients painted pixel by pixel from a colour table, without skia's
 * dithering: a dithered gradient is noise to a PNG encoder (several times larger
 * files and slower compression), an exact one compresses to almost nothing.
 */
import { gradientLine, type LinearGradient } from '../params/gradient'
import type { Raster } from './raster'

const STEPS = 4096

/** straight RGBA of each of STEPS positions along the gradient, as little-endian uint32 */
function colourTable(g: LinearGradient): Uint32Array {
  const stops = [...g.stops].sort((a, b) => a.offset - b.offset)
  const table = new Uint32Array(STEPS)
  let s = 0
  for (let i = 0; i < STEPS; i++) {
    const t = i / (STEPS - 1)
    while (s < stops.length - 2 && t > stops[s + 1].offset) s++
    const a = stops[s]
    const b = stops[Math.min(s + 1, stops.length - 1)]
    const span = b.offset - a.offset
    const k = t <= a.offset ? 0 : t >= b.offset ? 1 : span > 0 ? (t - a.offset) / span : 1
    const mix = (x: number, y: number) => Math.round(x + (y - x) * k)
    const alpha = Math.round((a.colour.a + (b.colour.a - a.colour.a) * k) * 255)
    table[i] = ((alpha << 24) | (mix(a.colour.b, b.colour.b) << 16) | (mix(a.colour.g, b.colour.g) << 8) | mix(a.colour.r, b.colour.r)) >>> 0
  }
  return table
}

export function fillLinearGradient(r: Raster, g: LinearGradient): void {
  const { width, height } = r
  const table = colourTable(g)
  const { x0, y0, x1, y1 } = gradientLine(g.angleDeg, width, height)
  const dx = x1 - x0
  const dy = y1 - y0
  const len2 = dx * dx + dy * dy || 1
  // t(x, y) = ((x - x0) dx + (y - y0) dy) / len2 at pixel centres, scaled to the table
  const kx = ((STEPS - 1) * dx) / len2
  const ky = ((STEPS - 1) * dy) / len2
  const out = new Uint32Array(r.pixels.buffer, r.pixels.byteOffset, width * height)
  const last = STEPS - 1
  for (let y = 0, i = 0; y < height; y++) {
    let t = (0.5 - x0) * kx + (y + 0.5 - y0) * ky
    for (let x = 0; x < width; x++, i++, t += kx) out[i] = table[t <= 0 ? 0 : t >= last ? last : t | 0]
  }
}
