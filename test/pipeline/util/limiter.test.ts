import { describe, expect, test } from 'bun:test'
import { ApiError, ClientClosedError, OverloadError } from '../../../src/errors'
import { createLimiter } from '../../../src/pipeline/util/limiter'
import { singleFlight } from '../../../src/pipeline/util/single-flight'
import { ByteCache } from '../../../src/pipeline/sources/byte-cache'

const deferred = () => {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('bounded work', () => {
  test('runs at most `concurrency` jobs at once and queues the rest', async () => {
    const limiter = createLimiter({ concurrency: 2, queueMax: 10 })
    const gate = deferred()
    let peak = 0
    const jobs = Array.from({ length: 6 }, () =>
      limiter.run(async () => {
        peak = Math.max(peak, limiter.active)
        await gate.promise
      }),
    )
    await Bun.sleep(1)
    expect(limiter.active).toBe(2)
    expect(limiter.waiting).toBe(4)
    // jobs count as begun once they have a slot, not while they wait (warm-up reads this)
    expect(limiter.started).toBe(2)
    gate.resolve()
    await Promise.all(jobs)
    expect(peak).toBe(2)
    expect(limiter.active).toBe(0)
    expect(limiter.started).toBe(6)
  })
  test('answers 503 with Retry-After when the queue is full, never queueing without bound', async () => {
    const limiter = createLimiter({ concurrency: 1, queueMax: 1 })
    const gate = deferred()
    const running = limiter.run(() => gate.promise)
    const queued = limiter.run(() => 1)
    const refused = await limiter.run(() => 2).catch((e) => e)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused.status).toBe(503)
    expect(refused.headers['retry-after']).toBe('1')
    gate.resolve()
    await running
    expect(await queued).toBe(1)
  })
  test('answers 503 to a job that waited longer than maxWaitMs, and runs the rest', async () => {
    const limiter = createLimiter({ concurrency: 1, queueMax: 10, maxWaitMs: 30 })
    const gate = deferred()
    const running = limiter.run(() => gate.promise)
    const started = performance.now()
    const late = await limiter.run(() => 'never').catch((e) => e)
    expect(late).toBeInstanceOf(OverloadError)
    expect(late.status).toBe(503)
    expect(Number(late.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(performance.now() - started).toBeGreaterThanOrEqual(25)
    expect(limiter.waiting).toBe(0)
    gate.resolve()
    await running
    expect(await limiter.run(() => 'next')).toBe('next')
  })
  test('drops a queued job whose client went away, without running it', async () => {
    const limiter = createLimiter({ concurrency: 1, queueMax: 10 })
    const gate = deferred()
    const running = limiter.run(() => gate.promise)
    const client = new AbortController()
    let ran = false
    const queued = limiter.run(() => (ran = true), client.signal).catch((e) => e)
    await Bun.sleep(1)
    expect(limiter.waiting).toBe(1)
    client.abort()
    expect(await queued).toBeInstanceOf(ClientClosedError)
    expect(limiter.waiting).toBe(0)
    gate.resolve()
    await running
    expect(ran).toBe(false)
  })
  test('frees the slot when a job throws', async () => {
    const limiter = createLimiter({ concurrency: 1, queueMax: 0 })
    await limiter.run(() => Promise.reject(new Error('boom'))).catch(() => {})
    expect(await limiter.run(() => 'ok')).toBe('ok')
  })
})

describe('single flight', () => {
  test('shares one run between concurrent callers of the same key', async () => {
    const flights = singleFlight<number>()
    let runs = 0
    const work = async () => {
      runs++
      await Bun.sleep(5)
      return 42
    }
    const results = await Promise.all([
      flights.run('k', work),
      flights.run('k', work),
      flights.run('k', work),
    ])
    expect(results).toEqual([42, 42, 42])
    expect(runs).toBe(1)
    await flights.run('k', work)
    expect(runs).toBe(2)
  })
  test('aborts the shared work only when every caller has gone', async () => {
    const flights = singleFlight<string>()
    let workSignal!: AbortSignal
    const gate = deferred()
    const work = async (signal: AbortSignal) => {
      workSignal = signal
      await gate.promise
      return 'done'
    }
    const a = new AbortController()
    const b = new AbortController()
    const first = flights.run('k', work, a.signal)
    const second = flights.run('k', work, b.signal)
    a.abort()
    expect(workSignal.aborted).toBe(false)
    b.abort()
    expect(workSignal.aborted).toBe(true)
    gate.resolve()
    expect(await first).toBe('done')
    expect(await second).toBe('done')
  })
})

describe('byte-bounded cache', () => {
  const entry = (n: number) => ({ bytes: new Uint8Array(n) })
  test('evicts the least recently used entries past its byte bound', () => {
    const cache = new ByteCache(100)
    cache.set('a', entry(40))
    cache.set('b', entry(40))
    cache.get('a')
    cache.set('c', entry(40))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toBeDefined()
    expect(cache.get('c')).toBeDefined()
    expect(cache.bytes).toBe(80)
  })
  test('refuses an entry larger than the bound', () => {
    const cache = new ByteCache(10)
    cache.set('big', entry(11))
    expect(cache.size).toBe(0)
  })
})
