import { describe, expect, test } from 'bun:test'
import { checkStoreAtStart } from '../../src/store/start-check'
import type { AssetStore } from '../../src/store'
import { tempStore } from '../support/app'

const failing = (error: unknown, on: 'get' | 'put' = 'put'): AssetStore => {
  const store = tempStore()
  return Object.assign(Object.create(store), {
    get: on === 'get' ? () => Promise.reject(error) : store.get.bind(store),
    put: on === 'put' ? () => Promise.reject(error) : store.put.bind(store),
  })
}
const errno = (code: string) => Object.assign(new Error(code), { code, path: '/x' })

describe('the store checked at start', () => {
  test('passes a healthy store and leaves its probe readable', async () => {
    const store = tempStore()
    await checkStoreAtStart(store, 1000)
    expect(await store.get('health/start-probe.txt')).not.toBeNull()
  })
  test.each(['ENOTDIR', 'EACCES', 'ENOENT'])(
    'stops a server on a store folder that fails with %s',
    async (code) => {
      await expect(checkStoreAtStart(failing(errno(code)), 1000)).rejects.toThrow(code)
    },
  )
  test('stops a server on an S3 endpoint that refuses connections', async () => {
    await expect(
      checkStoreAtStart(
        failing(Object.assign(new Error('refused'), { code: 'ConnectionRefused' }), 'get'),
        1000,
      ),
    ).rejects.toThrow('refused')
  })
  test.each(['ENOSPC', 'EROFS'])(
    'lets a server start on a store that is only unwell (%s)',
    async (code) => {
      await checkStoreAtStart(failing(errno(code)), 1000)
    },
  )
  test('lets a server start on a frozen store, after the timeout', async () => {
    const frozen = Object.assign(Object.create(tempStore()), {
      get: () => new Promise(() => {}),
    }) as AssetStore
    const started = performance.now()
    await checkStoreAtStart(frozen, 100)
    expect(performance.now() - started).toBeLessThan(1000)
  })
  test('stops a bake on a store that cannot take writes, whatever the reason', async () => {
    await expect(checkStoreAtStart(failing(errno('ENOSPC')), 1000, false)).rejects.toThrow('ENOSPC')
  })
})
