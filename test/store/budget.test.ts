/** The composition budget on both backends: a real folder and a real S3 server (s3rver). */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import S3rver from 's3rver'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { budgetedStore } from '../../src/store/budget'
import { LocalStore } from '../../src/store/local'
import { S3Store } from '../../src/store/s3'
import type { AssetStore } from '../../src/store/types'
import { png } from './fixtures'
import { closeS3rver } from '../deploy/support/s3rver'

const dirs: string[] = []
let server: S3rver
let s3env: Record<string, string>
const BUCKET = 'budget-test'
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 's3rver-budget-'))
  dirs.push(dir)
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await server.run()
  s3env = {
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
  }
})
afterAll(async () => {
  await closeS3rver(server)
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

let run = 0
const backends: [string, () => Promise<AssetStore>][] = [
  [
    'local',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'budget-'))
      dirs.push(dir)
      return new LocalStore(dir)
    },
  ],
  ['s3', async () => new S3Store(`s3://${BUCKET}/run-${++run}`, s3env)],
]

// Distinct images of one size, so a budget can be stated in images.
const images = Array.from({ length: 8 }, (_, i) => png(i * 30))
const size = images[0].byteLength
const sameSize = images.every((b) => b.byteLength === size)

for (const [name, make] of backends) {
  describe(`composition budget on the ${name} backend`, () => {
    test('never holds more than its budget, however many compositions are put', async () => {
      expect(sameSize).toBe(true)
      const backend = await make()
      const store = budgetedStore(backend, { maxBytes: size * 3 })
      for (let i = 0; i < images.length; i++) await store.put(`cache/${i}.png`, images[i])
      const held = (await backend.inventory('')).reduce((sum, o) => sum + o.size, 0)
      expect(held).toBeLessThanOrEqual(size * 3)
      expect(await backend.list('')).toEqual(['cache/5.png', 'cache/6.png', 'cache/7.png'])
    })

    test('evicts the least recently used first: a read keeps an old composition', async () => {
      const backend = await make()
      const store = budgetedStore(backend, { maxBytes: size * 3 })
      for (const i of [0, 1, 2]) await store.put(`cache/${i}.png`, images[i])
      expect(await store.get('cache/0.png')).not.toBeNull() // 0 is now the most recent
      await store.put('cache/3.png', images[3])
      expect(await backend.list('')).toEqual(['cache/0.png', 'cache/2.png', 'cache/3.png'])
      await store.get('cache/2.png')
      await store.put('cache/4.png', images[4])
      expect(await backend.list('')).toEqual(['cache/2.png', 'cache/3.png', 'cache/4.png'])
    })

    test('starts from what the store already holds, oldest written evicted first', async () => {
      const backend = await make()
      for (const i of [0, 1, 2]) {
        await backend.put(`cache/${i}.png`, images[i])
        await Bun.sleep(1100) // write times a second apart (S3 keeps seconds)
      }
      const store = budgetedStore(backend, { maxBytes: size * 3 })
      expect(await store.heldBytes()).toBe(size * 3)
      await store.put('cache/3.png', images[3])
      expect(await backend.list('')).toEqual(['cache/1.png', 'cache/2.png', 'cache/3.png'])
    })

    test('keeps the budget across processes sharing the store, by re-reading the inventory', async () => {
      const backend = await make()
      const a = budgetedStore(backend, { maxBytes: size * 4, resyncMs: 0 })
      const b = budgetedStore(backend, { maxBytes: size * 4, resyncMs: 0 })
      for (let i = 0; i < 8; i++) await (i % 2 ? b : a).put(`cache/${i}.png`, images[i])
      const held = (await backend.inventory('')).reduce((sum, o) => sum + o.size, 0)
      expect(held).toBeLessThanOrEqual(size * 4)
    })

    test('stores nothing larger than the whole budget, and nothing at all with a budget of 0', async () => {
      const backend = await make()
      await budgetedStore(backend, { maxBytes: size - 1 }).put('cache/big.png', images[0])
      await budgetedStore(backend, { maxBytes: 0 }).put('cache/none.png', images[1])
      expect(await backend.list('')).toEqual([])
    })
  })
}
