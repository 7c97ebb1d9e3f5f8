import { describe, expect, test } from 'bun:test'
import {
  ALIGN_SAFETY,
  VERTICAL_MARGIN_CAP,
  margins,
  planFrame,
  type Extent,
  type FrameInput,
} from '../../../src/pipeline/request/frame'
import { projectedProfile } from '../../../src/render/silhouette'

const side: Extent = { minX: -20, maxX: 20, minY: 0, maxY: 12 }
const base: FrameInput = {
  width: 1280,
  height: 720,
  bounds: side,
  zoomType: 'contain',
  zoomLevel: 1,
  marginPercent: 8,
  scale: 'none',
  referenceLengthM: 72.72,
  align: 'center',
}
const plan = (over: Partial<FrameInput>) => planFrame({ ...base, ...over })
const toPx = (f: ReturnType<typeof planFrame>, x: number, y: number) => ({
  x: f.originX + x / f.metresPerPixel,
  y: f.originY - y / f.metresPerPixel,
})
/** the placed box of `b` in pixels */
const placed = (f: ReturnType<typeof planFrame>, b: Extent = side) => {
  const tl = toPx(f, b.minX, b.maxY)
  const br = toPx(f, b.maxX, b.minY)
  return { left: tl.x, top: tl.y, right: br.x, bottom: br.y }
}

describe('margins', () => {
  test('are a percent of the width on every side, top and bottom taking at most a quarter of the height each', () => {
    expect(margins(1024, 576, 8)).toEqual({ x: 81.92, y: 81.92 })
    expect(margins(1024, 576, 30)).toEqual({ x: 307.2, y: 576 * VERTICAL_MARGIN_CAP })
    expect(margins(1024, 576, 45).y).toBe(144)
  })
})

describe('contain', () => {
  test('fits the aircraft inside the margins, touching one pair of them', () => {
    const p = placed(plan({}))
    expect(p.left).toBeCloseTo(102.4, 6)
    expect(p.right).toBeCloseTo(1280 - 102.4, 6)
    expect(p.top).toBeGreaterThan(102.4)
    expect(p.bottom).toBeLessThan(720 - 102.4)
  })
  test('at a 30% margin spans the middle 40% of the width, not a dot', () => {
    const p = placed(plan({ marginPercent: 30 }))
    expect(p.right - p.left).toBeCloseTo(1280 * 0.4, 6)
  })
  test('at 45% of the width a tall silhouette fits the height left between the capped margins', () => {
    const tall = { minX: -5, maxX: 5, minY: 0, maxY: 12 }
    const p = placed(plan({ marginPercent: 45, bounds: tall }), tall)
    expect(p.bottom - p.top).toBeLessThanOrEqual(720 / 2 + 1e-6)
    expect(p.right - p.left).toBeCloseTo(1280 * 0.1, 6)
  })
  test('zoom 0.5 halves the drawn size', () => {
    expect(plan({ zoomLevel: 0.5 }).metresPerPixel).toBeCloseTo(plan({}).metresPerPixel * 2, 9)
  })
})

describe('fill', () => {
  test('without a profile, covers the canvas grown by the margin with the bounding box', () => {
    const p = placed(plan({ zoomType: 'fill' }))
    expect(Math.min(-p.left, p.right - 1280, -p.top, p.bottom - 720)).toBeCloseTo(102.4, 6)
  })
  test('with a profile, crops in until the part kept reaches past every edge: the fin of a side view is no cover', () => {
    // a fuselage 40 m long and 4 m tall with a fin 8 m above it at its tail end
    const pos = [-20, 0, 0, 20, 0, 0, 20, 0, 4, -20, 0, 4, 14, 0, 4, 20, 0, 4, 20, 0, 12]
    const profile = projectedProfile(pos, [0, 1, 2, 0, 2, 3, 4, 5, 6], {
      r: [1, 0, 0],
      u: [0, 0, 1],
    })
    const f = plan({ zoomType: 'fill', marginPercent: 0, bounds: { ...side, profile } })
    // the fuselage alone covers the height: the fin is cropped away, so 4 m span 720 px (and a
    // few more: the cover is read on strips of the profile, a pixel inside each edge)
    expect(4 / f.metresPerPixel).toBeGreaterThanOrEqual(720)
    expect(4 / f.metresPerPixel).toBeLessThan(720 * 1.05)
    expect(toPx(f, 0, 2).y).toBeCloseTo(360, 6)
  })
  test('above zoom 1 crops tighter, below shrinks the cover', () => {
    expect(plan({ zoomType: 'fill', zoomLevel: 0.5 }).metresPerPixel).toBeCloseTo(
      plan({ zoomType: 'fill' }).metresPerPixel * 2,
      9,
    )
    expect(plan({ zoomType: 'fill', zoomLevel: 2 }).metresPerPixel).toBeLessThanOrEqual(
      plan({ zoomType: 'fill' }).metresPerPixel / 2 + 1e-12,
    )
  })
})

describe('scale', () => {
  test('absolute makes the drawn width the inner width times zoom whatever the model, tall ones crossing the canvas', () => {
    for (const bounds of [side, { ...side, minX: -5, maxX: 5, maxY: 30 }]) {
      const f = plan({ scale: 'absolute', zoomLevel: 0.8, bounds })
      expect((bounds.maxX - bounds.minX) / f.metresPerPixel).toBeCloseTo(
        (1280 - 2 * 102.4) * 0.8,
        6,
      )
    }
    expect(plan({ scale: 'absolute', bounds: { ...side, maxY: 80 } }).overflow).toBe('canvas')
  })
  test('fleet gives every model the metres-per-pixel of the reference length across the margin box', () => {
    const f = plan({ scale: 'fleet' })
    expect(72.72 / f.metresPerPixel).toBeCloseTo(1280 - 2 * 102.4, 6)
    for (const halfLength of [5, 38.36, 60])
      expect(
        plan({ scale: 'fleet', bounds: { ...side, minX: -halfLength, maxX: halfLength } })
          .metresPerPixel,
      ).toBe(f.metresPerPixel)
  })
  test('fleet: a model longer than the reference reaches into the margin, past the canvas only when it is longer than that', () => {
    expect(plan({ scale: 'fleet', bounds: { ...side, minX: -38.36, maxX: 38.36 } }).overflow).toBe(
      'margin',
    )
    expect(plan({ scale: 'fleet', bounds: { ...side, minX: -60, maxX: 60 } }).overflow).toBe(
      'canvas',
    )
    expect(plan({ scale: 'fleet' }).overflow).toBe('none')
  })
  test('fleet fits the reference itself where its silhouette from this angle is wider or taller than its length spans', () => {
    const wide = { ...side, minX: -50, maxX: 50 }
    expect(100 / plan({ scale: 'fleet', reference: wide }).metresPerPixel).toBeCloseTo(
      1280 - 2 * 102.4,
      6,
    )
    const tall = { minX: -20, maxX: 20, minY: 0, maxY: 70 }
    expect(70 / plan({ scale: 'fleet', reference: tall }).metresPerPixel).toBeCloseTo(
      720 - 2 * 102.4,
      6,
    )
  })
})

describe('alignment', () => {
  test('bottom puts the lowest point of the bounds (the gear-down ground line) on the safety line', () => {
    for (const bounds of [
      side,
      { ...side, minY: 1.2, maxY: 10 },
      { ...side, minY: -3 },
      { ...side, minX: -30, maxX: 30 },
    ]) {
      const f = plan({ align: 'bottom', bounds })
      expect(toPx(f, 0, bounds.minY).y).toBeCloseTo(720 * (1 - ALIGN_SAFETY), 6)
      expect(f.align).toBe('bottom')
    }
  })
  test('top anchors the top on the safety line', () => {
    expect(toPx(plan({ align: 'top' }), 0, side.maxY).y).toBeCloseTo(720 * ALIGN_SAFETY, 6)
  })
  test('falls back to center when the content is taller than the canvas', () => {
    expect(plan({ align: 'bottom', zoomLevel: 3 }).align).toBe('center')
  })
})
