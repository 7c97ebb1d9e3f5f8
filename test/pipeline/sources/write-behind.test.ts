import { describe, expect, test } from 'bun:test'
import { captureLogs } from '../../../src/log'
import { writeBehind } from '../../../src/pipeline/sources/write-behind'
import type { AssetStore } from '../../../src/store'
import { tempStore } from '../../support/app'

const json = new TextEncoder().encode('{"ok":true}')

describe('write-behind', () => {
  test('stores in the background and settles when every write is done', async () => {
    const store = tempStore()
    const writes = writeBehind(store)
    writes.put('a/one.json', json)
    writes.put('a/two.json', json)
    await writes.settled()
    expect(await store.list('a/')).toEqual(['a/one.json', 'a/two.json'])
  })
  test('logs a failed write instead of throwing', async () => {
    const failing = { put: () => Promise.reject(new Error('disk full')) } as unknown as AssetStore
    const writes = writeBehind(failing)
    const logs = captureLogs()
    try {
      writes.put('x.json', json)
      await writes.settled()
    } finally {
      logs.restore()
    }
    expect(logs.lines.some((l) => l.includes('disk full') && l.includes('"level":"warn"'))).toBe(
      true,
    )
  })
})

describe('write-behind over a guarded store', () => {
  test('leaves the logging of store faults to the guard: a full disk is one line, not one per image', async () => {
    const { guardStore } = await import('../../../src/store/guarded')
    const { faultyStore } = await import('../../store/faulty')
    const full = faultyStore()
    full.state.writeError = 'ENOSPC'
    const store = guardStore(full.store, { timeoutMs: 1000 })
    const writes = writeBehind(store)
    const logs = captureLogs()
    try {
      for (let i = 0; i < 10; i++) writes.put(`cache/${i}.json`, json)
      await writes.settled()
    } finally {
      logs.restore()
      store.close()
    }
    expect(logs.lines.filter((l) => l.includes('ENOSPC'))).toHaveLength(1)
    expect(store.condition().ok).toBe(false)
  })
})
