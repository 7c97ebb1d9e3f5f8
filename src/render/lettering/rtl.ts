/**
 * Sets a line in a right-to-left script (Arabic, Persian, Hebrew): the text is shaped (arabic.ts),
 * and its glyphs placed from the right, so its first letter stands at the right end. The ink is
 * still in em units x to the right as the reader sees it: drawn from either side of an aircraft
 * (draw.ts), the line reads right to left, never mirrored. The wordmark's pen carries over; its
 * slant, serifs, contrast and bars do not (they belong to its Latin letters).
 */
import { LETTERS, letterGlyph, shape } from './arabic'
import { slantAndBound } from './bound'
import { HEBREW } from './hebrew'
import type { Ink, Lettering } from './layout'
import type { Glyph, Stroke } from './pen'
import type { LetterStyle } from './style'

/** a text in a right-to-left script: it holds an Arabic or Hebrew letter */
export const isRtl = (text: string) => /[\u0590-\u05ff\u0600-\u06ff]/.test(text)

/** the letters this setting draws */
export const rtlCovers = (ch: string) => ch in LETTERS || ch in HEBREW

/**
 * the Arabic line's baseline stands this far above the Latin one: its bowls then end where Latin
 * descenders do (clear of a window row under the titles), its alef as tall as a capital
 */
export const LIFT = 16

/** Hebrew letters drawn 72 high stand about a Latin capital's height beside one */
const HEBREW_SCALE = 1.15

/** white space between unjoined letters and between words */
const GAP = 12
const SPACE = 34

interface Piece {
  w: number
  s: Stroke[]
  fine: Stroke[]
  dots: [number, number][]
  at: number
  /** joined to the piece after it in reading order (on its left) */
  joined: boolean
}

/** the line's glyphs in reading order (spaces as empty pieces) */
function pieces(text: string, other: (ch: string) => Glyph | undefined): Piece[] {
  const out: Piece[] = []
  const chars = [...text]
  let i = 0
  while (i < chars.length) {
    let j = i
    if (chars[i] in LETTERS) {
      while (j < chars.length && chars[j] in LETTERS) j++
      for (const l of shape(chars.slice(i, j).join(''))) {
        const g = letterGlyph(l.ch, l.body, l.form)
        const up = (st: Stroke) => st.map((v, k) => (k % 2 ? v + LIFT : v))
        out.push({
          w: g.w,
          s: g.s.map(up),
          fine: g.fine.map(up),
          dots: g.dots.map(([x, y]) => [x, y + LIFT]),
          at: i + l.at,
          joined: l.form === 'n' || l.form === 'm',
        })
      }
    } else if (chars[i] in HEBREW) {
      const g = HEBREW[chars[i]]
      const big = (st: Stroke) => st.map((v) => v * HEBREW_SCALE)
      out.push({ w: g.w * HEBREW_SCALE, s: g.s.map(big), fine: [], dots: [], at: i, joined: false })
      j++
    } else {
      // a run in another script (figures, Latin) still reads left to right: set it reversed
      while (j < chars.length && !rtlCovers(chars[j])) j++
      const run: Piece[] = []
      for (let k = i; k < j; k++) {
        const g = chars[k] === ' ' ? undefined : other(chars[k])
        const blank = { s: [], fine: [], dots: [], at: k, joined: false }
        run.push(
          g ? { ...blank, w: g.w, s: g.s, dots: g.dots ?? [] } : { ...blank, w: SPACE - GAP },
        )
      }
      out.push(...run.reverse())
    }
    i = j
  }
  return out
}

/**
 * sets text right to left in the style's pen; colourAt gives each character's colour index, other
 * the glyph of a character in another script (glyphs.ts, passed in: it imports this file)
 */
export function layOutRtl(
  text: string,
  s: LetterStyle,
  colourAt: (i: number) => number,
  other: (ch: string) => Glyph | undefined,
): Lettering {
  // a pen under 8 loses the dots, over 11 fills the teeth and small loops
  const pen = Math.min(11, Math.max(8, s.weight * 0.8))
  const style: LetterStyle = {
    ...s,
    weight: pen,
    slant: 0,
    contrast: 0,
    serif: 'sans',
    terminals: 'round',
    width: 1,
    bars: [],
  }
  const ps = pieces(text, other)
  const width = ps.reduce((a, p, k) => a + p.w + (p.joined || k === ps.length - 1 ? 0 : GAP), 0)
  const ink: Ink[] = []
  // the reading line runs leftwards from the right end
  let right = width
  for (const p of ps) {
    const x0 = right - p.w
    const colour = colourAt(p.at)
    const move = (st: Stroke) => st.map((v, k) => (k % 2 ? v : v + x0))
    for (const st of p.s) ink.push({ kind: 'stroke', pts: move(st), colour })
    for (const st of p.fine) ink.push({ kind: 'stroke', pts: move(st), colour, w: pen * 0.6 })
    for (const [x, y] of p.dots) ink.push({ kind: 'dot', pts: [x + x0, y], colour })
    right = x0 - (p.joined ? 0 : GAP)
  }
  const out: Lettering = { ink, pen, style, x0: 0, x1: 0, y0: 0, y1: 0 }
  slantAndBound(out, width)
  return out
}
