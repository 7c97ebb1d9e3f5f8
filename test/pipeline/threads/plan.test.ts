/** Which thread does what for a picture (src/pipeline/threads/plan.ts): a pure function of size, threads and queue. */
import { describe, expect, test } from 'bun:test'
import { PNG_BANDS_PIXELS, planPicture, type PlanInput } from '../../../src/pipeline/threads/plan'

const CARD = 1024 * 576
const THUMB = 512 * 288
const plan = (over: Partial<PlanInput>) =>
  planPicture({
    pixels: CARD,
    pending: [0, 0],
    callerFree: true,
    prepared: false,
    cores: 4,
    ...over,
  })

describe('planning a picture', () => {
  test('without render threads the calling thread does everything', () => {
    expect(plan({ pending: [] })).toEqual({
      prepare: 'caller',
      underlay: 'caller',
      bands: ['caller'],
      png: ['caller'],
      finish: 'caller',
    })
  })

  test('when nothing waits, the caller prepares and draws the first band while the first thread paints the background', () => {
    const p = plan({ pending: [0, 0, 0] })
    expect(p.prepare).toBe('caller')
    expect(p.underlay).toBe(0)
    expect(p.bands).toEqual(['caller', 1, 2])
  })

  test('when compositions wait, the caller does nothing: the first thread prepares, the last paints, all draw', () => {
    const p = plan({ pending: [0, 0, 0], callerFree: false })
    expect(p).toMatchObject({ prepare: 0, underlay: 2, bands: [0, 1, 2] })
  })

  test('textures and geometry the caller brought are drawn from, not made again', () => {
    expect(plan({ prepared: true }).prepare).toBe('given')
    expect(plan({ prepared: true, callerFree: false }).prepare).toBe('given')
  })

  test('a PNG is encoded in bands from card up, one on the caller and one per other core', () => {
    expect(CARD).toBeGreaterThanOrEqual(PNG_BANDS_PIXELS)
    expect(plan({ pixels: THUMB }).png).toEqual(['caller'])
    expect(plan({}).png).toEqual(['caller', 0, 1])
    expect(plan({ cores: 2 }).png).toEqual(['caller', 0])
    expect(plan({ cores: 1 }).png).toEqual(['caller'])
  })

  test('a waiting composition is finished on the thread with the fewest jobs in flight', () => {
    expect(plan({ pending: [2, 1, 1] }).finish).toBe(1)
    expect(plan({ pending: [0, 3] }).finish).toBe(0)
  })
})
