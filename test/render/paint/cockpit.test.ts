import { describe, expect, test } from 'bun:test'
import { airlineRecords } from '../../../src/catalog/airline-records'
import { modelOf } from '../../../src/render/parts/model'
import { closeup, plane } from '../helpers'

const ba = airlineRecords.find((a) => a.slug === 'british-airways')!.livery

/**
 * row-to-row roughness of luminance in a window on the windscreen's centre post at the crown (where the two
 * sides' front panes meet), in a close-up at the scale of 4096 px: mean |second difference| down
 * each column
 */
function crownRoughness(slug: string, at: number, angle: '345' | '0'): number {
  const p = plane(slug)
  const m = modelOf(p, 'down')
  const x = at * m.shape.nose.length
  const crown = m.fus.zBelly + m.fus.sideHeight(x, 1)
  const S = 64
  const { pixels: d } = closeup(p, ba, angle, [x, 0, crown - 0.02], S, S)
  const lum = (px: number, py: number) => {
    const i = (py * S + px) * 4
    return 0.3 * d[i] + 0.59 * d[i + 1] + 0.11 * d[i + 2]
  }
  let sum = 0,
    n = 0
  for (let y = S / 2 - 3; y <= S / 2 + 3; y++)
    for (let x0 = S / 2 - 2; x0 <= S / 2 + 2; x0++) {
      sum += Math.abs(lum(x0, y) - (lum(x0, y - 1) + lum(x0, y + 1)) / 2)
      n++
    }
  return sum / n
}

describe('cockpit windows up close', () => {
  // the two sides' front panes meet at a post painted at the crown, which the facets beside the
  // crown once smeared into a pale patch striped by texel columns (rough by 1.1 to 8.6 there): the
  // texture now follows the girth angle over the crown, and the post is clean paint (the columns on it)
  // (the middle of each front pane's edge at the crown, as a fraction of the nose length)
  for (const [slug, at] of [
    ['boeing-787-9', 0.245],
    ['boeing-737-800', 0.235],
    ['airbus-a330-900', 0.2575],
  ] as const)
    for (const angle of ['345', '0'] as const)
      test(`${slug} at ${angle}: the centre post is clean paint where the sides meet at the crown`, () => {
        expect(crownRoughness(slug, at, angle)).toBeLessThan(1)
      })
})
