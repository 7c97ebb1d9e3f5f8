import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ConfigError } from '../../src/config'
import {
  createClientLimiter,
  DEFAULT_ANON_RATE,
  parseRate,
  type Rate,
} from '../../src/serve/client-limit'

const clock = (start = 0) => {
  const c = { t: start, now: () => c.t, advance: (seconds: number) => void (c.t += seconds * 1000) }
  return c
}
const takeN = (limiter: ReturnType<typeof createClientLimiter>, client: string, n: number) =>
  Array.from({ length: n }, () => limiter.take(client)).filter((r) => r.ok).length

describe('parseRate', () => {
  const fallback: Rate = { perSecond: 7, burst: 9 }
  test('unset or blank gives the fallback, which may be null', () => {
    expect(parseRate('ANON_RATE_LIMIT', undefined, fallback)).toBe(fallback)
    expect(parseRate('ANON_RATE_LIMIT', '  ', fallback)).toBe(fallback)
    expect(parseRate('KEY_RATE_LIMIT', '', null)).toBeNull()
  })
  test.each(['off', 'OFF', ' off ', '0', '0.0'])('%p turns the limit off', (raw) => {
    expect(parseRate('ANON_RATE_LIMIT', raw, fallback)).toBeNull()
  })
  test.each([
    ['20', { perSecond: 20, burst: 40 }],
    ['2', { perSecond: 2, burst: 10 }],
    ['0.5', { perSecond: 0.5, burst: 10 }],
    ['7.2', { perSecond: 7.2, burst: 15 }],
    ['20/40', { perSecond: 20, burst: 40 }],
    [' 20/1 ', { perSecond: 20, burst: 1 }],
    ['1000000', { perSecond: 1_000_000, burst: 2_000_000 }],
  ])('reads %p', (raw, rate) => {
    expect(parseRate('ANON_RATE_LIMIT', raw, null)).toEqual(rate)
  })
  test.each([
    '-5',
    'abc',
    '20/0',
    '20/',
    '/40',
    '0/40',
    '20/40/60',
    '20/1.5',
    '1e3',
    '1000001',
    '0.0001',
    '20 / 40',
    'on',
    '20/99999999',
  ])('stops with a ConfigError naming the variable for %p', (raw) => {
    expect(() => parseRate('KEY_RATE_LIMIT', raw, null)).toThrow(ConfigError)
    expect(() => parseRate('KEY_RATE_LIMIT', raw, null)).toThrow(/KEY_RATE_LIMIT/)
  })
  test('the anonymous default lets a page of three dozen images load at once', () => {
    const limiter = createClientLimiter(DEFAULT_ANON_RATE, { now: clock().now })
    expect(takeN(limiter, '203.0.113.9', 36)).toBe(36)
  })
})

describe('client limiter', () => {
  test('admits a burst, then refuses with the whole seconds until the next token', () => {
    const c = clock()
    const limiter = createClientLimiter({ perSecond: 0.1, burst: 3 }, { now: c.now })
    expect(takeN(limiter, 'a', 3)).toBe(3)
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 })
    c.advance(4)
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 6 })
    c.advance(5.5)
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 })
    c.advance(0.5)
    expect(limiter.take('a').ok).toBe(true)
  })
  test('a token due exactly when Retry-After said is given, though the float sum falls a hair short', () => {
    const c = clock()
    const limiter = createClientLimiter({ perSecond: 0.1, burst: 2 }, { now: c.now })
    expect(limiter.take('a').ok).toBe(true)
    c.advance(1.3)
    expect(limiter.take('a').ok).toBe(true) // 0.13 left
    c.advance(1.7)
    const refused = limiter.take('a') // 0.13 + 0.17 is 0.29999999999999993 in floats
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 7 })
    c.advance(7)
    expect(limiter.take('a').ok).toBe(true)
  })
  test('refills continuously and keeps clients apart', () => {
    const c = clock(5000)
    const limiter = createClientLimiter({ perSecond: 20, burst: 2 }, { now: c.now })
    expect(takeN(limiter, 'a', 5)).toBe(2)
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 })
    expect(takeN(limiter, 'b', 2)).toBe(2)
    c.advance(0.05)
    expect(takeN(limiter, 'a', 5)).toBe(1)
    c.advance(10)
    expect(takeN(limiter, 'a', 5)).toBe(2)
  })
  test('a clock stepping back refills nothing', () => {
    const c = clock(10_000)
    const limiter = createClientLimiter({ perSecond: 1, burst: 1 }, { now: c.now })
    expect(takeN(limiter, 'a', 2)).toBe(1)
    c.advance(-5)
    expect(limiter.take('a').ok).toBe(false)
    c.advance(5.5)
    expect(limiter.take('a').ok).toBe(false)
    c.advance(0.5)
    expect(limiter.take('a').ok).toBe(true)
  })
  test('drops buckets that have refilled, so idle clients hold no memory', () => {
    const c = clock()
    const limiter = createClientLimiter({ perSecond: 10, burst: 10 }, { now: c.now })
    for (let i = 0; i < 50; i++) limiter.take(`client-${i}`)
    expect(limiter.size).toBe(50)
    c.advance(2)
    for (let i = 0; i < 30; i++) limiter.take('busy')
    expect(limiter.size).toBe(1)
  })
  test('at the bound a full bucket is dropped before the older one that still limits its client', () => {
    const c = clock()
    const limiter = createClientLimiter({ perSecond: 1, burst: 2 }, { now: c.now, maxClients: 4 })
    expect(takeN(limiter, 'a', 2)).toBe(2) // empty, full again at 2 s
    c.advance(0.5)
    limiter.take('b') // full again at 1.5 s
    takeN(limiter, 'c', 2)
    takeN(limiter, 'd', 2)
    c.advance(1.1)
    limiter.take('e')
    expect(limiter.size).toBe(4)
    // a kept its state: 1.6 tokens, so one more request and not two
    expect(takeN(limiter, 'a', 2)).toBe(1)
  })
  test('past the bound the least recently touched go, and the count never exceeds it', () => {
    const c = clock()
    const limiter = createClientLimiter({ perSecond: 1, burst: 1 }, { now: c.now, maxClients: 8 })
    for (let i = 0; i < 100; i++) {
      limiter.take(`flood-${i}`)
      expect(limiter.size).toBeLessThanOrEqual(8)
    }
    // the newest clients kept their (empty) buckets
    expect(limiter.take('flood-99').ok).toBe(false)
  })
  test('rejects a rate it cannot enforce', () => {
    expect(() => createClientLimiter({ perSecond: 0, burst: 5 })).toThrow(RangeError)
    expect(() => createClientLimiter({ perSecond: 5, burst: 0.5 })).toThrow(RangeError)
  })
})

describe('client limiter properties', () => {
  const rate = fc.record({
    perSecond: fc.constantFrom(0.5, 1, 3, 7.5, 20, 100),
    burst: fc.integer({ min: 1, max: 40 }),
  })
  const gaps = fc.array(
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 3000 })),
    { minLength: 1, maxLength: 150 },
  )

  test('never admits more than burst + rate * t over any t seconds', () => {
    fc.assert(
      fc.property(rate, gaps, (r, steps) => {
        const c = clock()
        const limiter = createClientLimiter(r, { now: c.now })
        const admittedAt: number[] = []
        for (const gap of steps) {
          c.t += gap
          if (limiter.take('x').ok) admittedAt.push(c.t)
        }
        for (let i = 0; i < admittedAt.length; i++)
          for (let j = i; j < admittedAt.length; j++) {
            const seconds = (admittedAt[j] - admittedAt[i]) / 1000
            expect(j - i + 1).toBeLessThanOrEqual(r.burst + r.perSecond * seconds + 1e-6)
          }
      }),
      { numRuns: 300 },
    )
  })
  test('a request made Retry-After seconds later is admitted', () => {
    fc.assert(
      fc.property(rate, gaps, (r, steps) => {
        const c = clock()
        const limiter = createClientLimiter(r, { now: c.now })
        for (const gap of steps) {
          c.t += gap
          const result = limiter.take('x')
          if (!result.ok) {
            expect(
              Number.isInteger(result.retryAfterSeconds) && result.retryAfterSeconds >= 1,
            ).toBe(true)
            c.advance(result.retryAfterSeconds)
            expect(limiter.take('x').ok).toBe(true)
          }
        }
      }),
      { numRuns: 300 },
    )
  })
  test('holds at most maxClients buckets whatever the clients', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.nat(400)), { maxLength: 300 }),
        (max, takes) => {
          const c = clock()
          const limiter = createClientLimiter(
            { perSecond: 2, burst: 3 },
            { now: c.now, maxClients: max },
          )
          for (const [client, gap] of takes) {
            c.t += gap
            limiter.take(String(client))
            expect(limiter.size).toBeLessThanOrEqual(max)
          }
        },
      ),
    )
  })
})
