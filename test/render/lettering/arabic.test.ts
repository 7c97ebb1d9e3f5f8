import { describe, expect, test } from 'bun:test'
import wordmarks from '../../../assets/wordmarks.json'
import { letterGlyph, shape } from '../../../src/render/lettering/arabic'
import { missingGlyphs } from '../../../src/render/lettering/glyphs'
import { layOut } from '../../../src/render/lettering/layout'
import { isRtl, LIFT } from '../../../src/render/lettering/rtl'
import { styleOf } from '../../../src/render/lettering/style'
import { AIRLINES } from './helpers'

const style = styleOf({ preset: 'grotesk' })
const marks = wordmarks as Record<string, { second?: { text?: string } }>

/** every second line in Arabic, Persian or Hebrew: the livery's own and its wordmark's */
const LINES = [
  ...AIRLINES.map((a) => a.livery.titles.second?.text ?? ''),
  ...Object.values(marks).map((w) => w.second?.text ?? ''),
].filter(isRtl)

const forms = (word: string) => shape(word).map((l) => `${l.body}:${l.form}`)

/** mean x of the ink of one colour */
function meanX(text: string, colourOf: (i: number) => number, colour: number): number {
  const xs = layOut(text, style, {}, colourOf)
    .ink.filter((i) => i.colour === colour)
    .flatMap((i) => i.pts.filter((_, k) => k % 2 === 0))
  return xs.reduce((a, b) => a + b, 0) / xs.length
}

describe('right-to-left second lines', () => {
  test('the catalog has them, and our letters cover every one', () => {
    expect(LINES.length).toBeGreaterThan(40)
    const missing = new Set(LINES.flatMap(missingGlyphs))
    expect([...missing]).toEqual([])
  })

  test('a letter outside the set is still reported', () => {
    expect(missingGlyphs('ڤ')).toEqual(['ڤ'])
  })

  test('each letter takes its joining form from its neighbours', () => {
    // al-arabiya: alef stands alone, lam starts, ain joins both sides, reh ends and breaks the word
    expect(forms('العربية')).toEqual([
      'alef:i',
      'lam:n',
      'ain:m',
      'reh:f',
      'beh:n',
      'yeh:m',
      'heh:f',
    ])
    expect(forms('طيران')).toEqual(['tah:n', 'yeh:m', 'reh:f', 'alef:i', 'noon:i'])
    expect(forms('مصر')).toEqual(['meem:n', 'sad:m', 'reh:f'])
  })

  test('lam and alef become one ligature, joined or not', () => {
    expect(forms('الاتحاد')).toEqual(['alef:i', 'lamalef:i', 'beh:n', 'jeem:m', 'alef:f', 'dal:i'])
    expect(forms('الملكية')).toContain('lam:n')
    expect(forms('للطيران')[1]).toBe('lam:m')
    expect(forms('فلاي')[1]).toBe('lamalef:f')
  })

  test('dots follow the letter: teh two above its tooth, beh one below, Persian yeh none at the end', () => {
    const teh = letterGlyph('ت', 'beh', 'n')
    expect(teh.dots).toHaveLength(2)
    expect(teh.dots.every(([, y]) => y > 26)).toBe(true)
    const beh = letterGlyph('ب', 'beh', 'n')
    expect(beh.dots.map(([, y]) => y < 0)).toEqual([true])
    expect(letterGlyph('ی', 'yeh', 'i').dots).toEqual([])
    expect(letterGlyph('ی', 'yeh', 'm').dots).toHaveLength(2)
  })

  test.each([
    ['Arabic', 'مصر'],
    ['Hebrew', 'אל'],
  ])('%s is set right to left: its first letter stands at the right', (_script, word) => {
    const first = (i: number) => (i === 0 ? 1 : 0)
    expect(meanX(word, first, 1)).toBeGreaterThan(meanX(word, first, 0))
  })

  test('a joined word is one line along the baseline: its letters meet', () => {
    // the horizontal baseline pieces of meem, sad and reh, merged into runs
    const runs: [number, number][] = []
    for (const it of layOut('مصر', style).ink)
      for (let k = 0; it.kind === 'stroke' && k + 3 < it.pts.length; k += 2) {
        const [x0, y0, x1, y1] = it.pts.slice(k, k + 4)
        if (Math.abs(y0 - LIFT) < 0.5 && Math.abs(y1 - LIFT) < 0.5 && x0 !== x1)
          runs.push([Math.min(x0, x1), Math.max(x0, x1)])
      }
    runs.sort((a, b) => a[0] - b[0])
    const merged = runs.reduce<[number, number][]>((out, r) => {
      const last = out[out.length - 1]
      if (last && r[0] <= last[1] + 0.5) last[1] = Math.max(last[1], r[1])
      else out.push([...r])
      return out
    }, [])
    expect(merged).toHaveLength(1)
    expect(merged[0][1] - merged[0][0]).toBeGreaterThan(80)
  })
})
