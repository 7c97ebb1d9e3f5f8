/**
 * How plausibly a typed name is the same name as a catalog spelling. Typing mistakes are
 * letters swapped, missed, doubled or struck next to the right one: each is one edit, so the
 * score is 1 - edits / length (optimal string alignment distance, a swap counting one).
 * A long name absorbs more mistakes than a short one, and a word sharing only a common part
 * ("...airline") with a name scores low: its distinctive part is all edits.
 * Bigram overlap (Dice) and subsequence matching, tried before, let random words through
 * ("nosuchairline" shares "airline" with "turkishairlines").
 */

// three rows of the distance table, reused: lookups run on every fuzzy request, over every spelling
let rows = new Int32Array(3 * 64)

/** optimal string alignment distance by the table, for texts too long for one machine word */
function tableDistance(a: string, b: string): number {
  const n = a.length
  const m = b.length
  const w = m + 1
  if (rows.length < 3 * w) rows = new Int32Array(3 * w)
  // rows i-2, i-1 and i live at offsets rotating through 0, w, 2w
  for (let j = 0; j <= m; j++) rows[w + j] = j
  let prev2 = 0,
    prev = w,
    row = 2 * w
  for (let i = 1; i <= n; i++) {
    rows[row] = i
    const ai = a.charCodeAt(i - 1)
    const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1
    let bPrev = -1
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1)
      let d = rows[prev + j - 1] + (ai === bj ? 0 : 1)
      const del = rows[prev + j] + 1
      if (del < d) d = del
      const ins = rows[row + j - 1] + 1
      if (ins < d) d = ins
      if (ai === bPrev && aPrev === bj) {
        const swap = rows[prev2 + j - 2] + 1
        if (swap < d) d = swap
      }
      rows[row + j] = d
      bPrev = bj
    }
    const t = prev2
    prev2 = prev
    prev = row
    row = t
  }
  return rows[prev + m]
}

// where each character occurs in the pattern, one bit per position (char codes below 128)
const occurs = new Int32Array(128)

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
 * Bit-parallel (Hyyrö 2003, one machine word for the shorter text): a lookup compares the
 * query with every spelling of the catalog, and the table costs ten times as much.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  if (a.length > b.length) [a, b] = [b, a]
  const m = a.length
  if (m === 0) return b.length
  if (m > 31) return tableDistance(a, b)
  for (let i = 0; i < m; i++) {
    const c = a.charCodeAt(i)
    if (c >= 128) return tableDistance(a, b)
    occurs[c] |= 1 << i
  }
  const last = 1 << (m - 1)
  let vp = (1 << m) - 1,
    vn = 0,
    d0 = 0,
    pmPrev = 0,
    score = m
  for (let j = 0; j < b.length; j++) {
    const c = b.charCodeAt(j)
    const pm = c < 128 ? occurs[c] : 0
    const tr = ((~d0 & pm) << 1) & pmPrev
    d0 = (((pm & vp) + vp) ^ vp) | pm | vn | tr
    let hp = vn | ~(d0 | vp)
    let hn = d0 & vp
    if (hp & last) score++
    else if (hn & last) score--
    hp = (hp << 1) | 1
    hn = hn << 1
    vp = hn | ~(d0 | hp)
    vn = hp & d0
    pmPrev = pm
  }
  for (let i = 0; i < m; i++) occurs[a.charCodeAt(i)] = 0
  return score
}

/** 1 for identical texts, 0 when every character had to change */
export function nameSimilarity(a: string, b: string): number {
  const length = Math.max(a.length, b.length)
  return length === 0 ? 0 : 1 - editDistance(a, b) / length
}

/** the most nameSimilarity can be for texts of these lengths (every extra character is an edit) */
export const similarityBound = (a: number, b: number) =>
  a === 0 && b === 0 ? 0 : 1 - Math.abs(a - b) / Math.max(a, b)

/** true when `short` is `long` with at most `missing` characters left out (in order) */
export function withFewMissing(short: string, long: string, missing: number): boolean {
  if (short.length > long.length || long.length - short.length > missing) return false
  let i = 0
  for (const c of long) if (i < short.length && short[i] === c) i++
  return i === short.length
}
