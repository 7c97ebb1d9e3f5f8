/**
 * Arabic letter bodies (the rasm, without dots) in a plain monoline naskh drawn for this project:
 * SVG path data (pen.ts strokesOf) in the em box, baseline 0, alef 84 high, bowls down to about -36.
 * A joined form meets its neighbours on the baseline: the letter before it (on the right) at
 * (w, 0), the letter after it (on the left) at (0, 0), so joined letters run as one line.
 * Each form carries where its dots go: [x, height of dots above, height of dots below].
 */

export interface Form {
  w: number
  d: string
  dot: [number, number, number]
}

/** the four joining forms: isolated, initial (joins the next), medial, final (joins the previous) */
export type FormName = 'i' | 'n' | 'm' | 'f'
export type Forms = Partial<Record<FormName, Form>>

const f = (w: number, d: string, x: number, up: number, down: number): Form => ({
  w,
  d,
  dot: [x, up, down],
})

/** a deep round bowl from (x, top) down and back up to the left edge (noon, seen, sad, lam) */
const bowl = (x: number, top = 0) => `M${x} ${top}L${x} 0C${x} -44 0 -44 0 12`

const TOOTH_N = f(12, 'M12 26L12 7Q12 0 5 0L0 0', 12, 42, -18)
const TOOTH_M = f(24, 'M24 0L0 0M12 0L12 26', 12, 42, -18)

export const FORMS: Record<string, Forms> = {
  alef: { i: f(0, 'M0 0L0 84', 0, 96, -16), f: f(12, 'M12 0L5 0Q0 0 0 6L0 84', 0, 96, -16) },
  beh: {
    n: TOOTH_N,
    m: TOOTH_M,
    f: f(64, 'M64 0L14 0Q0 0 0 20M52 0L52 16', 30, 18, -18),
    i: f(60, 'M60 20Q60 0 44 0L14 0Q0 0 0 20', 30, 18, -18),
  },
  noon: {
    n: TOOTH_N,
    m: TOOTH_M,
    f: f(58, `M58 0L44 0${bowl(44)}`, 22, 14, -44),
    i: f(44, bowl(44, 18), 22, 14, -44),
  },
  yeh: {
    n: TOOTH_N,
    m: TOOTH_M,
    f: f(64, 'M64 0L56 0Q46 0 46 -8Q44 -24 24 -24Q4 -24 0 -8', 26, 30, -40),
    i: f(58, 'M46 28Q26 30 26 16Q26 4 44 4Q58 2 56 -16Q52 -36 22 -34Q2 -32 0 -16', 30, 44, -17),
  },
  jeem: {
    n: f(46, 'M46 34Q30 34 10 30L32 3Q34 0 38 0L0 0', 24, 48, -18),
    m: f(62, 'M62 0Q52 0 50 30L10 30L32 3Q34 0 38 0L0 0', 28, 48, -18),
    f: f(62, 'M62 0Q52 0 50 30L16 30Q0 18 0 -10Q2 -38 40 -36', 30, 48, -2),
    i: f(48, 'M48 36Q34 34 16 30Q0 18 0 -10Q2 -38 40 -36', 24, 50, -2),
  },
  dal: {
    f: f(38, 'M38 0L0 0M8 44Q28 24 26 2', 16, 56, -18),
    i: f(28, 'M6 44Q26 24 26 8Q26 0 16 0L0 0', 14, 56, -18),
  },
  reh: {
    f: f(40, 'M40 0L32 0Q28 0 28 -8Q26 -30 0 -36', 28, 18, -48),
    i: f(30, 'M28 20Q30 -26 0 -36', 28, 36, -48),
  },
  waw: {
    f: f(44, 'M44 2L28 2M30 8Q30 26 18 26Q6 26 6 14Q6 4 18 4Q30 4 30 -8Q28 -30 0 -36', 18, 40, -48),
    i: f(32, 'M30 8Q30 26 18 26Q6 26 6 14Q6 4 18 4Q30 4 30 -8Q28 -30 0 -36', 18, 40, -48),
  },
  heh: {
    n: f(34, 'M0 0L18 0Q34 0 34 20Q34 40 18 40Q4 40 4 20Q4 0 18 0M12 12L26 30', 18, 54, -18),
    m: f(
      36,
      'M36 0L0 0M18 0Q8 10 10 22Q12 32 18 32Q24 32 26 22Q28 10 18 0M18 0Q10 -8 12 -14Q14 -20 18 -20Q22 -20 24 -14Q26 -8 18 0',
      18,
      46,
      -32,
    ),
    f: f(40, 'M40 0L8 0Q-2 0 0 12Q4 30 18 30Q30 28 24 14Q18 2 8 0', 14, 44, -18),
    i: f(32, 'M16 0Q32 0 32 16Q32 32 16 32Q0 32 0 16Q0 0 16 0', 16, 46, -18),
  },
  meem: {
    n: f(26, 'M0 0L16 0Q26 0 26 10Q26 20 16 20Q6 20 6 10Q6 0 16 0', 16, 34, -18),
    m: f(34, 'M34 0L0 0M17 0Q27 0 27 10Q27 20 17 20Q7 20 7 10Q7 0 17 0', 17, 34, -18),
    f: f(38, 'M38 0L18 0Q28 0 28 10Q28 20 18 20Q8 20 8 10Q8 0 18 0M8 10Q6 -10 6 -40', 18, 34, -18),
    i: f(30, 'M20 0Q30 0 30 10Q30 20 20 20Q10 20 10 10Q10 0 20 0M10 10Q8 -10 8 -40', 20, 34, -18),
  },
  lam: {
    n: f(10, 'M10 84L10 7Q10 0 3 0L0 0', 10, 96, -18),
    m: f(22, 'M22 0L0 0M11 0L11 84', 11, 96, -18),
    f: f(58, `M58 0L46 0${bowl(46, 84)}`, 23, 96, -44),
    i: f(46, bowl(46, 84), 23, 96, -44),
  },
  /** lam-alef, the one ligature: the lam's stem on the right, the alef leaning into it */
  lamalef: {
    f: f(50, 'M50 0L38 0M38 84L38 10Q38 0 28 0L18 0M2 84L18 0', 2, 96, -16),
    i: f(38, 'M38 84L38 10Q38 0 28 0L18 0M2 84L18 0', 2, 96, -16),
  },
  kaf: {
    n: f(52, 'M0 0L40 0Q50 0 44 10L20 40Q14 48 24 52L52 66', 30, 84, -18),
    m: f(62, 'M62 0L0 0M42 0Q50 2 44 10L20 40Q14 48 24 52L52 66', 30, 84, -18),
    f: f(74, 'M74 0L10 0Q0 0 0 14M52 0Q60 2 54 10L30 40Q24 48 34 52L62 66', 22, 84, -18),
    i: f(62, 'M52 0L10 0Q0 0 0 14M52 0Q60 2 54 10L30 40Q24 48 34 52L62 66', 22, 84, -18),
  },
  seen: {
    n: f(40, 'M40 18L40 6Q40 0 34 0L0 0M26 0L26 18M12 0L12 18', 26, 36, -18),
    m: f(52, 'M52 0L0 0M40 0L40 18M26 0L26 18M12 0L12 18', 26, 36, -18),
    f: f(72, `M72 0L40 0M68 0L68 18M54 0L54 18${bowl(40, 18)}`, 54, 36, -44),
    i: f(68, `M68 18L68 6Q68 0 62 0L40 0M54 0L54 18${bowl(40, 18)}`, 54, 36, -44),
  },
  sad: {
    n: f(58, 'M16 2Q18 28 40 28Q58 28 58 12Q58 0 40 0L0 0M6 0L6 16', 38, 44, -18),
    m: f(68, 'M68 0L0 0M16 0Q18 28 40 28Q58 28 58 12Q58 0 46 0M6 0L6 16', 38, 44, -18),
    f: f(98, `M98 0L40 0M50 0Q52 28 74 28Q92 28 92 12Q92 0 80 0${bowl(40, 18)}`, 72, 44, -44),
    i: f(92, `M50 2Q52 28 74 28Q92 28 92 12Q92 0 74 0L40 0${bowl(40, 18)}`, 72, 44, -44),
  },
  tah: {
    n: f(52, 'M6 0Q10 28 34 28Q52 28 52 12Q52 0 34 0L0 0M16 6L16 84', 36, 44, -18),
    m: f(62, 'M62 0L0 0M6 0Q10 28 34 28Q52 28 52 12Q52 0 40 0M16 6L16 84', 36, 44, -18),
    f: f(62, 'M62 0L0 0M6 0Q10 28 34 28Q52 28 52 12Q52 0 40 0M16 6L16 84', 36, 44, -18),
    i: f(52, 'M6 0Q10 28 34 28Q52 28 52 12Q52 0 34 0L6 0M16 6L16 84', 36, 44, -18),
  },
  ain: {
    n: f(42, 'M40 30Q24 40 16 30Q10 20 24 8Q32 2 42 0L0 0', 28, 52, -18),
    m: f(40, 'M40 0L0 0M20 0L8 26L32 26Z', 20, 42, -18),
    f: f(50, 'M50 0L34 0Q38 22 24 24Q10 22 16 4Q20 0 26 0Q0 -2 0 -18Q2 -40 40 -36', 24, 40, -18),
    i: f(44, 'M42 34Q24 42 16 30Q10 18 30 6L40 2M30 6Q0 8 0 -14Q2 -40 40 -36', 28, 54, -18),
  },
  feh: {
    n: f(34, 'M0 0L26 0Q32 0 32 12Q32 28 20 28Q8 28 8 18Q8 8 26 8', 20, 44, -18),
    m: f(40, 'M40 0L0 0M28 0Q34 4 32 14Q30 28 20 28Q8 28 10 16Q12 6 28 4', 20, 44, -18),
    f: f(72, 'M72 0L14 0Q0 0 0 20M58 0Q66 4 64 14Q62 28 52 28Q40 28 42 16Q44 6 60 4', 52, 44, -18),
    i: f(66, 'M54 0L14 0Q0 0 0 20M54 0Q62 0 62 12Q62 28 50 28Q38 28 38 18Q38 8 56 8', 50, 44, -18),
  },
  qaf: {
    f: f(62, `M62 0L46 0Q54 4 52 14Q50 28 40 28Q28 28 30 16Q32 6 46 4${bowl(46, 4)}`, 40, 44, -44),
    i: f(56, `M46 2Q56 2 56 14Q56 28 44 28Q32 28 32 18Q32 6 46 4${bowl(46, 4)}`, 44, 44, -44),
  },
  hamza: { i: f(16, 'M16 30Q2 36 2 24Q2 14 16 16L0 8', 8, 50, -18) },
}
