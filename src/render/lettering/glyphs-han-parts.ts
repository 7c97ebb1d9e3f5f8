/**
 * Components shared by several Han characters (glyphs-han.ts), as path data y down in the 100-unit
 * box: a radical is drawn once, so every character built on it writes it alike.
 */

/** the water radical, left, in x 0..20 */
export const WATER = 'M8 12L16 20 M3 38L12 45 M4 90L17 64'
/** the altar radical, left, in x 2..38 */
export const ALTAR = 'M18 2L24 12 M4 24H34L6 60 M22 44V98 M26 52L36 62'
/** the ear radical on the right, its stem at x */
export const earRight = (x: number) =>
  `M${x} 6V98 M${x} 8H${x + 22}L${x + 10} 34Q${x + 28} 48 ${x + 20} 62L${x + 10} 62`
/** the moon / flesh component in x0..x1, y0..100, its left stem falling left at the foot */
export const moon = (x0: number, x1: number, y0: number) => {
  const h = 100 - y0
  return `M${x0} ${y0}V${y0 + 0.7 * h}Q${x0 - 1} ${y0 + 0.9 * h} ${x0 - 8} 98
    M${x0} ${y0}H${x1}V92Q${x1} 98 ${x1 - 7} 98L${x1 - 12} 93
    M${x0} ${y0 + 0.28 * h}H${x1} M${x0} ${y0 + 0.54 * h}H${x1}`
}
/** a box (口, 日 without its middle) from x0,y0 to x1,y1, the bottom written last */
export const box = (x0: number, y0: number, x1: number, y1: number) =>
  `M${x0} ${y0}V${y1} M${x0} ${y0}H${x1}V${y1} M${x0} ${y1}H${x1}`
/** the bow 弓 in x0..x1, y0..y1 */
export const bow = (x0: number, y0: number, x1: number, y1: number) => {
  const m = (y0 + y1) / 2 - 4
  return `M${x0} ${y0}H${x1}L${x1 - 2} ${m}H${x0 + 4}L${x0 + 2} ${m + 12}H${x1 + 4}
    Q${x1 + 4} ${y1} ${x1 - 4} ${y1}L${x1 - 10} ${y1 - 4}`
}

/** the character 奥 */
export const AO = `M54 2L44 10 M16 12V58 M16 12H84V58 M36 20L40 28 M66 20L60 28 M24 34H76 M50 16V56
  M50 34L30 50 M50 34L70 50 M6 66H94 M50 56Q46 84 10 98 M54 72Q70 90 96 98`
