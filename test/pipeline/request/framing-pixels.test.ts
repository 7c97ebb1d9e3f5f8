/**
 * Framing checked on the drawn pixels of real compositions (thumb size, transparent
 * background, alpha read back): at every angle, alignment and scale, and under pitch,
 * nothing touches the canvas border, the margins and safety lines hold, and a contain
 * fit reaches at least 97% of the margin box on one side.
 */
import { describe, expect, test } from 'bun:test'
import { ANGLES, type Angle } from '../../../src/catalog/types'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import type { Align } from '../../../src/params/image-options'
import { parseImageQuery } from '../../../src/params/image-query'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import { decide } from '../../../src/pipeline/request/cascade'
import { compose, referencePlaneFor } from '../../../src/pipeline/request/compose'
import { ALIGN_SAFETY } from '../../../src/pipeline/request/frame'

const catalog = loadEmbeddedCatalog()
const WIDTH = 512 // thumb
const MARGIN_PERCENT = 8
const TOL = 1.5 // px: antialiased edges and the coarser mesh drawn at thumb size

async function drawn(plane: string, query: Record<string, string>) {
  const { options } = parseImageQuery({ plane, width: String(WIDTH), ...query }, (s) => catalog.plane(s) !== undefined)
  const p = catalog.plane(plane)!
  const decision = decide(catalog, p, { plane: p, airlineRequested: false, airline: null, liveryType: 'blank', angle: options.angle, gear: options.gear })
  const c = await compose(defaultRenderer, { decision, options, referencePlane: referencePlaneFor(catalog, options), watermark: false })
  const { width: W, height: H, pixels } = c.raster
  let minX = Infinity, minY = Infinity, maxX = -1, maxY = -1, onBorder = 0
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      if (pixels[(y * W + x) * 4 + 3] === 0) continue
      if (x === 0 || y === 0 || x === W - 1 || y === H - 1) onBorder++
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
    }
  // the box spans whole pixels: its edges are minX and maxX + 1
  return { W, H, onBorder, minX, minY, right: maxX + 1, bottom: maxY + 1, align: c.frame.align }
}

type Drawn = Awaited<ReturnType<typeof drawn>>

/** every framing rule that can fail on one picture, as a list of what went wrong */
function problems(d: Drawn, align: Align, fillRule: boolean): string[] {
  const out: string[] = []
  const m = (d.W * MARGIN_PERCENT) / 100
  const safety = d.H * ALIGN_SAFETY
  if (d.onBorder) out.push(`${d.onBorder} drawn pixels on the canvas border`)
  if (d.align !== align) out.push(`aligned ${d.align}, not ${align}`)
  if (d.minX < m - TOL || d.right > d.W - m + TOL) out.push(`side margins crossed: ${d.minX}..${d.right}`)
  if (align === 'top') {
    if (Math.abs(d.minY - safety) > TOL) out.push(`highest point at ${d.minY}, not on the top line ${safety}`)
  } else if (d.minY < m - TOL) out.push(`top margin crossed: ${d.minY}`)
  if (align === 'bottom') {
    if (Math.abs(d.bottom - (d.H - safety)) > TOL) out.push(`lowest point at ${d.bottom}, not on the bottom line ${d.H - safety}`)
  } else if (d.bottom > d.H - m + TOL) out.push(`bottom margin crossed: ${d.bottom}`)
  if (align === 'center' && Math.abs(d.minY + d.bottom - d.H) > 2 * TOL) out.push(`not centred: ${d.minY}..${d.bottom}`)
  if (fillRule) {
    const fillW = (d.right - d.minX) / (d.W - 2 * m)
    const fillH = (d.bottom - d.minY) / (d.H - 2 * m)
    if (Math.max(fillW, fillH) < 0.97) out.push(`fills only ${(100 * fillW).toFixed(1)}% x ${(100 * fillH).toFixed(1)}% of the margin box`)
  }
  return out
}

const ALIGNS: Align[] = ['bottom', 'center', 'top']
// the default fleet reference: its real length spans the margin box in side views, and it fits
// (so fills one side) wherever its silhouette is wider than that
const REFERENCE = 'airbus-a380-800'

describe('framing on the drawn pixels', () => {
  for (const plane of ['airbus-a220-100', 'airbus-a320-200', 'boeing-777-9', REFERENCE])
    test(`${plane}: every angle x align x scale none / fleet keeps margins, the safety line and the fill rule`, async () => {
      const bad: string[] = []
      for (const angle of ANGLES)
        for (const align of ALIGNS)
          for (const scale of ['none', 'fleet']) {
            const d = await drawn(plane, { angle, align, scale })
            const fillRule = scale === 'none' || (plane === REFERENCE && !['135', '225'].includes(angle))
            for (const p of problems(d, align, fillRule)) bad.push(`${angle} ${align} ${scale}: ${p}`)
          }
      expect(bad).toEqual([])
    }, 60_000)

  test('scale=absolute at every angle fills the width or, where that would cut, the height', async () => {
    const bad: string[] = []
    for (const plane of ['airbus-a220-100', REFERENCE])
      for (const angle of ANGLES) for (const p of problems(await drawn(plane, { angle, scale: 'absolute' }), 'center', true)) bad.push(`${plane} ${angle}: ${p}`)
    expect(bad).toEqual([])
  }, 60_000)

  const PITCH_ANGLES: Angle[] = ['90', '270', '45', '345']
  for (const plane of ['airbus-a321-200', 'airbus-a380-800', 'boeing-787-9', 'boeing-737-800'])
    test(`${plane}: pitch -45..45 at 90, 270, 45 and 345 shrinks only as much as the turned silhouette needs`, async () => {
      const bad: string[] = []
      let i = 0
      for (const angle of PITCH_ANGLES)
        for (const pitch of [-45, -30, -15, 15, 30, 45]) {
          const align = ALIGNS[i++ % 3]
          const d = await drawn(plane, { angle, pitch: String(pitch), align })
          for (const p of problems(d, align, true)) bad.push(`${angle} pitch ${pitch} ${align}: ${p}`)
        }
      expect(bad).toEqual([])
    }, 60_000)
})
