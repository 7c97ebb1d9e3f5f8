/** Per-client limits at the front door (src/serve/edge.ts): by address without a key, by key with one. */
import { describe, expect, test } from 'bun:test'
import { captureLogs } from '../../src/log'
import { KEYS, makeApp, withKey } from '../support/app'

const IMAGE = '/v1/images/plane?plane=a320'
/** a cheap answer (401 without a key), so that counts do not depend on how long a render takes */
const CHEAP = '/v1/catalog/planes'

describe('requests without a key', () => {
  test('are limited per client address: 429 with Retry-After past the burst, other addresses unaffected', async () => {
    // a token a thousand seconds: nothing refills while the test runs, however slow the machine
    const { request } = await makeApp({ ANON_RATE_LIMIT: '0.001/5' })
    const statuses = []
    for (let i = 0; i < 7; i++)
      statuses.push((await request(i === 0 ? IMAGE : CHEAP, {}, '198.51.100.1')).status)
    expect(statuses.slice(0, 5)).toEqual([200, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429])
    const refused = await request(IMAGE, {}, '198.51.100.1')
    expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect(await refused.json()).toEqual({ error: 'too many requests' })
    expect((await request(CHEAP, {}, '198.51.100.2')).status).toBe(401)
  })

  test('count one IPv6 /64 as one client', async () => {
    const { request } = await makeApp({ ANON_RATE_LIMIT: '0.001/2' })
    expect((await request(CHEAP, {}, '2001:db8:1:2::1')).status).toBe(401)
    expect((await request(CHEAP, {}, '2001:db8:1:2::ffff')).status).toBe(401)
    expect((await request(CHEAP, {}, '2001:db8:1:2:aaaa::9')).status).toBe(429)
    expect((await request(CHEAP, {}, '2001:db8:1:3::1')).status).toBe(401)
  })

  test('believe X-Forwarded-For only from a trusted proxy', async () => {
    const { request } = await makeApp({ ANON_RATE_LIMIT: '0.001/1', TRUST_PROXY: '10.0.0.0/8' })
    const via = (client: string, peer: string) =>
      request(CHEAP, { headers: { 'x-forwarded-for': client } }, peer)
    // behind the trusted proxy, two clients are two buckets
    expect((await via('192.0.2.1', '10.0.0.5')).status).toBe(401)
    expect((await via('192.0.2.2', '10.0.0.5')).status).toBe(401)
    expect((await via('192.0.2.1', '10.0.0.5')).status).toBe(429)
    // an untrusted peer cannot pick its bucket by naming another address
    expect((await via('192.0.2.3', '198.51.100.9')).status).toBe(401)
    expect((await via('192.0.2.4', '198.51.100.9')).status).toBe(429)
  })

  test('never limit the health probes', async () => {
    const { request } = await makeApp({ ANON_RATE_LIMIT: '0.001/1' })
    for (let i = 0; i < 5; i++)
      for (const path of ['/v1/health', '/v1/health/live'])
        expect((await request(path)).status).toBe(200)
  })

  test('are on by default', async () => {
    const { request } = await makeApp({ ANON_RATE_LIMIT: '' })
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => request('/v1/catalog/planes').then((r) => r.status)),
    )
    expect(statuses).toContain(429)
    expect(statuses).toContain(401)
  })
})

describe('requests with a key', () => {
  test('are not limited by default, and per key with KEY_RATE_LIMIT', async () => {
    const open = await makeApp({ ANON_RATE_LIMIT: '0.001/1' })
    for (let i = 0; i < 10; i++)
      expect((await open.request('/v1/catalog/planes', withKey())).status).toBe(200)
    const { request } = await makeApp({ KEY_RATE_LIMIT: '0.001/2' })
    const first = [0, 1, 2].map(() => request('/v1/catalog/planes', withKey(KEYS[0])))
    expect(await Promise.all(first.map((r) => r.then((x) => x.status)))).toEqual([200, 200, 429])
    expect((await request('/v1/catalog/planes', withKey(KEYS[1]))).status).toBe(200)
  })
})

describe('the request log', () => {
  test('is sampled under a flood, with a summary of what it held back', async () => {
    const { request } = await makeApp({ ANON_RATE_LIMIT: 'off' })
    const logs = captureLogs()
    try {
      await Promise.all(Array.from({ length: 600 }, (_, i) => request(`/no/such/path/${i}`)))
      await Bun.sleep(1100)
    } finally {
      logs.restore()
    }
    const requests = logs.lines.filter((l) => l.includes('"msg":"request"'))
    expect(requests.length).toBeGreaterThan(0)
    expect(requests.length).toBeLessThanOrEqual(400)
    const summary = logs.lines.find((l) => l.includes('lines suppressed'))
    expect(summary).toBeDefined()
    expect(Number(/"4xx":(\d+)/.exec(summary!)?.[1])).toBe(600 - requests.length)
  })
})
