/**
 * What type and quality a request is sent in: filetype=auto negotiated from the Accept header,
 * the spec's composition rule (png, jpg, webp compose to PNG) and its extensions (avif and auto
 * compose to themselves), and quality parsed like the other numbers.
 */
import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { createResolver } from '../../../src/catalog/resolve'
import { negotiateFiletype, type NegotiatedFiletype } from '../../../src/params/accept'
import type { Encoding } from '../../../src/params/image-options'
import { parseImageQuery, problemBody } from '../../../src/params/image-query'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import {
  handleImageRequest,
  type ImagePipelineDeps,
} from '../../../src/pipeline/request/image-request'

const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
const FIREFOX = 'image/avif,image/webp,*/*'
const SAFARI =
  'image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5'
const OLD_SAFARI = 'image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5'

describe('negotiating filetype=auto', () => {
  const table: [string | null, NegotiatedFiletype][] = [
    [null, 'png'],
    ['', 'png'],
    ['*/*', 'png'], // a wildcard accepts only the default: curl and old clients decode neither
    ['image/*', 'png'],
    ['text/html', 'png'], // nothing acceptable: the default rather than a 406
    [CHROME, 'avif'],
    [FIREFOX, 'avif'],
    [SAFARI, 'avif'], // named in another order, same q: ours decides
    [OLD_SAFARI, 'png'],
    ['image/webp,*/*', 'webp'],
    ['image/webp', 'webp'],
    ['IMAGE/AVIF', 'avif'],
    [' image/avif ; q=0.7 , image/webp;q=0.6', 'avif'],
    ['image/avif;q=0,image/webp,*/*', 'webp'], // q=0: not acceptable
    ['image/avif;q=0,image/webp;q=0,*/*', 'png'],
    ['image/avif;q=0', 'png'],
    ['image/png;q=0', 'png'], // the default is sent even when refused
    ['image/avif;q=0.5,image/webp;q=0.9', 'webp'], // q-values honoured
    ['image/webp;q=0.5,image/png', 'png'],
    ['image/webp;q=0.5,image/*;q=0.4', 'webp'],
    ['image/avif;q=0.8,image/avif;q=0.2', 'avif'],
    ['image/avif;q=abc,*/*', 'png'], // a malformed range accepts nothing
    ['image/avif;q=1.5,*/*', 'png'],
    ['image/avif/x,*/*', 'png'],
    ['image/avif;level=1;q=0.9', 'avif'],
  ]
  test.each(table)('Accept %p gives %p', (accept, filetype) =>
    expect(negotiateFiletype(accept)).toBe(filetype),
  )
})

const catalog = loadEmbeddedCatalog()

/** the pipeline with sources that record what they were asked for instead of drawing */
function pipeline() {
  const asked: { source: 'asset' | 'composed'; key?: string; encoding: Encoding }[] = []
  const image = (e: Encoding) => ({
    bytes: new Uint8Array([1]),
    etag: '"x"',
    contentType: `image/${e.filetype}`,
  })
  const deps: ImagePipelineDeps = {
    catalog,
    resolver: createResolver(catalog),
    defaultPlane: catalog.plane('airbus-a320-200')!,
    renderer: defaultRenderer,
    manifestVersion: 'm1',
    assets: {
      keyFor: () => 'k',
      get: async (_d, encoding) => (
        asked.push({ source: 'asset', encoding }), { key: 'k', ...image(encoding) }
      ),
      getWatermarked: async (_d, encoding) => (
        asked.push({ source: 'asset', encoding }), { key: 'k', ...image(encoding) }
      ),
      ensure: async () => false,
    },
    composed: async (key, _req, encoding) => (
      asked.push({ source: 'composed', key, encoding }),
      { key, origin: 'composed', ...image(encoding) }
    ),
  }
  return { deps, asked }
}

const COMPOSING = 'plane=a320&resolution=thumb'
const PRERENDERED = 'plane=a320'
const query = (q: string) => Object.fromEntries(new URLSearchParams(q))

describe('the type and quality sent', () => {
  // [query, Accept, filetype sent, quality sent, negotiated]
  const rule: [string, string | null, string, number | null, boolean][] = [
    [`${COMPOSING}&filetype=png`, CHROME, 'png', null, false],
    [`${COMPOSING}&filetype=jpg`, CHROME, 'png', null, false],
    [`${COMPOSING}&filetype=webp&quality=50`, CHROME, 'png', null, false],
    [`${COMPOSING}&filetype=avif`, null, 'avif', 60, false],
    [`${COMPOSING}&filetype=avif&quality=35`, null, 'avif', 35, false],
    [`${COMPOSING}&filetype=auto`, CHROME, 'avif', 60, true],
    [`${COMPOSING}&filetype=auto`, 'image/webp', 'webp', 88, true],
    [`${COMPOSING}&filetype=auto&quality=20`, '*/*', 'png', null, true],
    [`${PRERENDERED}&filetype=jpg`, CHROME, 'jpg', 88, false],
    [`${PRERENDERED}&filetype=jpeg&quality=40`, null, 'jpg', 40, false],
    [`${PRERENDERED}&filetype=webp`, null, 'webp', 88, false],
    [`${PRERENDERED}&filetype=avif&quality=100`, null, 'avif', 100, false],
    [`${PRERENDERED}&filetype=auto&quality=70`, FIREFOX, 'avif', 70, true],
    [`${PRERENDERED}&filetype=auto`, null, 'png', null, true],
  ]
  test.each(rule)(
    '%s with Accept %p: %p at %p',
    async (q, accept, filetype, quality, negotiated) => {
      const { deps, asked } = pipeline()
      const composing = q.startsWith(COMPOSING)
      const described = await handleImageRequest(
        deps,
        query(`${q}&format=json`),
        'key',
        undefined,
        accept,
      )
      expect(
        described.kind === 'json' && [described.body.filetype, described.body.quality],
      ).toEqual([filetype, quality])
      const outcome = await handleImageRequest(deps, query(q), 'key', undefined, accept)
      if (outcome.kind !== 'image') throw new Error('an image was expected')
      expect(outcome.meta.encoding).toEqual({
        filetype: filetype as Encoding['filetype'],
        quality,
        negotiated,
      })
      expect(asked).toEqual([
        {
          source: composing ? 'composed' : 'asset',
          ...(composing ? { key: expect.stringMatching(new RegExp(`\\.${filetype}$`)) } : {}),
          encoding: { filetype, quality },
        },
      ] as never)
    },
  )
  test('one composition asked in two types is two cache keys, the PNG of jpg and webp one', async () => {
    const { deps, asked } = pipeline()
    for (const filetype of ['png', 'jpg', 'webp', 'avif', 'auto'])
      await handleImageRequest(
        deps,
        query(`${COMPOSING}&filetype=${filetype}`),
        'key',
        undefined,
        'image/webp',
      )
    const keys = asked.map((a) => a.key)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toBe(keys[0])
    expect(new Set(keys).size).toBe(3)
  })
  test('pins a URL only to the current manifest version', async () => {
    const { deps } = pipeline()
    const pinned = async (v?: string) => {
      const outcome = await handleImageRequest(
        deps,
        query(v === undefined ? PRERENDERED : `${PRERENDERED}&v=${v}`),
        'anonymous',
      )
      return outcome.kind === 'image' && outcome.meta.pinned
    }
    expect([await pinned('m1'), await pinned('m0'), await pinned(''), await pinned()]).toEqual([
      true,
      false,
      false,
      false,
    ])
  })
})

describe('quality parsing', () => {
  const parse = (q: Record<string, string>) => parseImageQuery(q, () => false)
  test('is null when absent: the default is the type sent', () =>
    expect(parse({}).options.quality).toBeNull())
  test('clamps and rounds in image mode, and answers 400 in JSON mode', () => {
    for (const [raw, value] of [
      ['0', 1],
      ['101', 100],
      ['-5', 1],
      ['49.6', 50],
      ['abc', null],
    ] as const) {
      const { options, problems } = parse({ quality: raw })
      expect(options.quality).toBe(value)
      expect(problemBody(problems)).toEqual({
        error: 'invalid render options',
        details: ['quality must be an integer between 1 and 100'],
      })
    }
    expect(parse({ quality: '1' }).problems).toEqual([])
    expect(parse({ quality: '100' }).options.quality).toBe(100)
  })
})
