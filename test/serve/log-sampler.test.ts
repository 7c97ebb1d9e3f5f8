import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createLogSampler, MAX_KINDS, OVERFLOW_KIND } from '../../src/serve/log-sampler'

const clock = () => {
  const c = { t: 1000, now: () => c.t }
  return c
}
const admitN = (sampler: ReturnType<typeof createLogSampler>, kind: string, n: number) =>
  Array.from({ length: n }, () => sampler.admit(kind)).filter(Boolean).length

describe('log sampler', () => {
  test('admits perSecond lines per kind per second and counts the rest', () => {
    const c = clock()
    const sampler = createLogSampler({ perSecond: 3, now: c.now })
    expect(admitN(sampler, '4xx', 10)).toBe(3)
    expect(admitN(sampler, '2xx', 4)).toBe(3)
    expect(sampler.suppressed()).toEqual({ '4xx': 7, '2xx': 1 })
    expect(sampler.suppressed()).toEqual({})
    c.t += 999
    expect(sampler.admit('4xx')).toBe(false)
    c.t += 1
    expect(admitN(sampler, '4xx', 5)).toBe(3)
    expect(sampler.suppressed()).toEqual({ '4xx': 3 })
  })
  test('server errors are always written and never counted', () => {
    const sampler = createLogSampler({ perSecond: 1, now: clock().now })
    expect(admitN(sampler, '5xx', 500)).toBe(500)
    expect(sampler.suppressed()).toEqual({})
  })
  test('the caller may choose what is always written, and 0 writes only that', () => {
    const sampler = createLogSampler({
      perSecond: 0,
      now: clock().now,
      always: (kind) => kind === '500',
    })
    expect(admitN(sampler, '500', 5)).toBe(5)
    expect(admitN(sampler, '5xx', 5)).toBe(0)
    expect(admitN(sampler, '429', 2)).toBe(0)
    expect(sampler.suppressed()).toEqual({ '5xx': 5, '429': 2 })
  })
  test('odd kinds past the bound share one count', () => {
    const sampler = createLogSampler({ perSecond: 1, now: clock().now })
    for (let i = 0; i < MAX_KINDS + 50; i++) sampler.admit(`kind-${i}`)
    for (let i = 0; i < MAX_KINDS + 50; i++) sampler.admit(`kind-${i}`)
    const held = sampler.suppressed()
    expect(Object.keys(held).length).toBe(MAX_KINDS + 1)
    expect(held[OVERFLOW_KIND]).toBe(2 * 50 - 1)
    expect(held['kind-0']).toBe(1)
  })
  test('rejects a rate that is no rate', () => {
    expect(() => createLogSampler({ perSecond: -1 })).toThrow(RangeError)
    expect(() => createLogSampler({ perSecond: Number.NaN })).toThrow(RangeError)
  })
  test('every line is either written or counted, and no second holds more than perSecond of a kind', () => {
    const kinds = ['2xx', '4xx', '429', '5xx']
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.array(fc.tuple(fc.constantFrom(...kinds), fc.nat(700)), { maxLength: 300 }),
        (perSecond, lines) => {
          const c = clock()
          const sampler = createLogSampler({ perSecond, now: c.now })
          const written: Record<string, number[]> = {}
          let refused = 0
          for (const [kind, gap] of lines) {
            c.t += gap
            if (sampler.admit(kind)) (written[kind] ??= []).push(c.t)
            else refused++
          }
          const held = sampler.suppressed()
          expect(Object.values(held).reduce((a, b) => a + b, 0)).toBe(refused)
          expect(held['5xx']).toBeUndefined()
          for (const kind of kinds.filter((k) => k !== '5xx')) {
            const times = written[kind] ?? []
            // one-second windows of at most perSecond each: 2 * perSecond + 1 lines of a kind span at least a second
            for (let i = 2 * perSecond; i < times.length; i++)
              expect(times[i] - times[i - 2 * perSecond]).toBeGreaterThanOrEqual(1000)
          }
        },
      ),
    )
  })
})
