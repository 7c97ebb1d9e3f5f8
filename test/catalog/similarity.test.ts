import { describe, expect, test } from 'bun:test'
import { editDistance, nameSimilarity, withFewMissing } from '../../src/catalog/similarity'

/** the textbook table of the optimal string alignment distance, to hold the fast one to */
function reference(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        d[i][j - 1] + 1,
        d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1)
    }
  return d[a.length][b.length]
}

describe('edit distance', () => {
  test('counts a swap, a slip, a missing and an extra letter as one edit each', () => {
    expect(editDistance('lufthnasa', 'lufthansa')).toBe(1)
    expect(editDistance('boieng', 'boeing')).toBe(1)
    expect(editDistance('boing', 'boeing')).toBe(1)
    expect(editDistance('qantass', 'qantas')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
  })
  test('agrees with the textbook table on random texts, short and longer than a machine word', () => {
    let seed = 11
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 40) },
        () => 'abcde12'[Math.floor(random() * 7)],
      ).join('')
    const wrong: string[] = []
    for (let i = 0; i < 3000; i++) {
      const a = text(),
        b = text()
      if (editDistance(a, b) !== reference(a, b)) wrong.push(`${a} / ${b}`)
    }
    expect(wrong).toEqual([])
  })
  test('scores 1 - edits / length', () => {
    expect(nameSimilarity('qantsa', 'qantas')).toBeCloseTo(1 - 1 / 6, 9)
    expect(nameSimilarity('', '')).toBe(0)
  })
  test('sees a text with a few characters left out', () => {
    expect(withFewMissing('35900', '350900', 1)).toBe(true)
    expect(withFewMissing('3590', '350900', 1)).toBe(false)
    expect(withFewMissing('737600', '737700', 1)).toBe(false)
  })
})
