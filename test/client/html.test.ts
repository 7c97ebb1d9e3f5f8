import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { imageUrl, imgHtml, RESOLUTION_WIDTHS, srcset, WIDTH } from '../../client/src'
import { RESOLUTION_WIDTHS as SERVICE_PRESETS, paramSchema } from '../../src/params/image-schema'
import { imageOptions } from './arbitrary'

const BASE = 'https://images.example.com'
/** the candidates of a srcset: [url, width descriptor] */
const candidates = (set: string) => set.split(', ').map((c) => c.split(' '))
const ENTITIES: Record<string, string> = { quot: '"', lt: '<', gt: '>', '#39': "'", amp: '&' }
/** an <img>'s attributes as a browser reads them: split by an HTML parser, entities decoded in one pass */
function attributesOf(html: string): Record<string, string> {
  let found: [string, string][] = []
  new HTMLRewriter()
    .on('img', { element: (el) => void (found = [...el.attributes]) })
    .transform(html)
  return Object.fromEntries(
    found.map(([name, value]) => [
      name,
      value.replace(/&(quot|lt|gt|#39|amp);/g, (_, e: string) => ENTITIES[e]),
    ]),
  )
}

describe('srcset', () => {
  test("offers the service's presets, smallest first, each URL at its preset", () => {
    expect(RESOLUTION_WIDTHS).toEqual(SERVICE_PRESETS)
    const set = srcset(BASE, { plane: 'a320', width: 800 })
    expect(set.src).toBe(`${BASE}/v1/images/plane?plane=a320&width=800`)
    expect(set.sizes).toBe('100vw')
    expect(candidates(set.srcset)).toEqual([
      [`${BASE}/v1/images/plane?plane=a320&resolution=thumb`, '512w'],
      [`${BASE}/v1/images/plane?plane=a320&resolution=card`, '1024w'],
      [`${BASE}/v1/images/plane?plane=a320&resolution=hd`, '2048w'],
      [`${BASE}/v1/images/plane?plane=a320&resolution=ultra`, '4096w'],
    ])
  })

  test("takes widths within the service's bounds instead, sorted and once each", () => {
    const width = paramSchema('width')
    expect<number[]>([WIDTH.min, WIDTH.max, WIDTH.default]).toEqual([
      width.minimum!,
      width.maximum!,
      width.default as number,
    ])
    const set = srcset(
      '',
      { plane: 'a320', resolution: 'hd' },
      [800, 400, 800],
      '(min-width: 60rem) 50vw, 100vw',
    )
    expect(set.src).toBe('/v1/images/plane?plane=a320&resolution=hd')
    expect(set.srcset).toBe(
      '/v1/images/plane?plane=a320&width=400 400w, /v1/images/plane?plane=a320&width=800 800w',
    )
    expect(set.sizes).toBe('(min-width: 60rem) 50vw, 100vw')
    for (const widths of [[WIDTH.min - 1], [WIDTH.max + 1], [640.5], []])
      expect(() => srcset('', {}, widths)).toThrow(RangeError)
  })

  test('every candidate is one URL and one width, whatever the options hold (no bare space or comma)', () => {
    fc.assert(
      fc.property(imageOptions, (options) => {
        const list = candidates(srcset(BASE, options).srcset)
        expect(list).toHaveLength(4)
        for (const [url, w] of list) {
          expect(w).toMatch(/^\d+w$/)
          expect(url).not.toMatch(/[\s,]/)
        }
      }),
    )
  })
})

describe('imgHtml', () => {
  test('an <img> with srcset, the 16:9 frame of its own size, lazy and async', () => {
    const html = imgHtml(
      BASE,
      { plane: 'a320', airline: 'air-france', resolution: 'card' },
      { alt: 'Air France A320' },
    )
    const set = srcset(BASE, { plane: 'a320', airline: 'air-france', resolution: 'card' })
    expect(attributesOf(html)).toEqual({
      ...set,
      width: '1024',
      height: '576',
      alt: 'Air France A320',
      loading: 'lazy',
      decoding: 'async',
    })
    expect(attributesOf(imgHtml('', { width: 1000 }, { alt: '' }))).toMatchObject({
      width: '1000',
      height: '563',
      alt: '',
    })
    expect(attributesOf(imgHtml('', {}, { alt: 'x' }))).toMatchObject({
      src: imageUrl('', {}),
      width: '1280',
      height: '720',
    })
  })

  test('escapes every attribute: alt text and URLs cannot leave their quotes', () => {
    const alt = `"><script>alert('x')</script>&amp;`
    const html = imgHtml(
      'https://x.test/?a="b"&c',
      { plane: 'a<b>' },
      { alt, sizes: '" onerror="x' },
    )
    expect(html).not.toContain('<script>')
    expect(html.match(/"/g)!.length).toBe(2 * 8) // eight attributes, each value between its own two quotes
    expect(html).toContain(
      'alt="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;"',
    )
    const read = attributesOf(html)
    expect(read.alt).toBe(alt)
    expect(read.sizes).toBe('" onerror="x')
    expect(Object.keys(read)).toEqual([
      'src',
      'srcset',
      'sizes',
      'width',
      'height',
      'alt',
      'loading',
      'decoding',
    ])
  })

  test('needs alt text', () => {
    expect(() => imgHtml('', {}, {} as never)).toThrow(/alt/)
  })
})
