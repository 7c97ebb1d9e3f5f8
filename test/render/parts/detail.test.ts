import { describe, expect, test } from 'bun:test'
import { GEARS } from '../../../src/catalog/types'
import { render, type RenderSpec } from '../../../src/render'
import { LIGHT_UP_TO_PX, detailFor } from '../../../src/render/parts/detail'
import { modelOf } from '../../../src/render/parts/model'
import { LIVERIES, compare, plane, planes } from '../helpers'

const triangles = (slug: string, gear: 'up' | 'down', detail: 'full' | 'light') =>
  modelOf(plane(slug), gear, detail).mesh.idx.length / 3

describe('levels of detail', () => {
  test("the light cut has at most two thirds of the full cut's triangles, for every model and gear", () => {
    const heavy = planes.flatMap((p) =>
      GEARS.filter(
        (g) => triangles(p.slug, g, 'light') > (2 / 3) * triangles(p.slug, g, 'full'),
      ).map((g) => `${p.slug}/${g}`),
    )
    expect(heavy).toEqual([])
  })

  test('takes the light cut up to LIGHT_UP_TO_PX from nose to tail, the full cut beyond', () => {
    expect(detailFor(300)).toBe('light')
    expect(detailFor(LIGHT_UP_TO_PX)).toBe('light')
    expect(detailFor(LIGHT_UP_TO_PX + 1)).toBe('full')
    expect(detailFor(3800)).toBe('full')
  })

  test('a card-size picture is drawn with the light cut and an hd one with the full cut', () => {
    const at = (width: number): RenderSpec => ({
      plane: plane('airbus-a380-800'),
      livery: LIVERIES.navy,
      angle: '315',
      gear: 'down',
      width,
      height: (width * 9) / 16,
      marginPx: 20,
    })
    const same = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
      Buffer.from(a).equals(Buffer.from(b))
    const card = render(at(1024)).pixels.slice()
    expect(same(card, render({ ...at(1024), detail: 'light' }).pixels)).toBe(true)
    expect(same(card, render({ ...at(1024), detail: 'full' }).pixels)).toBe(false)
    const hd = render(at(1920)).pixels.slice()
    expect(same(hd, render({ ...at(1920), detail: 'full' }).pixels)).toBe(true)
  })

  // the largest picture the light cut draws must not show it: within the golden tolerance of the full cut
  for (const [slug, angle] of [
    ['airbus-a380-800', '45'],
    ['boeing-747-8i', '345'],
    ['boeing-737-800', '135'],
    ['boeing-777-300er', '270'],
  ] as const)
    test(`${slug} at ${angle} looks the same in both cuts at the largest light size`, () => {
      const p = plane(slug)
      // fitted to LIGHT_UP_TO_PX wide: about as large as the light cut is ever drawn
      const spec: RenderSpec = {
        plane: p,
        livery: LIVERIES.navy,
        angle,
        gear: 'down',
        width: LIGHT_UP_TO_PX,
        height: (LIGHT_UP_TO_PX * 9) / 16,
      }
      const full = render({ ...spec, detail: 'full' }).pixels.slice()
      const light = render({ ...spec, detail: 'light' }).pixels
      const { mean, offShare } = compare(full, light)
      expect(mean).toBeLessThan(0.5)
      expect(offShare).toBeLessThan(0.004)
    })
})
