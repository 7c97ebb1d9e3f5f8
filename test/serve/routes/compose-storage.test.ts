/** Where compositions are kept: keyed ones in the store under their own prefix and budget, unkeyed ones in memory only. */
import { describe, expect, test } from 'bun:test'
import { makeApp, tempStore, withKey } from '../../support/app'

const composition = (n: number) =>
  `/v1/images/plane?plane=a320&airline=lufthansa&angle=345&pitch=${n}&resolution=thumb`

describe('composition storage', () => {
  test('stores a keyed composition under composed/, beside the pre-rendered assets', async () => {
    const store = tempStore()
    const { request, parts } = await makeApp({}, { store })
    const res = await request(composition(3), withKey())
    expect(res.status).toBe(200)
    expect(res.headers.get('x-cache')).toBe('composed')
    await parts.writes.settled()
    const composed = await store.list('composed/')
    expect(composed).toHaveLength(1)
    expect(composed[0]).toMatch(/^composed\/cache\/[0-9a-f]{32}\.png$/)
    expect((await store.list('assets/')).some((k) => k.includes('/cache/'))).toBe(false)
  })

  test('writes nothing to the store for a composition asked without a key', async () => {
    const store = tempStore()
    const { request, parts } = await makeApp({}, { store })
    await parts.writes.settled()
    const before = await store.list('')
    for (const n of [1, 2, 4]) {
      const res = await request(composition(n))
      expect(res.status).toBe(200)
      expect(res.headers.get('x-image-source')).toBe('watermark-overlay')
    }
    await parts.writes.settled()
    expect(await store.list('')).toEqual(before)
    // and it is still cached in memory: the same composition (another URL, so not the response memo) is not composed again
    const again = await request(`${composition(1)}&x=1`)
    expect(again.headers.get('x-cache')).toBe('memory')
  })

  test('keeps compositions within COMPOSE_STORE_MAX_BYTES, evicting the least recently used', async () => {
    const store = tempStore()
    const first = await makeApp({}, { store })
    await first.request(composition(5), withKey())
    await first.parts.writes.settled()
    const [{ size }] = await store.inventory('composed/')
    const budget = Math.round(size * 2.5) // room for two of these
    const { request, parts } = await makeApp({ COMPOSE_STORE_MAX_BYTES: String(budget) }, { store })
    for (const n of [6, 7, 8, 9])
      expect((await request(composition(n), withKey())).status).toBe(200)
    await parts.writes.settled()
    const held = await store.inventory('composed/')
    expect(held.length).toBeGreaterThan(0)
    expect(held.reduce((sum, o) => sum + o.size, 0)).toBeLessThanOrEqual(budget)
  })

  test('leaves pre-rendered assets out of the budget', async () => {
    const store = tempStore()
    const { request, parts } = await makeApp({ COMPOSE_STORE_MAX_BYTES: '0' }, { store })
    expect((await request('/v1/images/plane?plane=a321&angle=90', withKey())).status).toBe(200)
    expect((await request(composition(2), withKey())).status).toBe(200)
    await parts.writes.settled()
    expect(await store.list('composed/')).toEqual([])
    expect((await store.list('assets/')).filter((k) => k.includes('airbus-a321'))).toHaveLength(1)
  })
})
