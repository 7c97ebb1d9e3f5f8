import { describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { urlSigner } from '../../src/serve/signing'
import { KEYS, SIGNING_KEYS, makeApp, withKey } from '../support/app'

const QUERY = 'plane=a320&airline=air-france&angle=345'
/** HMAC-SHA256 of the vector's canonical form, as README.md documents it */
const VECTOR_SIG = 'eQalucMIuQt4-xsQCEQn1SoL44bXWF9BAbGyKrEQDqo'

async function signed(
  request: (path: string, init?: RequestInit) => Promise<Response>,
  query = QUERY,
  ttl: number | null = 600,
  key = KEYS[0],
) {
  const res = await request(`/v1/sign?${query}${ttl === null ? '' : `&ttl=${ttl}`}`, withKey(key))
  expect(res.status).toBe(200)
  return ((await res.json()) as { url: string; expires: string }).url
}

const isClean = (res: Response) =>
  res.status === 200 &&
  !res.headers.has('x-auth-status') &&
  res.headers.get('x-image-source') !== 'watermark-overlay'
const isWatermarked = (res: Response) =>
  res.status === 200 && res.headers.get('x-auth-status') === 'unauthorized'
const maxAge = (res: Response) =>
  Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1])

describe('GET /v1/sign', () => {
  test('needs a key, and answers privately', async () => {
    const { request } = await makeApp()
    expect((await request(`/v1/sign?${QUERY}`)).status).toBe(401)
    const res = await request(`/v1/sign?${QUERY}`, withKey())
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const body = (await res.json()) as { url: string; expires: string | null; ttl: number | null }
    expect(body.url.startsWith('/v1/images/plane?')).toBe(true)
    const params = new URLSearchParams(body.url.split('?')[1])
    expect(params.get('kid')).toBe(SIGNING_KEYS[0].id)
    expect(params.get('sig')).toMatch(/^[\w-]{43}$/)
    expect(params.get('plane')).toBe('a320')
    expect(body.ttl).toBeNull()
    expect(body.expires).toBeNull()
    expect(params.get('exp')).toBeNull()
    expect(body.url).not.toContain(KEYS[0])
    expect(body.url).not.toContain(SIGNING_KEYS[0].secret)
  })

  test('signs one query to one URL, whatever the order and however often', async () => {
    const { request } = await makeApp()
    const urls = new Set([
      await signed(request, QUERY, null),
      await signed(request, QUERY.split('&').reverse().join('&'), null),
      await signed(request, QUERY, null, KEYS[1]),
    ])
    expect(urls.size).toBe(1)
  })

  test('gives a URL with an expiry when asked for a ttl', async () => {
    const { json } = await makeApp()
    const { body } = await json(`/v1/sign?${QUERY}&ttl=3600`, withKey())
    expect(body.ttl).toBe(3600)
    expect(Math.abs(Date.parse(body.expires) - Date.now() - 3600_000)).toBeLessThan(5000)
    expect(new URLSearchParams(body.url.split('?')[1]).get('exp')).toMatch(/^\d+$/)
  })

  test('refuses a ttl out of bounds', async () => {
    const { request } = await makeApp()
    for (const ttl of ['0', '59', '315360001', 'abc', '-5', '1e3'])
      expect((await request(`/v1/sign?${QUERY}&ttl=${ttl}`, withKey())).status).toBe(400)
  })

  test('answers 501 where no signing key is configured', async () => {
    const { request } = await makeApp({ URL_SIGNING_KEYS: '' })
    expect((await request(`/v1/sign?${QUERY}`, withKey())).status).toBe(501)
  })

  test('matches the documented test vector', () => {
    // the vector of README.md and client/README.md: kid "k1", secret "a-test-secret-of-32-characters!!", exp 2000000000
    const signer = urlSigner([{ id: 'k1', secret: 'a-test-secret-of-32-characters!!' }])
    const query = signer.sign(
      '/v1/images/plane',
      new URLSearchParams('plane=a320&airline=air-france&angle=345'),
      2_000_000_000,
    )
    const canonical =
      '/v1/images/plane?airline=air-france&angle=345&exp=2000000000&kid=k1&plane=a320'
    const sig = createHmac('sha256', 'a-test-secret-of-32-characters!!')
      .update(canonical)
      .digest('base64url')
    expect(query).toBe(`airline=air-france&angle=345&exp=2000000000&kid=k1&plane=a320&sig=${sig}`)
    expect(sig).toBe(VECTOR_SIG)
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
    const url = await signed(request, QUERY, null)
    const [path, query] = url.split('?')
    const reordered = `${path}?${query.split('&').reverse().join('&')}`
    const res = await request(reordered)
    expect(isClean(res)).toBe(true)
    expect(maxAge(res)).toBe(86_400)
  })

  test('a tampered one is served watermarked, cached as an unkeyed answer', async () => {
    const { request } = await makeApp()
    const url = await signed(request)
    for (const tampered of [
      url.replace('angle=345', 'angle=90'),
      url.replace(/sig=./, 'sig=A'),
      `${url}&airline=klm`,
      url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 86400}`),
    ]) {
      const res = await request(tampered)
      expect(isWatermarked(res)).toBe(true)
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
      expect(res.headers.get('vary')).toBe('x-api-key, authorization')
    }
  })

  test('an expired one is served watermarked', async () => {
    const { request } = await makeApp()
    const signer = urlSigner(SIGNING_KEYS)
    const past = Math.floor(Date.now() / 1000) - 1
    const res = await request(
      `/v1/images/plane?${signer.sign('/v1/images/plane', new URLSearchParams(QUERY), past)}`,
    )
    expect(isWatermarked(res)).toBe(true)
    const fresh = await request(
      `/v1/images/plane?${signer.sign('/v1/images/plane', new URLSearchParams(QUERY), past + 120)}`,
    )
    expect(isClean(fresh)).toBe(true)
  })

  test('rotate by kid: a new key signs, the old one still verifies until it is removed', async () => {
    const [first, second] = SIGNING_KEYS.map((k) => `${k.id}:${k.secret}`)
    const before = await makeApp({ URL_SIGNING_KEYS: first })
    const old = await signed(before.request)
    const rotated = await makeApp({ URL_SIGNING_KEYS: `${second},${first}` })
    const fresh = await signed(rotated.request)
    expect(new URLSearchParams(fresh.split('?')[1]).get('kid')).toBe(SIGNING_KEYS[1].id)
    expect(isClean(await rotated.request(old))).toBe(true)
    expect(isClean(await rotated.request(fresh))).toBe(true)
    const retired = await makeApp({ URL_SIGNING_KEYS: second })
    expect(isWatermarked(await retired.request(old))).toBe(true)
    expect(isClean(await retired.request(fresh))).toBe(true)
  })

  test('an API key is never a signing secret: removing every API key leaves signed URLs working', async () => {
    const { request } = await makeApp()
    const url = await signed(request)
    expect(isClean(await (await makeApp({ API_KEYS: '' })).request(url))).toBe(true)
  })

  test('a signature opens images only, never a keyed route', async () => {
    const { request } = await makeApp()
    const signer = urlSigner(SIGNING_KEYS)
    expect(
      (
        await request(
          `/v1/catalog/planes?${signer.sign('/v1/catalog/planes', new URLSearchParams(), null)}`,
        )
      ).status,
    ).toBe(401)
    expect(
      (await request(`/v1/sign?${signer.sign('/v1/sign', new URLSearchParams(QUERY), null)}`))
        .status,
    ).toBe(401)
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
  const stored = (store: { list(prefix: string): Promise<string[]> }, prefix: string) =>
    store.list(prefix)

  test('is stored under a budget of its own and never evicts what key holders composed', async () => {
    const app = await makeApp({ COMPOSE_STORE_SIGNED_MAX_BYTES: '30000' })
    const { request, parts, store } = app
    // two keyed compositions, then enough signed ones to overflow the signed budget many times
    for (const colour of ['111111', '222222'])
      expect(
        (await request(`/v1/images/plane?${COMPOSED}${colour}`, withKey())).headers.get('x-cache'),
      ).toBe('composed')
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
