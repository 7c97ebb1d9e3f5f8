/**
 * Typo-tolerant similarity for short names: the Dice coefficient over character
 * bigrams. fuzzysort matches subsequences ("lufth" -> Lufthansa) but not swapped
 * or missing letters ("Airbsu", "boing"); bigrams do, and both are cheap.
 */
export type Bigrams = Map<string, number>

export function bigrams(text: string): Bigrams {
  const grams: Bigrams = new Map()
  for (let i = 0; i < text.length - 1; i++) {
    const g = text.slice(i, i + 2)
    grams.set(g, (grams.get(g) ?? 0) + 1)
  }
  return grams
}

function size(grams: Bigrams): number {
  let n = 0
  for (const c of grams.values()) n += c
  return n
}

/** 1 for identical texts, 0 for texts without a common bigram */
export function dice(a: Bigrams, aSize: number, b: Bigrams, bSize: number): number {
  if (aSize + bSize === 0) return 0
  let common = 0
  for (const [g, count] of a) {
    const other = b.get(g)
    if (other) common += Math.min(count, other)
  }
  return (2 * common) / (aSize + bSize)
}

export interface Prepared {
  grams: Bigrams
  size: number
}

export function prepare(text: string): Prepared {
  const grams = bigrams(text)
  return { grams, size: size(grams) }
}
