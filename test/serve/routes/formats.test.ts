/**
 * The image route's types over HTTP: AVIF and quality on pre-rendered views, filetype=auto
 * negotiated from Accept with Vary: Accept on exactly its answers, a response memo that never
 * hands one client's type to another, the composition rule, and versioned URLs kept forever.
 */
import { describe, expect, test } from 'bun:test'
import { KEYS, makeApp, withKey } from '../../support/app'

const { request, parts, store } = await makeApp()
const VIEW = 'plane=a320&angle=45'
/** first views are drawn and encoded in three types: seconds on a busy machine */
const SLOW = 60_000
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

const get = async (q: string, headers: Record<string, string> = {}) => {
  const res = await request(`/v1/images/plane?${q}`, { headers })
  expect(res.status).toBe(200)
  return {
    res,
    bytes: new Uint8Array(await res.arrayBuffer()),
    h: (name: string) => res.headers.get(name),
  }
}
const keyed = (accept?: string) => ({
  'x-api-key': KEYS[0],
  ...(accept === undefined ? {} : { accept }),
})
const varies = (vary: string | null) =>
  (vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .includes('accept')
const signed = async (query: string, ttl: number | null = null) => {
  const res = await request(`/v1/sign?${query}${ttl === null ? '' : `&ttl=${ttl}`}`, withKey())
  expect(res.status).toBe(200)
  return ((await res.json()) as { url: string }).url.replace('/v1/images/plane?', '')
}

describe('AVIF and quality on pre-rendered views', () => {
  test(
    'serves AVIF at the default quality from the store, and another quality from memory only',
    async () => {
      const first = await get(`${VIEW}&filetype=avif`, keyed())
      expect(first.h('content-type')).toBe('image/avif')
      expect(new TextDecoder().decode(first.bytes.slice(4, 12))).toBe('ftypavif')
      const drawings = parts.limiter.started
      const low = await get(`${VIEW}&filetype=avif&quality=20`, keyed())
      const lowMarked = await get(`${VIEW}&filetype=avif&quality=20`)
      // each drawn once, and through the limiter like any drawing
      expect(parts.limiter.started).toBe(drawings + 2)
      expect(low.bytes.byteLength).toBeLessThan(first.bytes.byteLength)
      expect(lowMarked.h('x-auth-status')).toBe('unauthorized')
      expect(lowMarked.h('etag')).not.toBe(low.h('etag'))
      // a repeat (a new URL spelling, past the response memo) comes from memory
      expect((await get(`${VIEW}&quality=20&filetype=avif`, keyed())).h('etag')).toBe(low.h('etag'))
      expect(parts.limiter.started).toBe(drawings + 2)
      await parts.writes.settled()
      const stored = await store.list('')
      expect(
        stored.filter((k) => k.endsWith('/45/down/w-1280_z-contain-1p00_m-8p00.avif')),
      ).toHaveLength(1)
      expect(stored.filter((k) => k.includes('q-20'))).toEqual([])
    },
    SLOW,
  )
  test(
    "a quality equal to the type's default is the stored image",
    async () => {
      const plain = await get(`${VIEW}&filetype=webp`, keyed())
      expect((await get(`${VIEW}&filetype=webp&quality=88`, keyed())).h('etag')).toBe(
        plain.h('etag'),
      )
      expect((await get(`${VIEW}&filetype=png&quality=10`, keyed())).h('etag')).toBe(
        (await get(VIEW, keyed())).h('etag'),
      )
    },
    SLOW,
  )
})

describe('filetype=auto', () => {
  test(
    'sends the negotiated type, with Vary: Accept on exactly the auto answers',
    async () => {
      for (const [accept, type] of [
        [CHROME, 'image/avif'],
        ['image/webp,*/*', 'image/webp'],
        ['*/*', 'image/png'],
        [undefined, 'image/png'],
      ] as const) {
        const { h } = await get(`${VIEW}&filetype=auto`, keyed(accept))
        expect([accept, h('content-type')]).toEqual([accept, type])
        expect(h('vary')).toBe('x-api-key, authorization, accept')
      }
      for (const filetype of ['png', 'jpg', 'webp', 'avif'])
        expect(varies((await get(`${VIEW}&filetype=${filetype}`, keyed(CHROME))).h('vary'))).toBe(
          false,
        )
    },
    SLOW,
  )
  test(
    'keeps Vary: Accept on 304s, watermarked and signed answers',
    async () => {
      const auto = `${VIEW}&filetype=auto`
      const { h } = await get(auto, keyed(CHROME))
      const notModified = await request(`/v1/images/plane?${auto}`, {
        headers: { ...keyed(CHROME), 'if-none-match': h('etag')! },
      })
      expect(notModified.status).toBe(304)
      expect(varies(notModified.headers.get('vary'))).toBe(true)
      expect(varies((await get(auto, { accept: CHROME })).h('vary'))).toBe(true)
      const url = await signed(auto)
      const viaSignature = await get(url, { accept: CHROME })
      expect([viaSignature.h('vary'), viaSignature.h('content-type')]).toEqual([
        'accept',
        'image/avif',
      ])
      expect((await get(await signed(`${VIEW}&filetype=avif`))).h('vary')).toBeNull()
    },
    SLOW,
  )
  test(
    'the response memo never answers one type for another',
    async () => {
      const auto = 'plane=a320&angle=135&filetype=auto'
      const asked = [
        CHROME,
        'image/png',
        'image/webp',
        CHROME,
        undefined,
        'image/webp',
        'image/avif;q=0,*/*',
      ]
      const types = []
      for (const accept of asked) types.push((await get(auto, keyed(accept))).h('content-type'))
      expect(types).toEqual([
        'image/avif',
        'image/png',
        'image/webp',
        'image/avif',
        'image/png',
        'image/webp',
        'image/png',
      ])
      // answered from the memo: the same bytes per type, whichever came first
      const again = await get(auto, keyed('image/avif'))
      expect(again.h('etag')).toBe(
        (await get(`plane=a320&angle=135&filetype=avif`, keyed())).h('etag'),
      )
      // a URL that is not auto answers the same whatever the Accept header
      const png = await get('plane=a320&angle=135', keyed(CHROME))
      expect((await get('plane=a320&angle=135', keyed('image/webp'))).h('etag')).toBe(png.h('etag'))
      expect(png.h('content-type')).toBe('image/png')
    },
    SLOW,
  )
})

describe('compositions', () => {
  const COMPOSING = 'plane=a320&angle=90&resolution=thumb&background=dfe9f3'
  test(
    'asked as png, jpg or webp are PNG and say so; asked as avif or auto, the type asked or negotiated',
    async () => {
      const cases: [string, string | undefined, string, string | null][] = [
        ['png', CHROME, 'image/png', null],
        ['jpg', CHROME, 'image/png', 'jpg'],
        ['jpeg', CHROME, 'image/png', 'jpg'],
        ['webp', CHROME, 'image/png', 'webp'],
        ['avif', undefined, 'image/avif', null],
        ['auto', CHROME, 'image/avif', null],
        ['auto', 'image/webp', 'image/webp', null],
        ['auto', undefined, 'image/png', null],
      ]
      for (const [filetype, accept, type, requested] of cases) {
        const { h, bytes } = await get(`${COMPOSING}&filetype=${filetype}`, keyed(accept))
        expect([
          filetype,
          accept,
          h('content-type'),
          h('x-format-requested'),
          h('x-format-coerced'),
        ]).toEqual([filetype, accept, type, requested, requested ? 'png' : null])
        expect(h('x-composition-mode')).toBe('composed-runtime')
        if (type === 'image/avif')
          expect(new TextDecoder().decode(bytes.slice(4, 12))).toBe('ftypavif')
      }
    },
    SLOW,
  )
  test(
    'at another quality is another picture, smaller at a lower one',
    async () => {
      const low = await get(`${COMPOSING}&filetype=avif&quality=15`, keyed())
      const high = await get(`${COMPOSING}&filetype=avif&quality=90`, keyed())
      expect(low.bytes.byteLength).toBeLessThan(high.bytes.byteLength)
      expect(low.h('x-cache')).toBe('composed')
    },
    SLOW,
  )
})

describe('versioned URLs', () => {
  test(
    'are immutable only for the current manifest version, and private with a key',
    async () => {
      const version = (await get(VIEW)).h('x-manifest-version')!
      const pinned = `${VIEW}&v=${encodeURIComponent(version)}`
      const stale = `${VIEW}&v=2001-01-01T00:00:00.000Z`
      expect((await get(pinned)).h('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await get(stale)).h('cache-control')).toBe('public, max-age=86400')
      expect((await get(pinned, keyed())).h('cache-control')).toBe('private, max-age=86400')
      expect((await get(await signed(pinned))).h('cache-control')).toBe(
        'public, max-age=31536000, immutable',
      )
      const expiring = (await get(await signed(pinned, 600))).h('cache-control')!
      expect(expiring).toMatch(/^public, max-age=\d+, immutable$/)
      expect(Number(/max-age=(\d+)/.exec(expiring)![1])).toBeLessThanOrEqual(600)
      expect((await get(await signed(stale))).h('cache-control')).toBe('public, max-age=86400')
      // a repeat from the response memo says the same
      expect((await get(pinned)).h('cache-control')).toBe('public, max-age=31536000, immutable')
      expect((await get(pinned, keyed())).h('cache-control')).toBe('private, max-age=86400')
    },
    SLOW,
  )
  test(
    'v neither composes nor changes the picture',
    async () => {
      const version = (await get(VIEW)).h('x-manifest-version')!
      const { h } = await get(`${VIEW}&v=${encodeURIComponent(version)}`, keyed())
      expect(h('x-composition-mode')).toBe('storage-prebuilt')
      expect(h('etag')).toBe((await get(VIEW, keyed())).h('etag'))
    },
    SLOW,
  )
})
