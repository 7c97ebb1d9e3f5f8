import { describe, expect, test } from 'bun:test'
import { planFrame, screenRotation, type Bounds, type FrameInput } from '../../../src/pipeline/request/frame'

const side: Bounds = { minX: -20, maxX: 20, minY: 0, maxY: 12, fuselageCentre: { x: 0, y: 4 } }
const base: FrameInput = {
  width: 1280,
  height: 720,
  bounds: side,
  angle: '90',
  zoomType: 'contain',
  zoomLevel: 1,
  marginPercent: 8,
  scale: 'none',
  referenceLengthM: 72.72,
  planeLengthM: 40,
  pitch: 0,
  align: 'center',
}
const plan = (over: Partial<FrameInput>) => planFrame({ ...base, ...over })
const toPx = (f: ReturnType<typeof planFrame>, x: number, y: number) => ({
  x: f.originX + x / f.metresPerPixel,
  y: f.originY - y / f.metresPerPixel,
})

describe('framing', () => {
  test('contain fits the aircraft inside the margins, touching one pair of them', () => {
    const f = plan({})
    const tl = toPx(f, side.minX, side.maxY)
    const br = toPx(f, side.maxX, side.minY)
    const m = 1280 * 0.08
    expect(tl.x).toBeGreaterThanOrEqual(m - 0.01)
    expect(br.x).toBeLessThanOrEqual(1280 - m + 0.01)
    expect(tl.y).toBeGreaterThanOrEqual(m - 0.01)
    expect(br.y).toBeLessThanOrEqual(720 - m + 0.01)
    expect(Math.min(Math.abs(tl.x - m), Math.abs(tl.y - m))).toBeLessThan(0.01)
  })
  test('zoom 0.5 halves the drawn size', () => {
    expect(plan({ zoomLevel: 0.5 }).metresPerPixel).toBeCloseTo(plan({}).metresPerPixel * 2, 9)
  })
  test('fill covers the inner box', () => {
    const f = plan({ zoomType: 'fill' })
    expect(40 / f.metresPerPixel).toBeGreaterThanOrEqual(1280 - 2 * 102.4 - 0.01)
    expect(12 / f.metresPerPixel).toBeGreaterThanOrEqual(720 - 2 * 102.4 - 0.01)
  })
  test('absolute makes the drawn width the inner width times zoom whatever the model', () => {
    for (const halfSpan of [15, 20, 40]) {
      const f = plan({ scale: 'absolute', zoomLevel: 0.8, bounds: { ...side, minX: -halfSpan, maxX: halfSpan } })
      expect((2 * halfSpan) / f.metresPerPixel).toBeCloseTo((1280 - 2 * 102.4) * 0.8, 6)
    }
  })
  test('absolute and fleet shrink a silhouette that would cross the margins rather than cut it', () => {
    const tall = { ...side, minX: -5, maxX: 5 } // 10 m wide, 12 m tall: the inner width would make it 1290 px tall
    for (const scale of ['absolute', 'fleet'] as const) {
      const f = plan({ scale, bounds: tall, referenceLengthM: 8 })
      expect(12 / f.metresPerPixel).toBeCloseTo(720 - 2 * 102.4, 6)
    }
  })
  test('fleet fits the reference itself where its silhouette from this angle is wider than its length', () => {
    const wide = { ...side, minX: -50, maxX: 50 } // an oblique view: the wings reach beyond the length
    const f = plan({ scale: 'fleet', referenceLengthM: 72.72, reference: wide })
    expect(100 / f.metresPerPixel).toBeCloseTo(1280 - 2 * 102.4, 6)
  })
  test('fleet gives every model the metres-per-pixel of the reference length', () => {
    const f = plan({ scale: 'fleet' })
    expect(72.72 / f.metresPerPixel).toBeCloseTo(1280 - 2 * 102.4, 6)
    const other = plan({ scale: 'fleet', bounds: { ...side, minX: -5, maxX: 5 } })
    expect(other.metresPerPixel).toBeCloseTo(f.metresPerPixel, 12)
  })
  test('bottom puts the lowest drawn point 4% above the bottom edge for any bounds', () => {
    for (const bounds of [side, { ...side, minY: 1.2, maxY: 10 }, { ...side, minY: -3 }, { ...side, minX: -30, maxX: 30 }]) {
      const f = plan({ align: 'bottom', bounds })
      expect(toPx(f, 0, bounds.minY).y).toBeCloseTo(720 * 0.96, 6)
      expect(f.align).toBe('bottom')
    }
  })
  test('top anchors the top 4% below the top edge', () => {
    const f = plan({ align: 'top' })
    expect(toPx(f, 0, side.maxY).y).toBeCloseTo(720 * 0.04, 6)
  })
  test('falls back to center when the content is taller than the canvas', () => {
    const f = plan({ align: 'bottom', zoomLevel: 3 })
    expect(f.align).toBe('center')
  })
  test('pitch shrinks only as much as needed to stay inside', () => {
    const f = plan({ pitch: 30 })
    expect(f.metresPerPixel).toBeGreaterThan(plan({}).metresPerPixel)
    const corners = [
      [side.minX, side.minY],
      [side.maxX, side.minY],
      [side.minX, side.maxY],
      [side.maxX, side.maxY],
    ].map(([x, y]) => {
      const p = toPx(f, x, y)
      const dx = p.x - f.pivot.x
      const dy = p.y - f.pivot.y
      const c = Math.cos(f.rotation)
      const s = Math.sin(f.rotation)
      return { x: f.pivot.x + dx * c - dy * s, y: f.pivot.y + dx * s + dy * c }
    })
    const xs = corners.map((p) => p.x)
    const ys = corners.map((p) => p.y)
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(102.4 - 0.5)
    expect(Math.max(...xs)).toBeLessThanOrEqual(1280 - 102.4 + 0.5)
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(102.4 - 0.5)
    expect(Math.max(...ys)).toBeLessThanOrEqual(720 - 102.4 + 0.5)
    // and touches the inner box: no more shrinking than needed
    expect(Math.min(Math.min(...xs) - 102.4, Math.min(...ys) - 102.4)).toBeLessThan(0.5)
  })
  test('pitch measures the turned silhouette, not the turned rectangle around it', () => {
    // a long body with a tall fin at its tail: the turned rectangle's nose-top corner is empty sky
    const hull = [-20, 0, 20, 0, -20, 10]
    const diamond: Bounds = { minX: -20, maxX: 20, minY: 0, maxY: 10, fuselageCentre: { x: 0, y: 4 }, hull }
    const withHull = plan({ bounds: diamond, pitch: 30 })
    const withBox = plan({ bounds: { ...diamond, hull: undefined }, pitch: 30 })
    expect(withHull.metresPerPixel).toBeLessThan(withBox.metresPerPixel * 0.8)
    // the turned silhouette's height fills the inner height exactly
    const ys = [0, 2, 4].map((i) => {
      const p = toPx(withHull, hull[i], hull[i + 1])
      return withHull.pivot.y + (p.x - withHull.pivot.x) * Math.sin(withHull.rotation) + (p.y - withHull.pivot.y) * Math.cos(withHull.rotation)
    })
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(720 - 2 * 102.4, 6)
  })
  test('rotates nose-up counter-clockwise when the nose points right, clockwise when left, not at top', () => {
    expect(screenRotation('90', 20)).toBeLessThan(0)
    expect(screenRotation('270', 20)).toBeGreaterThan(0)
    expect(screenRotation('top', 20)).toBe(0)
    expect(screenRotation('0', 20)).toBe(0)
  })
})
