import { describe, expect, test } from 'bun:test'
import { formatDuration, progressBar } from '../../src/cli/progress'

describe('formatDuration', () => {
  const cases: [number, string][] = [
    [0, '0s'],
    [0.4, '0s'],
    [42, '42s'],
    [59.4, '59s'],
    [59.6, '1m00s'], // rounded once, before splitting: never "60s"
    [303, '5m03s'],
    [9839.6, '2h44m'], // the bake ETA once printed as 164m60s
    [3599.6, '1h00m'],
    [3660, '1h01m'],
    [7199.9, '2h00m'],
    [90061, '25h01m'],
  ]
  for (const [seconds, text] of cases)
    test(`${seconds} s is ${text}`, () => expect(formatDuration(seconds)).toBe(text))

  test('an unknown duration is ?', () => {
    for (const s of [Infinity, NaN, -1]) expect(formatDuration(s)).toBe('?')
  })

  test('never shows 60 seconds or 60 minutes, at any value', () => {
    for (let s = 0; s < 3 * 3600; s += 0.25) expect(formatDuration(s)).not.toMatch(/(^|[hm])60[sm]/)
  })
})

/** a bar whose clock the test moves and whose output it collects */
function driven(tty: boolean, total = 1000) {
  let now = 0
  const written: string[] = []
  const bar = progressBar(total, 'bake', {
    tty,
    now: () => now,
    write: (t) => void written.push(t),
    plainEveryMs: 5_000,
  })
  return { bar, written, advance: (ms: number) => (now += ms) }
}

describe('progressBar', () => {
  test('without a terminal: plain lines, no carriage return, at most one per interval', () => {
    const { bar, written, advance } = driven(false)
    for (let done = 1; done <= 600; done++) {
      advance(100) // 10 views a second for 60 s
      bar.update(done)
    }
    expect(written.length).toBeGreaterThanOrEqual(11)
    expect(written.length).toBeLessThanOrEqual(12) // 60 s at one line per 5 s
    expect(written.join('')).not.toContain('\r')
    for (const line of written)
      expect(line).toMatch(/^bake: \d+\/1000 \(\d+\.\d%\), 10\.0\/s, ETA (\d+m)?\d+s\n$/)
    expect(written.at(-1)).toBe('bake: 600/1000 (60.0%), 10.0/s, ETA 40s\n')
    expect(bar.finish(1000)).toBe(60)
    expect(written.at(-1)).toBe('bake: 1000/1000 (100.0%), 16.7/s, took 1m00s\n')
  })

  test('without a terminal, a run shorter than the interval writes only its closing line', () => {
    const { bar, written, advance } = driven(false, 20)
    for (let done = 1; done <= 20; done++) {
      advance(50)
      bar.update(done)
    }
    bar.finish(20)
    expect(written).toEqual(['bake: 20/20 (100.0%), 20.0/s, took 1s\n'])
  })

  test('on a terminal: one bar redrawn in place with \\r, ending with a newline', () => {
    const { bar, written, advance } = driven(true)
    for (let done = 1; done <= 100; done++) {
      advance(50)
      bar.update(done)
    }
    bar.finish(100)
    expect(written.length).toBeGreaterThan(10)
    expect(written.every((w) => w.startsWith('\rbake ['))).toBe(true)
    expect(written.slice(0, -1).some((w) => w.includes('\n'))).toBe(false)
    expect(written.at(-1)).toEndWith('\n')
    expect(written.at(-2)).toContain('20.0/s ETA 45s')
  })
})
