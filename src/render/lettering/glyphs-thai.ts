/**
 * Thai letters of the catalog's second title lines as skeletons (pen.ts), drawn for this project
 * in the looped style of Thai signage: a consonant's body stands about the Latin x-height, its head
 * a small loop on the stem, and the vowels above the line sit over the consonant before them.
 */
import { arc, type Glyph, type Stroke, strokesOf } from './pen'

/** a head: the small loop at the top of a stem, on the stem's inner side */
const head = (x: number, y: number, r = 9): Stroke => arc(x + r, y, r, r, 180, 540)

/**
 * A mark over the letter before it. Layout advances by the glyph's width plus a pen and side
 * bearings; a mark's width is minus that, about, so the next letter lands where it would without
 * the mark, and the mark's strokes reach back over the previous letter's middle.
 */
const BACK = 34
function over(d: string, base: number, markW: number): Glyph {
  const dx = -BACK - base / 2 - markW / 2
  return { w: -BACK, s: strokesOf(d).map((s) => s.map((v, i) => (i % 2 ? v : v + dx))) }
}

export const THAI: Record<string, Glyph> = {
  // ko kai: an arch, its left stem kinked out at the top (the beak)
  ก: { w: 60, s: strokesOf('M8 0V48L2 56Q8 72 34 72Q60 72 60 46V0') },
  // sara aa: a stem hooked over at its top
  า: { w: 38, s: strokesOf('M0 58Q6 72 22 72Q38 72 38 58V0') },
  // ro ruea: a wavy top, the right side down and back left into a loop on the line
  ร: {
    w: 46,
    s: strokesOf(
      'M2 60Q12 74 24 66Q34 60 46 70V42Q46 30 26 28Q12 26 12 12Q12 2 22 2Q30 2 30 10Q30 18 20 16',
    ),
  },
  // bo baimai: a cup with a head on its left stem, the right stem higher
  บ: { w: 56, s: [head(3, 60), ...strokesOf('M3 60V0H56V70')] },
  // no nu: the same cup, its right stem ending in a curl
  น: { w: 72, s: [head(3, 60), ...strokesOf('M3 60V0H54V58Q54 72 64 72Q72 72 72 64Q72 56 62 58')] },
  // tho thahan: a headed stem and an arch rising from its middle
  ท: { w: 58, s: [head(3, 62, 7), ...strokesOf('M3 62V0 M3 20L26 62Q32 72 44 72Q58 72 58 54V0')] },
  // yo yak: the cup with a notch in its left stem
  ย: { w: 56, s: [head(3, 60), ...strokesOf('M3 60V34L20 24L3 14V0H56V70')] },
  // sara ai maimalai: a tall stem from a loop on the line, its top curled back
  ไ: { w: 24, s: [arc(14, 8, 8, 8, 0, 360), ...strokesOf('M22 8V84Q22 100 10 100Q2 100 4 92')] },
  // sara i, over a consonant of the common width
  'ิ': over('M0 90Q4 106 22 106Q40 106 44 94', 56, 44),
}
