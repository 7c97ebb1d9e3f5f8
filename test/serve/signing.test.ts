import { describe, expect, test } from 'bun:test'
import { urlSigner } from '../../src/serve/signing'
import { KEYS, makeApp, withKey } from '../support/app'

const QUERY = 'plane=a320&airline=air-france&angle=345'

async function signed(request: (path: string, init?: RequestInit) => Promise<Response>, query = QUERY, ttl = 600, key = KEYS[0]) {
  const res = await request(`/v1/sign?${query}&ttl=${ttl}`, withKey(key))
  expect(res.status).toBe(200)
  return ((await res.json()) as { url: string; expires: string }).url
}

const isClean = (res: Response) => res.status === 200 && !res.headers.has('x-auth-status') && res.headers.get('x-image-source') !== 'watermark-overlay'
const isWatermarked = (res: Response) => res.status === 200 && res.headers.get('x-auth-status') === 'unauthorized'
const maxAge = (res: Response) => Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1])

describe('GET /v1/sign', () => {
  test('needs a key, and answers privately', async () => {
    const { request } = await makeApp()
    expect((await request(`/v1/sign?${QUERY}`)).status).toBe(401)
    const res = await request(`/v1/sign?${QUERY}`, withKey())
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const body = (await res.json()) as { url: string; expires: string; ttl: number }
    expect(body.url.startsWith('/v1/images/plane?')).toBe(true)
    const params = new URLSearchParams(body.url.split('?')[1])
    expect(params.get('exp')).toMatch(/^\d+$/)
    expect(params.get('kid')).toMatch(/^[\w-]{10}$/)
    expect(params.get('sig')).toMatch(/^[\w-]{43}$/)
    expect(params.get('plane')).toBe('a320')
    expect(body.ttl).toBe(3600)
    expect(Math.abs(Date.parse(body.expires) - Date.now() - 3600_000)).toBeLessThan(5000)
    expect(body.url).not.toContain(KEYS[0])
  })

  test('refuses a ttl out of bounds', async () => {
    const { request } = await makeApp()
    for (const ttl of ['0', '59', '604801', 'abc', '-5', '1e3']) expect((await request(`/v1/sign?${QUERY}&ttl=${ttl}`, withKey())).status).toBe(400)
  })
})

describe('signed image URLs', () => {
  test('a valid one is served clean, public until it expires, with no Vary on key headers', async () => {
    const { request } = await makeApp()
    const url = await signed(request, QUERY, 600)
    for (let i = 0; i < 2; i++) {
      // the second answer comes from the response memo
      const res = await request(url)
      expect(isClean(res)).toBe(true)
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/)
      expect(maxAge(res)).toBeGreaterThan(590)
      expect(maxAge(res)).toBeLessThanOrEqual(600)
      expect(res.headers.get('vary')).toBeNull()
    }
  })

  test('still verifies with its parameters reordered, and is cached a day at most', async () => {
    const { request } = await makeApp()
    const url = await signed(request, QUERY, 7 * 86_400)
    const [path, query] = url.split('?')
    const reordered = `${path}?${query.split('&').reverse().join('&')}`
    const res = await request(reordered)
    expect(isClean(res)).toBe(true)
    expect(maxAge(res)).toBe(86_400)
  })

  test('a tampered one is served watermarked, cached as an unkeyed answer', async () => {
    const { request } = await makeApp()
    const url = await signed(request)
    for (const tampered of [url.replace('angle=345', 'angle=90'), url.replace(/sig=./, 'sig=A'), `${url}&airline=klm`, url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 86400}`)]) {
      const res = await request(tampered)
      expect(isWatermarked(res)).toBe(true)
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      expect(res.headers.get('vary')).toBe('x-api-key, authorization')
    }
  })

  test('an expired one is served watermarked', async () => {
    const { request } = await makeApp()
    const signer = urlSigner(KEYS)
    const past = Math.floor(Date.now() / 1000) - 1
    const res = await request(`/v1/images/plane?${signer.sign('/v1/images/plane', new URLSearchParams(QUERY), KEYS[0], past)}`)
    expect(isWatermarked(res)).toBe(true)
    const fresh = await request(`/v1/images/plane?${signer.sign('/v1/images/plane', new URLSearchParams(QUERY), KEYS[0], past + 120)}`)
    expect(isClean(fresh)).toBe(true)
  })

  test('removing the signing key from API_KEYS revokes its URLs, not those of other keys', async () => {
    const { request } = await makeApp()
    const byAlpha = await signed(request, QUERY, 600, KEYS[0])
    const byBravo = await signed(request, QUERY, 600, KEYS[1])
    const revoked = await makeApp({ API_KEYS: KEYS[1] })
    expect(isWatermarked(await revoked.request(byAlpha))).toBe(true)
    expect(isClean(await revoked.request(byBravo))).toBe(true)
  })

  test('a signature opens images only, never a keyed route', async () => {
    const { request } = await makeApp()
    const signer = urlSigner(KEYS)
    const exp = Math.floor(Date.now() / 1000) + 600
    expect((await request(`/v1/catalog/planes?${signer.sign('/v1/catalog/planes', new URLSearchParams(), KEYS[0], exp)}`)).status).toBe(401)
    expect((await request(`/v1/sign?${signer.sign('/v1/sign', new URLSearchParams(QUERY), KEYS[0], exp)}`)).status).toBe(401)
  })
})

describe('cache headers of keyed images', () => {
  test('a key in a header makes the clean image private', async () => {
    const { request } = await makeApp()
    for (const init of [withKey(), { headers: { authorization: `Bearer ${KEYS[0]}` } }]) {
      for (let i = 0; i < 2; i++) {
        const res = await request(`/v1/images/plane?${QUERY}`, init)
        expect(isClean(res)).toBe(true)
        expect(res.headers.get('cache-control')).toBe('private, max-age=86400')
      }
    }
    // and the same URL without a key is still public (watermarked), the memo unaffected
    const anonymous = await request(`/v1/images/plane?${QUERY}`)
    expect(isWatermarked(anonymous)).toBe(true)
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=86400')
  })
})

describe('a key in the query', () => {
  test('makes the clean image private, so no shared cache keeps a URL that holds a key', async () => {
    const { request } = await makeApp()
    for (const spelling of ['api-key', 'API-KEY', 'api%2Dkey']) {
      for (let i = 0; i < 2; i++) {
        const res = await request(`/v1/images/plane?${QUERY}&${spelling}=${KEYS[0]}`)
        expect(isClean(res)).toBe(true)
        expect(res.headers.get('cache-control')).toBe('private, max-age=86400')
      }
    }
  })
})

describe('work paid by a signature', () => {
  const COMPOSED = 'plane=a320&resolution=thumb&background=%23'
  const stored = (store: { list(prefix: string): Promise<string[]> }, prefix: string) => store.list(prefix)

  test('is stored under a budget of its own and never evicts what key holders composed', async () => {
    const app = await makeApp({ COMPOSE_STORE_SIGNED_MAX_BYTES: '30000' })
    const { request, parts, store } = app
    // two keyed compositions, then enough signed ones to overflow the signed budget many times
    for (const colour of ['111111', '222222']) expect((await request(`/v1/images/plane?${COMPOSED}${colour}`, withKey())).headers.get('x-cache')).toBe('composed')
    for (let i = 0; i < 8; i++) {
      const url = await signed(request, `${COMPOSED}${String(i).padStart(6, 'a')}`)
      const res = await request(url)
      expect(isClean(res)).toBe(true)
      expect(res.headers.get('x-cache')).toBe('composed')
    }
    await parts.writes.settled()
    const keyed = await stored(store, 'composed/')
    const bySignature = await stored(store, 'composed-signed/')
    expect(keyed.filter((k) => k.endsWith('.png'))).toHaveLength(2)
    expect(bySignature.length).toBeGreaterThan(0)
    expect(bySignature.length).toBeLessThan(8) // its own budget evicted the oldest
  })
})
