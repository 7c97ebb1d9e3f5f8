import { describe, expect, test } from 'bun:test'
import specials from '../../../assets/special-liveries.json'
import wordmarks from '../../../assets/wordmarks.json'
import { checkWordmarks } from '../../../src/catalog/wordmarks-schema'
import { LETTER_PRESETS } from '../../../src/catalog/wordmarks-schema'
import { missingGlyphs } from '../../../src/render/lettering/glyphs'
import { layOut } from '../../../src/render/lettering/layout'
import { PRESETS, styleOf } from '../../../src/render/lettering/style'
import { placementOn, resolveWordmark } from '../../../src/render/lettering/wordmarks'
import { titleGeometry } from '../../../src/render/paint/titles'
import { AIRLINES, frameOf } from './helpers'

const latin = (s: string) => !/[\u0590-\u06ff\u0e00-\u0e7f\u3000-\u9fff\uac00-\ud7af]/.test(s)

describe('glyphs', () => {
  test('every character of every title has a glyph of ours', () => {
    const texts = [
      ...AIRLINES.map((a) => a.livery.titles.text),
      ...(specials as { design: { titles: { text: string } } }[]).map((s) => s.design.titles.text),
      ...Object.values(wordmarks).map((w) => w.text),
      // second lines in the Latin script are lettered too
      ...AIRLINES.map((a) => a.livery.titles.second?.text ?? '').filter(latin),
    ]
    const missing = new Set(texts.flatMap(missingGlyphs))
    expect([...missing]).toEqual([])
  })

  test('a character outside the set is reported, not drawn from a font', () => {
    expect(missingGlyphs('A字')).toEqual(['字'])
  })

  test('b has its bowl right of its stem, d left: letters are set as read', () => {
    const bowlSide = (ch: string) => {
      const l = layOut(ch, styleOf({ preset: 'grotesk' }))
      const [stem, bowl] = l.ink.map((i) => i.pts.filter((_, k) => k % 2 === 0))
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length
      return Math.sign(mean(ch === 'b' ? bowl : stem) - mean(ch === 'b' ? stem : bowl))
    }
    expect(bowlSide('b')).toBe(1)
    expect(bowlSide('d')).toBe(-1)
  })
})

describe('wordmarks', () => {
  test('the file validates and every reference resolves', () => {
    expect(checkWordmarks(wordmarks, AIRLINES)).toEqual([])
  })

  test('a broken entry or reference is reported', () => {
    const bad = { lufthansa: wordmarks.lufthansa, nowhere: wordmarks.klm }
    const airlines = [...AIRLINES, { slug: 'x', livery: { titles: { wordmark: 'missing' } } }]
    const problems = checkWordmarks(bad, airlines as never).join('\n')
    expect(problems).toContain('nowhere')
    expect(problems).toContain('"missing"')
    // a second part must say what it spells
    const textless = { lufthansa: { ...wordmarks.lufthansa, second: { size: 1, at: 'after' } } }
    expect(checkWordmarks(textless, AIRLINES).join('\n')).toContain('/lufthansa/second/text')
    expect(
      checkWordmarks({ klm: { ...wordmarks.klm, style: { weight: 'bold' } } }, AIRLINES),
    ).not.toEqual([])
  })

  test('the schema offers exactly the presets the lettering has', () => {
    expect([...LETTER_PRESETS].sort() as string[]).toEqual(Object.keys(PRESETS).sort())
  })

  test('the first 69 airlines of the catalog each have a wordmark', () => {
    const without = AIRLINES.slice(0, 69).filter((a) => !a.livery.titles.wordmark)
    expect(without.map((a) => a.slug)).toEqual([])
  })
})

describe('title size follows the type', () => {
  const share = (plane: string, airline: string) => {
    const f = frameOf(plane, airline)
    const g = titleGeometry(f)
    if (!g) throw new Error('no titles')
    const target = placementOn(
      resolveWordmark(f.scheme.design.titles).placement,
      f.model.fus.plane,
      f.H >= 4.5,
    )
    return { got: g.length / f.L, want: target.length ?? 0 }
  }

  test.each(['airbus-a380-800', 'boeing-787-9', 'airbus-a320-200'])(
    "Lufthansa's title on the %s is the scheme's share of the fuselage",
    (plane) => {
      const { got, want } = share(plane, 'lufthansa')
      expect(want).toBeGreaterThan(0.1)
      expect(Math.abs(got - want)).toBeLessThan(0.015)
    },
  )

  test('the A380 and the 787-9 carry it at much the same share (not a third of it)', () => {
    const a = share('airbus-a380-800', 'lufthansa').got
    const b = share('boeing-787-9', 'lufthansa').got
    expect(a / b).toBeGreaterThan(0.8)
    expect(a / b).toBeLessThan(1.25)
  })
})
