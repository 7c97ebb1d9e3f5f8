import { describe, expect, test } from 'bun:test'
import { captureLogs, log } from '../../../src/log'
import { KEYS, makeApp } from '../../support/app'

const { request } = await makeApp()
const planes = '/v1/catalog/planes'
const SPELLINGS = [
  'api-key',
  'API-KEY',
  'Api-Key',
  'api%2Dkey',
  'api%2dkey',
  '%61pi-key',
  '%41PI%2DKEY',
  '%61%70%69%2d%6b%65%79',
]

describe('the api-key query parameter in every spelling', () => {
  test('is accepted as a key by the auth plugin', async () => {
    for (const name of SPELLINGS)
      expect({ name, status: (await request(`${planes}?${name}=${KEYS[0]}`)).status }).toEqual({
        name,
        status: 200,
      })
  })

  test('is refused when its value is a wrong key, whatever the spelling', async () => {
    for (const name of SPELLINGS)
      expect((await request(`${planes}?${name}=wrong-key-0000`)).status).toBe(401)
  })

  test('is never written to the log in clear, by the request log or an error line', async () => {
    const logs = captureLogs()
    try {
      for (const name of SPELLINGS) {
        await request(`${planes}?limit=1&${name}=${KEYS[1]}`)
        await request(`/v1/images/plane?plane=a320&format=json&${name}=${KEYS[0]}&plane=%00`)
        // what a crash line holds: the URL inside a stack trace, nested in an object
        log.error('unhandled error', {
          detail: {
            url: `http://h/x?${name}=${KEYS[1]}`,
            stack: `Error at http://h/y?a=1&${name}=${KEYS[0]} (app.ts:1)`,
          },
        })
      }
      await Bun.sleep(30) // request lines are written after the response
    } finally {
      logs.restore()
    }
    const all = logs.lines.join('\n')
    expect(logs.lines.length).toBeGreaterThan(SPELLINGS.length * 2)
    for (const key of KEYS) expect(all).not.toContain(key)
    for (const name of SPELLINGS) expect(all).toContain(`${name}=[redacted]`)
  })
})

describe('keyed JSON answers', () => {
  test('are private and never stored by a shared cache, with Vary on the key headers', async () => {
    const paths = [
      planes,
      '/v1/catalog/airlines',
      '/v1/catalog/liveries?plane=a320&airline=lufthansa',
      '/v1/info/planes/airbus-a380-800',
      '/v1/info/airlines/qantas',
      '/v1/resolve?kind=plane&method=raw&value=a380',
    ]
    for (const path of paths) {
      const res = await request(path, { headers: { 'x-api-key': KEYS[0] } })
      expect({ path, status: res.status, cache: res.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cache: 'private, no-store',
      })
      expect(res.headers.get('vary')).toContain('x-api-key')
    }
  })

  test('keep the private marking on their errors (a 404 to a keyed caller, a 401)', async () => {
    const miss = await request('/v1/info/planes/nothing-like-it', {
      headers: { 'x-api-key': KEYS[0] },
    })
    expect(miss.status).toBe(404)
    expect(miss.headers.get('cache-control')).toBe('private, no-store')
    const refused = await request(planes)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('cache-control')).toBe('private, no-store')
  })

  test('image JSON descriptions are not stored either', async () => {
    const res = await request('/v1/images/plane?plane=a320&format=json', {
      headers: { 'x-api-key': KEYS[0] },
    })
    expect(res.headers.get('cache-control')).toContain('no-store')
  })
})

describe('CORS', () => {
  test('exposes Retry-After to browser scripts', async () => {
    const res = await request('/v1/health')
    expect(res.headers.get('access-control-expose-headers')!.split(', ')).toContain('retry-after')
  })
})

describe('keyed routes without a key', () => {
  test('answer 401 before looking at the query, so a bad query tells a caller without a key nothing', async () => {
    for (const path of [
      '/v1/catalog/planes?limit=0',
      '/v1/resolve?kind=ship',
      '/v1/catalog/liveries',
    ])
      expect((await request(path)).status).toBe(401)
    expect(
      (await request('/v1/catalog/planes?limit=0', { headers: { 'x-api-key': KEYS[0] } })).status,
    ).toBe(400)
  })
})
