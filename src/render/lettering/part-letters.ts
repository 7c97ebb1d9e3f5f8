/**
 * Letters on the fin (tail text) and on the engine cowls: in the airline's wordmark style when they
 * repeat its titles or a part of them (KLM, easyJet, the t of transavia), otherwise in the preset
 * their own fields name (the SAS fin is not lettered like its SCANDINAVIAN titles). Set as written,
 * in one colour, without the titles' bars, which are measured to the title's own length.
 */
import type { LiveryDesign } from '../../catalog/types'
import type { Wordmark } from '../../catalog/wordmarks-schema'
import { type Lettering, layOut } from './layout'
import { strokesOf } from './pen'
import { styleOf, styleOfTitles } from './style'
import { wordmarkEntry } from './wordmarks'

type Titles = LiveryDesign['titles']

/** the fields of a fin's or a cowl's letters that choose their look */
export interface PartText {
  text: string
  font?: 'sans' | 'serif'
  weight?: 'regular' | 'bold'
}

/** letters and figures only, lower case: "wizzair.com" repeats "Wizz Air" */
const key = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')

export function partLettering(t: PartText, titles: Titles): Lettering {
  const w = titles.wordmark ? wordmarkEntry(titles.wordmark) : undefined
  const a = key(t.text),
    b = key(w?.text ?? '')
  if (w && a && b && (a.includes(b) || b.includes(a)))
    return layOut(t.text, { ...styleOf(w.style), case: 'as-is', bars: [] }, lettersOnly(w))
  return layOut(t.text, styleOfTitles(t))
}

/**
 * a wordmark's own letters that stay in the letter's box: one drawn with an ornament (the crown
 * over KLM's L) would repeat what the fin already shows as an emblem
 */
function lettersOnly(w: Wordmark): NonNullable<Wordmark['overrides']> {
  const out: NonNullable<Wordmark['overrides']> = {}
  for (const [ch, o] of Object.entries(w.overrides ?? {})) {
    const ys = strokesOf(o.d).flatMap((s) => s.filter((_, i) => i % 2 === 1))
    if (Math.max(...ys) <= 110 && Math.min(...ys) >= -40) out[ch] = o
  }
  return out
}

/**
 * how a part's letters sit: `height` metres of ink above the baseline, centred on the origin, and
 * narrowed (fit, along x) where they would run past `room` metres
 */
export function partPlacement(l: Lettering, height: number, room: number) {
  const scale = height / Math.max(1, l.y1)
  const fit = Math.min(1, room / ((l.x1 - l.x0) * scale))
  const at = { x: (-(l.x0 + l.x1) / 2) * scale, y: (-l.y1 / 2) * scale, scale, dir: 1 as const }
  return { fit, at }
}
