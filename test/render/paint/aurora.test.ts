import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import type { Mark } from '../../../src/catalog/types'
import { modelOf } from '../../../src/render/parts/model'
import { fuselageTexture } from '../../../src/render/paint/fuselage'
import { rgb, schemeOf } from '../../../src/render/paint/scheme'
import { plane } from '../helpers'

/**
 * Alaska's rear fuselage: separate aurora ribbons on white, not one block of colour. Read straight
 * from the fuselage texture in side coordinates, so the count does not depend on a view.
 */
const alaska = loadEmbeddedCatalog().airlines.find((a) => a.slug === 'alaska-airlines')
if (!alaska) throw new Error('no alaska-airlines in the catalog')
const aurora = alaska.livery.marks?.find((m: Mark) => m.shape === 'alaska-aurora')
const K = 8 // texels per metre

/** along one row of a side, from x0 to x1 metres: the colours (by index) of each ribbon met on white */
function bandsAlong(
  t: { w: number; h: number; data: Uint8ClampedArray },
  row: number,
  x0: number,
  x1: number,
  colours: number[][],
): number[] {
  const bands: number[] = []
  let onWhite = true
  let last = -1
  for (let col = Math.max(0, Math.round(x0 * K)); col < Math.min(t.w, x1 * K); col++) {
    const i = 4 * (row * t.w + col)
    const px = [t.data[i], t.data[i + 1], t.data[i + 2]]
    if (px.every((v) => v > 225)) onWhite = true
    const c = colours.findIndex((rc) => rc.every((v, j) => Math.abs(v - px[j]) < 12))
    // a band starts on two texels of one ribbon colour after white (an edge's blend is not a band),
    // and a window cut through a ribbon does not split it
    if (c >= 0 && c === last && onWhite) {
      bands.push(c)
      onWhite = false
    }
    last = c
  }
  return bands
}

describe('Alaska aurora ribbons on the rear fuselage', () => {
  test('the livery draws them as a mark and no longer as a tail-sweep fill', () => {
    expect(aurora).toBeDefined()
    expect(alaska.livery.cheatline.style).not.toBe('tail-sweep')
  })

  test.each(alaska.fleet)(
    '%s: several ribbons in the three colours, both sides, clear of the rear door',
    (slug) => {
      const model = modelOf(plane(slug), 'down')
      const t = fuselageTexture(model, schemeOf(alaska.livery), K)
      const colours = (aurora?.colors ?? []).map(rgb)
      const { L, H } = model.fus
      const x0 = model.fin.x0 - 1.5 * model.fin.rootChord
      const rearDoor = Math.max(...model.shape.doors) * L
      const kv = t.h / (2 * H)
      for (const y of [0.3, 0.85]) {
        // right rows run crown to belly from the middle up, left rows belly to crown from the middle down
        const rows = [Math.round(t.h / 2 - kv * y * H), Math.round(t.h / 2 + kv * y * H)]
        for (const row of rows) {
          const bands = bandsAlong(t, row, x0, L, colours)
          expect(bands.length).toBeGreaterThanOrEqual(3)
          expect(new Set(bands).size).toBe(3)
          // nothing of the ribbons at the rear door or aft of it
          expect(bandsAlong(t, row, rearDoor - 0.5, L, colours)).toEqual([])
        }
      }
    },
  )
})
