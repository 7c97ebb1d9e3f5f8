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

/** optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0
  const n = a.length
  const m = b.length
  const w = m + 1
  if (rows.length < 3 * w) rows = new Int32Array(3 * w)
  // rows i-2, i-1 and i live at offsets rotating through 0, w, 2w
  for (let j = 0; j <= m; j++) rows[w + j] = j
  let prev2 = 0, prev = w, row = 2 * w
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

/** 1 for identical texts, 0 when every character had to change */
export function nameSimilarity(a: string, b: string): number {
  const length = Math.max(a.length, b.length)
  return length === 0 ? 0 : 1 - editDistance(a, b) / length
}

/** the most nameSimilarity can be for texts of these lengths (every extra character is an edit) */
export const similarityBound = (a: number, b: number) => (a === 0 && b === 0 ? 0 : 1 - Math.abs(a - b) / Math.max(a, b))

/** true when `short` is `long` with at most `missing` characters left out (in order) */
export function withFewMissing(short: string, long: string, missing: number): boolean {
  if (short.length > long.length || long.length - short.length > missing) return false
  let i = 0
  for (const c of long) if (i < short.length && short[i] === c) i++
  return i === short.length
}
