import { describe, expect, test } from 'bun:test'
import { captureLogs } from '../../src/log'
import { guardStore } from '../../src/store/guarded'
import type { AssetStore } from '../../src/store/types'
import { tempStore } from '../support/app'
import { faultyStore } from './faulty'
import { KEY, png } from './fixtures'

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T | Error; ms: number }> {
  const start = performance.now()
  const value = await fn().catch((e: Error) => e)
  return { value, ms: performance.now() - start }
}

describe('guarded store', () => {
  test('answers a read of a hanging store as a miss within the timeout, and a write as a failure', async () => {
    const { store: faulty, state } = faultyStore()
    await faulty.put(KEY, png())
    const store = guardStore(faulty, { timeoutMs: 150 })
    expect(await store.get(KEY)).not.toBeNull()
    state.frozen = true
    const read = await timed(() => store.get(KEY))
    expect(read.value).toBeNull()
    expect(read.ms).toBeLessThan(400)
    const write = await timed(() => store.put(KEY, png(2)))
    expect(write.value).toBeInstanceOf(Error)
    expect(write.ms).toBeLessThan(400)
    store.close()
  })

  test('fails at once for a while after a timeout, instead of waiting again on every call', async () => {
    const { store: faulty, state } = faultyStore()
    const store = guardStore(faulty, { timeoutMs: 150, cooldownMs: 10_000 })
    state.frozen = true
    await store.get(KEY)
    const again = await timed(() => store.get(KEY))
    expect(again.value).toBeNull()
    expect(again.ms).toBeLessThan(50)
    store.close()
  })

  test('reports degraded at once, without calling the store, while calls time out', async () => {
    const { store: faulty, state } = faultyStore()
    const store = guardStore(faulty, { timeoutMs: 100 })
    state.frozen = true
    await store.get(KEY)
    const health = await timed(() => store.health())
    expect(health.ms).toBeLessThan(20)
    expect(health.value).toEqual({ ok: false, detail: expect.stringContaining('timed out') })
    store.close()
  })

  test('reports degraded with the reason when writes fail with a full disk, and recovers on a good write', async () => {
    const { store: faulty, state } = faultyStore()
    const store = guardStore(faulty, { timeoutMs: 1000 })
    state.writeError = 'ENOSPC'
    await expect(store.put(KEY, png())).rejects.toThrow('ENOSPC')
    expect(store.condition()).toEqual({ ok: false, reasons: ['write: disk full (ENOSPC)'] })
    state.writeError = null
    await store.put(KEY, png())
    expect(store.condition()).toEqual({ ok: true, reasons: [] })
    store.close()
  })

  test('names a read-only store in its reasons', async () => {
    const { store: faulty, state } = faultyStore()
    const store = guardStore(faulty, { timeoutMs: 1000 })
    state.writeError = 'EROFS'
    await store.put(KEY, png()).catch(() => {})
    expect(store.condition().reasons).toEqual(['write: read-only file system (EROFS)'])
    store.close()
  })

  test('logs a run of the same fault once per interval, not once per call', async () => {
    const { store: faulty, state } = faultyStore()
    const store = guardStore(faulty, { timeoutMs: 1000 })
    state.writeError = 'ENOSPC'
    const logs = captureLogs()
    try {
      for (let i = 0; i < 20; i++) await store.put(`cache/${i}.png`, png()).catch(() => {})
    } finally {
      logs.restore()
    }
    const faults = logs.lines.filter((l) => l.includes('ENOSPC'))
    expect(faults.length).toBe(1)
    expect(faults[0]).not.toContain('cache/') // the reason, never a key per request
    store.close()
  })

  test('takes an unhealthy probe of the backend into its condition', async () => {
    const broken: AssetStore = {
      ...faultyStore().store,
      health: async () => ({ ok: false, detail: '/srv: EACCES' }),
    }
    const store = guardStore(broken, { timeoutMs: 500 })
    await store.probe()
    expect(store.condition()).toEqual({ ok: false, reasons: ['probe: /srv: EACCES'] })
    store.close()
  })

  test('lets a refused key through as an error and not as a store fault', async () => {
    const store = guardStore(tempStore(), { timeoutMs: 500 })
    await expect(store.get('../escape.png')).rejects.toThrow('invalid store key')
    expect(store.condition().ok).toBe(true)
    store.close()
  })
})
