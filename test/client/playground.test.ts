/**
 * The playground's "Copy HTML" (src/serve/home/api.js, a page script served as it is) keeps a
 * small copy of the client's imgHtml: fed the query the page builds, it must write the same tag,
 * with the presets the page reads from /openapi.json.
 */
import { beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { join } from 'node:path'
import { imageUrl, imgHtml } from '../../client/src'
import { makeApp } from '../support/app'
import { imageOptions } from './arbitrary'

interface PageSizes {
  presets: Record<string, number>
  defaultWidth: number
}
interface PageApi {
  imgHtml(origin: string, query: URLSearchParams, options: { alt: string } & PageSizes): string
  sizesOf(params: unknown[]): PageSizes
}
// a browser module: imported by path, so its lack of types does not matter to the type check
const page = (await import(join(import.meta.dir, '../../src/serve/home/api.js'))) as PageApi
const ORIGIN = 'https://images.example.com'
let sizes: PageSizes

beforeAll(async () => {
  const { json } = await makeApp()
  const { body } = await json('/openapi.json')
  sizes = page.sizesOf(body.paths['/v1/images/plane'].get.parameters)
})

/** the page's query: the non-default parameters in the schema's order, as home.js builds it */
const pageQuery = (options: Parameters<typeof imageUrl>[1]) =>
  new URLSearchParams(imageUrl('', options).split('?')[1] ?? '')

describe("the playground's Copy HTML", () => {
  test('reads the presets and the default width from /openapi.json', () => {
    expect(sizes).toEqual({
      presets: { thumb: 512, card: 1024, hd: 2048, ultra: 4096 },
      defaultWidth: 1280,
    })
  })

  test('writes the tag the client writes, for any options and alt text', () => {
    const alt = fc.oneof(
      fc.constantFrom('Airbus A350-900 in Lufthansa livery', '', `"'<&>`),
      fc.string({ maxLength: 20 }),
    )
    fc.assert(
      fc.property(imageOptions, alt, (options, text) => {
        expect(page.imgHtml(ORIGIN, pageQuery(options), { alt: text, ...sizes })).toBe(
          imgHtml(ORIGIN, options, { alt: text }),
        )
      }),
      { numRuns: 300 },
    )
  })

  test('and the same for a bare image and for each size', () => {
    for (const options of [
      {},
      { width: 640 },
      { resolution: 'thumb' as const },
      { plane: 'a320', width: 4096 },
    ])
      expect(page.imgHtml(ORIGIN, pageQuery(options), { alt: 'x', ...sizes })).toBe(
        imgHtml(ORIGIN, options, { alt: 'x' }),
      )
  })
})
