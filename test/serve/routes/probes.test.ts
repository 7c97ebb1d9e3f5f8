import { describe, expect, test } from 'bun:test'
import type { AssetStore } from '../../../src/store/types'
import { makeApp, tempStore } from '../../support/app'
import { faultyStore } from '../../store/faulty'

/** a store that counts every call made to it */
function countingStore(inner: AssetStore = tempStore()) {
  const counter = { calls: 0 }
  const counted =
    <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
    (...a: A) => {
      counter.calls++
      return f(...a)
    }
  const store: AssetStore = {
    kind: inner.kind,
    description: inner.description,
    get: counted((k) => inner.get(k)),
    has: counted((k) => inner.has(k)),
    put: counted((k, b) => inner.put(k, b)),
    list: counted((p) => inner.list(p)),
    inventory: counted((p) => inner.inventory(p)),
    delete: counted((k) => inner.delete(k)),
    health: counted(() => inner.health()),
  }
  return { store, counter }
}

describe('health probes for orchestrators', () => {
  test('live answers 200 while the process runs, whatever the store does', async () => {
    const { store, state } = faultyStore()
    const { request } = await makeApp({ STORE_TIMEOUT_MS: '100' }, { store })
    state.frozen = true
    const res = await request('/v1/health/live')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('ready is 503 while the renderer warms, 200 once it is warm', async () => {
    const { request, parts } = await makeApp()
    const warming = await request('/v1/health/ready')
    expect(warming.status).toBe(503)
    expect(((await warming.json()) as any).renderer).toBe('warming')
    parts.warm.ready = true
    const ready = await request('/v1/health/ready')
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ready', store: 'ok', renderer: 'ready' })
  })

  test('ready is 503 with the reason when the store stops answering within its timeout', async () => {
    const { store, state } = faultyStore()
    const { request, parts } = await makeApp({ STORE_TIMEOUT_MS: '300' }, { store })
    parts.warm.ready = true
    const before = await request('/v1/health/ready')
    expect(await before.json()).toEqual({ status: 'ready', store: 'ok', renderer: 'ready' })
    state.frozen = true
    await parts.store.probe() // the background probe's next round
    const res = await request('/v1/health/ready')
    expect(res.status).toBe(503)
    expect(((await res.json()) as any).store).toContain('timed out')
  })

  test('a store that answers but refuses writes keeps the instance ready, and says why', async () => {
    const { store, state } = faultyStore()
    const { request, parts } = await makeApp({ STORE_TIMEOUT_MS: '1000' }, { store })
    parts.warm.ready = true
    state.writeError = 'ENOSPC'
    await parts.store.put('probe-test/x.json', new TextEncoder().encode('{}')).catch(() => {})
    const res = await request('/v1/health/ready')
    expect(res.status).toBe(200)
    expect(((await res.json()) as any).store).toContain('ENOSPC')
  })

  test('20 probes cost no store call', async () => {
    const { store, counter } = countingStore()
    const { request, parts } = await makeApp({}, { store })
    parts.warm.ready = true
    await Bun.sleep(50) // the guard's first background probe
    const before = counter.calls
    for (let i = 0; i < 20; i++) {
      expect((await request(i % 2 ? '/v1/health/ready' : '/v1/health/live')).status).toBe(200)
      expect((await request('/v1/health')).status).toBe(200)
    }
    expect(counter.calls).toBe(before)
  })
})
