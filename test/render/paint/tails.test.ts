import { describe, expect, test } from 'bun:test'
import { airlineRecords } from '../../../src/catalog/airline-records'
import type { LiveryDesign } from '../../../src/catalog/types'
import { DISTINCT, DISTINCT_345, difference, nearIdentical, tail } from './tail-measure'

/**
 * The near-identical measure of tails (tail-measure.ts) sees what it must: every-livery.test.ts
 * holds every two airlines of the catalog apart with it, at 90 and at 345.
 */
const airlines = airlineRecords
const lh = airlines.find((a) => a.slug === 'lufthansa')!
const withTail = (tailPatch: Partial<LiveryDesign['tail']>): LiveryDesign => ({
  ...lh.livery,
  tail: { ...lh.livery.tail, ...tailPatch },
})

describe('tails', () => {
  test('the measure notices a changed emblem alone, side-on', () => {
    const swapped = withTail({ emblems: [{ shape: 'cross', colors: ['#FFFFFF'], size: 0.5 }] })
    expect(difference(tail(lh.livery, '90'), tail(swapped, '90'))).toBeGreaterThan(DISTINCT / 4)
  })

  test('at 345 it notices another base colour, and a tail drawn the same is near-identical', () => {
    const red = withTail({ base: '#C8102E' })
    expect(difference(tail(lh.livery, '345'), tail(red, '345'))).toBeGreaterThan(DISTINCT_345 * 4)
    // a record copied under another name and left unpainted: caught at both angles
    const copy = { ...lh.livery, titles: { ...lh.livery.titles, text: 'Copy Air' } }
    for (const angle of ['90', '345'] as const)
      expect(
        nearIdentical(
          ['lufthansa', 'copy-air'],
          [tail(lh.livery, angle), tail(copy, angle)],
          angle === '90' ? DISTINCT : DISTINCT_345,
        ),
      ).toEqual([expect.stringMatching(/^lufthansa ~ copy-air /)])
  })
})
