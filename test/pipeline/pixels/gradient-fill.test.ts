import { describe, expect, test } from 'bun:test'
import { gradientLine, parseGradient, type LinearGradient } from '../../../src/params/gradient'
import { fillLinearGradient } from '../../../src/pipeline/pixels/gradient-fill'
import { blankRaster } from '../../../src/pipeline/pixels/raster'

/** the gradient evaluated exactly at one pixel centre, straight RGBA */
function expected(
  g: LinearGradient,
  width: number,
  height: number,
  x: number,
  y: number,
): number[] {
  const { x0, y0, x1, y1 } = gradientLine(g.angleDeg, width, height)
  const dx = x1 - x0,
    dy = y1 - y0
  const t = Math.min(
    1,
    Math.max(0, ((x + 0.5 - x0) * dx + (y + 0.5 - y0) * dy) / (dx * dx + dy * dy)),
  )
  const stops = [...g.stops].sort((a, b) => a.offset - b.offset)
  let s = 0
  while (s < stops.length - 2 && t > stops[s + 1].offset) s++
  const a = stops[s],
    b = stops[Math.min(s + 1, stops.length - 1)]
  const k = t <= a.offset ? 0 : t >= b.offset ? 1 : (t - a.offset) / (b.offset - a.offset || 1)
  return [
    a.colour.r + (b.colour.r - a.colour.r) * k,
    a.colour.g + (b.colour.g - a.colour.g) * k,
    a.colour.b + (b.colour.b - a.colour.b) * k,
    255 * (a.colour.a + (b.colour.a - a.colour.a) * k),
  ]
}

/** largest channel difference between the painted raster and the exact gradient, over every pixel */
function worstError(spec: string, width: number, height: number): number {
  const g = parseGradient(spec)!
  const r = blankRaster(width, height)
  fillLinearGradient(r, g)
  let worst = 0
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const e = expected(g, width, height, x, y)
      const o = (y * width + x) * 4
      for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs(r.pixels[o + c] - e[c]))
    }
  return worst
}

describe('fillLinearGradient', () => {
  // every angle class: axis-aligned, near-vertical (painted run by run), diagonal (copied rows)
  for (const angle of [0, 1, 45, 90, 135, 179, 180, 181.5, 200, 270, 300, 359.5])
    test(`paints a ${angle} degree gradient within 2 levels of the exact colour at every pixel`, () => {
      expect(
        worstError(`linear:${angle}:#0b1d3a-0,#3a6ea5-0.6,#f4d58d-1`, 160, 90),
      ).toBeLessThanOrEqual(2)
    })

  // (a stripe 5% wide moves 255 levels in 200 table steps: 4 levels is the table's own resolution; a skipped stripe would be 255 off)
  test('keeps a stripe that returns to its first colour (runs are found in the table, not guessed)', () => {
    expect(
      worstError('linear:180:#ffffff-0,#ffffff-0.45,#000000-0.5,#ffffff-0.55,#ffffff-1', 64, 400),
    ).toBeLessThanOrEqual(4)
    expect(
      worstError('linear:181:#ffffff-0,#ffffff-0.45,#000000-0.5,#ffffff-0.55,#ffffff-1', 400, 64),
    ).toBeLessThanOrEqual(4)
    expect(
      worstError('linear:179.5:#ffffff-0,#ffffff-0.45,#000000-0.5,#ffffff-0.55,#ffffff-1', 400, 64),
    ).toBeLessThanOrEqual(4)
  })

  test('carries alpha from 8-digit stops', () => {
    expect(worstError('linear:90:#ff000000-0,#0000ffff-1', 120, 68)).toBeLessThanOrEqual(2)
  })
})
