import { expect, test } from 'bun:test'
import { createCanvas } from '@napi-rs/canvas'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { missingGlyphs } from '../../../src/render/lettering/glyphs'
import { fontOf } from '../../../src/render/paint/titles'

/** the ink of one character drawn in a title font: every glyph a font lacks is drawn as the same box */
function ink(char: string): Uint8ClampedArray {
  const c = createCanvas(64, 64)
  const ctx = c.getContext('2d')
  ctx.font = fontOf({ font: 'sans', weight: 'bold' }, 48)
  ctx.fillStyle = '#000'
  ctx.fillText(char, 4, 52)
  return ctx.getImageData(0, 0, 64, 64).data
}
const alpha = (d: Uint8ClampedArray) => d.filter((_, i) => i % 4 === 3)
const differ = (a: string, b: string) =>
  Buffer.compare(Buffer.from(alpha(ink(a))), Buffer.from(alpha(ink(b)))) !== 0

test.each([
  ['Chinese', '中', '国'],
  ['Traditional Chinese', '國', '榮'],
  ['Thai', 'ก', 'ไ'],
])('draws %s title glyphs from the bundled fallback fonts, not as empty boxes', (_script, a, b) => {
  expect(alpha(ink(a)).some((v) => v > 0)).toBe(true)
  expect(differ(a, b)).toBe(true)
})

test('every second-line title our lettering lacks uses only characters the bundled fonts draw', () => {
  const catalog = loadEmbeddedCatalog()
  const tofu = alpha(ink('\uE000')) // a private-use character no bundled font has
  for (const airline of catalog.airlines) {
    const second = airline.livery.titles?.second?.text
    // a line our letters cover is never set in a font (titles.ts)
    if (!second || !missingGlyphs(second).length) continue
    for (const ch of second.replace(/\s/g, ''))
      expect({
        airline: airline.slug,
        ch,
        boxed: Buffer.compare(Buffer.from(alpha(ink(ch))), Buffer.from(tofu)) === 0,
      }).toEqual({ airline: airline.slug, ch, boxed: false })
  }
})
