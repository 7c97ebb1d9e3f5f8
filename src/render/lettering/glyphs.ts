/**
 * The glyph of a character: the skeleton sets, the Cyrillic capitals that share a Latin form, and
 * accented letters built from their letter and mark (Unicode decomposition). Nothing here falls
 * back to a font: a character without a glyph is reported, and the tests hold every title to it.
 */
import { ACCENTS, ALT, LOWER, MARKS } from './glyphs-lower'
import { HAN } from './glyphs-han'
import { THAI } from './glyphs-thai'
import { CYRILLIC, UPPER } from './glyphs-upper'
import { flipped, type Glyph, merged, shifted } from './pen'
import { rtlCovers } from './rtl'

/** Cyrillic capitals drawn as the Latin capital of the same form */
const SAME: Record<string, string> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
}

const MIRRORED: Record<string, Glyph> = { И: flipped(UPPER.N), Я: flipped(UPPER.R) }

function plain(ch: string, geometric: boolean): Glyph | undefined {
  if (geometric && ALT[ch]) return ALT[ch]
  return (
    UPPER[ch] ??
    LOWER[ch] ??
    MARKS[ch] ??
    CYRILLIC[ch] ??
    MIRRORED[ch] ??
    UPPER[SAME[ch]] ??
    HAN[ch] ??
    THAI[ch]
  )
}

/** the top of a letter's skeleton: where an accent sits */
function topOf(a: Glyph): number {
  let top = 0
  for (const s of a.s) for (let i = 1; i < s.length; i += 2) top = Math.max(top, s[i])
  return top
}

/** the glyph of ch, or undefined when the set has none */
export function glyphOf(ch: string, geometric = false): Glyph | undefined {
  const own = plain(ch, geometric)
  if (own) return own
  const [base, ...marks] = ch.normalize('NFD')
  const letter = plain(base, geometric)
  if (!letter || !marks.length || marks.some((m) => !ACCENTS[m])) return undefined
  // an accented i loses its dot
  let out: Glyph = base === 'i' ? { w: 0, s: LOWER.i.s } : letter
  const top = topOf(letter) + 10
  for (const m of marks)
    out = merged(out, shifted(ACCENTS[m], letter.w / 2, m === '\u0327' ? 0 : top))
  return out
}

/** the characters of text the lettering cannot draw */
export function missingGlyphs(text: string): string[] {
  return [...new Set([...text].filter((c) => !glyphOf(c) && !rtlCovers(c)))]
}
