/**
 * Hebrew letters of the catalog's second title lines, drawn for this project in a plain square
 * monoline: letters stand 72 high on the baseline (lamed's stem rises to 100, qof's leg drops to
 * -28), each in its own box; they are set right to left like the Arabic (rtl.ts), unjoined.
 */
import { type Glyph, strokesOf } from './pen'

const h = (w: number, d: string): Glyph => ({ w, s: strokesOf(d) })

export const HEBREW: Record<string, Glyph> = {
  // alef: the diagonal from top left to foot right, an arm hung from the top right, a leg at left
  א: h(54, 'M4 72L50 0M48 72Q48 46 30 40M8 0Q8 26 22 32'),
  // bet: a top, the right side down, the base running past it to the right
  ב: h(52, 'M0 72L38 72Q46 72 46 64L46 0M0 0L54 0'),
  // he: a roof and its right side, a short left leg clear of the roof
  ה: h(50, 'M0 72L40 72Q50 72 50 62L50 0M4 48L4 0'),
  // vav and yod: a head and a stem, long and short
  ו: h(14, 'M0 72L8 72Q14 72 14 66L14 0'),
  י: h(16, 'M0 72L10 72Q16 72 16 66L16 42'),
  // lamed: a stem above the line, along the top, down the right and back left at the foot
  ל: h(48, 'M4 100L4 72L40 72Q48 72 46 60L42 26Q38 4 18 0'),
  // mem: an open left corner, a rounded right side, a base
  מ: h(56, 'M0 72Q12 72 12 60L8 0M20 72L44 72Q56 72 56 60L56 0L20 0'),
  // nun: a head, down the right, along the base
  נ: h(36, 'M6 72L26 72Q32 72 32 66L32 0L0 0'),
  // ayin: the left arm down into the right one, which runs down and out to the left
  ע: h(52, 'M4 72L28 12M52 72L46 28Q38 0 0 0'),
  // qof: a roof and its right side, a separate leg below the line on the left
  ק: h(50, 'M4 72L40 72Q50 72 50 62L50 14Q50 4 40 4M6 46L6 -28'),
  // resh: a roof rounded into its right side
  ר: h(46, 'M0 72L34 72Q46 72 46 60L46 0'),
  // shin: three arms on a base, the middle one leaning into the left corner
  ש: h(58, 'M58 72L58 12Q58 0 46 0L14 0Q0 0 0 14L0 72M30 72Q30 30 6 8'),
  // tav: a roof and its right side, the left leg with a foot
  ת: h(54, 'M0 72L42 72Q54 72 54 60L54 0M12 72L12 4Q12 0 4 0'),
}
