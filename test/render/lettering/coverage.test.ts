/**
 * Every Latin text the service draws is lettered by our glyphs, none by a font: a character
 * without a glyph would come out as a hyphen, so each one the catalog, the sheets and the
 * watermark can contain must have its own.
 */
import { describe, expect, test } from 'bun:test'
import planes from '../../../assets/planes.json'
import specials from '../../../assets/special-liveries.json'
import type { LiveryDesign } from '../../../src/catalog/types'
import { BADGE, CAPTION } from '../../../src/pipeline/pixels/watermark'
import { glyphOf, missingGlyphs } from '../../../src/render/lettering/glyphs'
import { emblemNames } from '../../../src/render/paint/emblems'
import { AIRLINES } from './helpers'

const designs: LiveryDesign[] = [
  ...AIRLINES.map((a) => a.livery),
  ...(specials as unknown as { design: LiveryDesign }[]).map((s) => s.design),
]

const missingIn = (texts: string[]) => [...new Set(texts.flatMap(missingGlyphs))]

describe('every text drawn has glyphs of ours', () => {
  test('tail letters and engine titles', () => {
    const texts = designs.flatMap((d) => [d.tail.text?.text ?? '', d.engineTitles?.text ?? ''])
    expect(texts.filter(Boolean).length).toBeGreaterThan(40)
    expect(missingIn(texts)).toEqual([])
  })

  test('airline, plane and special livery names, and emblem names (sheet labels)', () => {
    const texts = [
      ...AIRLINES.map((a) => a.name),
      ...(planes as { name: string }[]).map((p) => p.name),
      ...(specials as { name: string }[]).map((s) => s.name),
      ...emblemNames(),
    ]
    expect(missingIn(texts)).toEqual([])
  })

  test('the watermark and the signs sheet labels use', () => {
    expect(missingIn([CAPTION, BADGE, '( ) - / . , : ; ° × + = & % ? ! _ \u2013 \u2019'])).toEqual(
      [],
    )
  })

  test('accented capitals and small letters of catalog names are composed, not missing', () => {
    expect(missingIn(['Líneas Aéreas', 'Aeroméxico', 'ÇÉÖÜÑ ãçñöü'])).toEqual([])
  })

  test('punctuation has its own shapes: none is a copy of the hyphen', () => {
    const hyphen = JSON.stringify(glyphOf('-'))
    for (const ch of '()/.,:°×+=·—') expect(JSON.stringify(glyphOf(ch))).not.toBe(hyphen)
    // brackets bow outwards: ( from its top end to the left, ) to the right
    const open = glyphOf('(')!.s[0],
      close = glyphOf(')')!.s[0]
    expect(open[2]).toBeLessThan(open[0])
    expect(close[2]).toBeGreaterThan(close[0])
  })
})
