/**
 * Sets a line of text in a lettering style: glyph skeletons placed along the baseline and bent by
 * the style (x-height, width, serifs, joins, slant), as ink in em units (cap height 100, y up, x
 * in reading order). Drawing (draw.ts) only maps these numbers onto a surface.
 */
import { slantAndBound } from './bound'
import { glyphOf } from './glyphs'
import { type Glyph, strokesOf } from './pen'
import { isRtl, layOutRtl } from './rtl'
import type { LetterStyle } from './style'

export interface Ink {
  kind: 'stroke' | 'fill' | 'dot'
  /** polyline (stroke), closed outline (fill) or centre (dot) */
  pts: number[]
  colour: number
  /** the pen's width when not the lettering's own (bars) */
  w?: number
}

export interface Lettering {
  ink: Ink[]
  /** the pen's width; dots are drawn with its radius */
  pen: number
  style: LetterStyle
  x0: number
  x1: number
  y0: number
  y1: number
}

/** a wordmark's own letter, SVG path data in the em box (y up); fill: an outline, not a skeleton */
export interface GlyphOverride {
  d: string
  w: number
  fill?: boolean
}

/** white space each side of a letter, beyond its pen */
const SIDE = 4

const cased = (text: string, c: LetterStyle['case']) =>
  c === 'upper' ? text.toUpperCase() : c === 'lower' ? text.toLowerCase() : text

/** lower-case letters take the style's x-height: the zone under 70 scales, ascenders keep the cap height */
function xMap(y: number, xh: number): number {
  const x = 100 * xh
  return y <= 70 ? (y * x) / 70 : x + ((y - 70) * (100 - x)) / 30
}

/** sets text; colourAt gives each character's colour index (a split wordmark) */
export function layOut(
  text: string,
  s: LetterStyle,
  overrides: Record<string, GlyphOverride> = {},
  colourAt: (i: number) => number = () => 0,
): Lettering {
  // Arabic and Hebrew are shaped and set from the right, in their own letters
  if (isRtl(text)) return layOutRtl(text, s, colourAt, glyphOf)
  const hy = ((1 - s.contrast) * s.weight) / 2
  const yIn = (y: number) => (y * (100 - 2 * hy)) / 100 + hy
  const ink: Ink[] = []
  let cursor = 0
  let prev: { x: number; y: number } | null = null
  const chars = [...cased(text, s.case)]
  chars.forEach((ch, i) => {
    const o = overrides[ch]
    const glyph: Glyph | undefined = o
      ? { w: o.w, s: strokesOf(o.d) }
      : (glyphOf(ch, s.geometric) ?? glyphOf('-'))
    if (!glyph) return
    const lower = ch !== ch.toUpperCase()
    const colour = colourAt(i)
    const x0 = cursor + s.weight / 2 + SIDE
    const map = (x: number, y: number): [number, number] => [
      x0 + x * s.width,
      o?.fill ? y : yIn(lower ? xMap(y, s.xHeight) : y),
    ]
    for (const st of glyph.s) {
      const pts: number[] = []
      for (let k = 0; k < st.length; k += 2) pts.push(...map(st[k], st[k + 1]))
      ink.push({ kind: o?.fill ? 'fill' : 'stroke', pts, colour })
      if (s.serif !== 'sans' && !o?.fill) serifs(st, pts, lower, s, hy, colour, ink)
    }
    for (const [dx, dy] of glyph.dots ?? []) ink.push({ kind: 'dot', pts: map(dx, dy), colour })
    if (s.connect && lower && glyph.s.length) {
      const first = entry(ink, ink.length - glyph.s.length)
      if (prev && first) ink.push({ kind: 'stroke', pts: join(prev, first), colour })
      prev = exit(glyph, map)
    } else prev = null
    cursor += glyph.w * s.width + s.weight + 2 * SIDE + s.tracking
  })
  const out: Lettering = { ink, pen: s.weight, style: s, x0: 0, x1: 0, y0: 0, y1: 0 }
  slantAndBound(out, cursor - s.tracking - SIDE)
  return out
}

/** serifs at the stems' ends on the baseline, x-height, cap height and descender; spurs on arms */
function serifs(
  sk: number[],
  pts: number[],
  lower: boolean,
  s: LetterStyle,
  hy: number,
  colour: number,
  ink: Ink[],
): void {
  const n = sk.length
  const len = (s.serif === 'slab' ? 0.45 : 0.4) * s.weight + (s.serif === 'slab' ? 9 : 10)
  for (const [e, q] of [
    [0, 2],
    [n - 2, n - 4],
  ]) {
    if (q < 0 || q >= n) continue
    const dx = Math.abs(sk[e] - sk[q]),
      dy = Math.abs(sk[e + 1] - sk[q + 1])
    const y = sk[e + 1]
    const onLine = [0, 70, 100, -28].some((l) => Math.abs(y - l) < 1.5)
    if (!onLine) continue
    const x = pts[e],
      py = pts[e + 1]
    const up = sk[q + 1] < y // the stem comes from below: a top serif
    // the serif is drawn with the stem's pen, centred on its end: its edge meets the stem's
    if (dy > 1.2 * dx) {
      // a top serif on a small letter's stem reaches out to the left only, as in book faces
      const left = x - len * (y > 0 && lower ? 1.1 : 1)
      const right = up && lower && y > 0 ? x : x + len
      ink.push({ kind: 'stroke', pts: [left, py, right, py], colour })
    } else if (dx > 2 * dy && s.serif === 'serif' && (y === 0 || y === 100) && !lower) {
      // arm ends (E, F, L, T, Z) get a spur towards the letter's inside
      const spur = 0.55 * len
      ink.push({ kind: 'stroke', pts: [x, py, x, py + (y === 0 ? spur : -spur)], colour })
    }
  }
}

function entry(ink: Ink[], from: number): { x: number; y: number } | null {
  const p = ink[from]?.pts
  return p ? { x: p[0], y: p[1] } : null
}

/** where a letter hands its line on to the next: its lowest point on the right */
function exit(glyph: Glyph, map: (x: number, y: number) => [number, number]) {
  let best: [number, number] | null = null
  for (const st of glyph.s)
    for (let k = 0; k < st.length; k += 2) {
      const [x, y] = map(st[k], st[k + 1])
      if (y < 40 && (!best || x - y * 0.3 > best[0] - best[1] * 0.3)) best = [x, y]
    }
  return best ? { x: best[0], y: best[1] } : null
}

/** a script join: down from one letter's exit along the baseline and up into the next */
function join(a: { x: number; y: number }, b: { x: number; y: number }): number[] {
  const out: number[] = []
  for (let k = 0; k <= 6; k++) {
    const t = k / 6
    const sag = Math.sin(Math.PI * t) * 6
    out.push(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t * t - sag)
  }
  return out
}
