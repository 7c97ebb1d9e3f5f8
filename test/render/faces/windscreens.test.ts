/**
 * Each family's face, from the pixels: at the scale of an hd picture, a row through the windscreen
 * seen from ahead crosses dark panes parted by light posts (the centre post on the centreline), the
 * 787 shows its four panes, the others their six, and the A380's flight deck sits between its decks.
 */
import { describe, expect, test } from 'bun:test'
import { modelOf } from '../../../src/render/parts/model'
import { closeup, plane } from '../helpers'

const W = 360,
  H = 80

/** a row of luminance through the front panes from ahead, at hd scale, and its px per metre */
function windscreenRow(slug: string): { lum: number[]; ppm: number } {
  const p = plane(slug)
  const m = modelOf(p, 'down')
  const fus = m.fus
  // half way up the front panes where they meet: the crown between their lower and upper corners
  const crown = (a: number) => fus.zBelly + fus.sideHeight(a * m.shape.nose.length, 1)
  const z = (crown(FRONT[slug][0]) + crown(FRONT[slug][1])) / 2
  const { pixels, ppm } = closeup(p, null, '0', [0, 0, z], W, H, 2048)
  const y = H / 2
  const lum = Array.from({ length: W }, (_, x) => {
    const i = (y * W + x) * 4
    return pixels[i + 3] < 128 ? 255 : 0.3 * pixels[i] + 0.59 * pixels[i + 1] + 0.11 * pixels[i + 2]
  })
  return { lum, ppm }
}

/** dark runs (glass) along a row, as [from, to] pixel columns */
function darkRuns(lum: number[]): [number, number][] {
  const runs: [number, number][] = []
  lum.forEach((l, x) => {
    if (l >= 90) return
    const last = runs[runs.length - 1]
    if (last && last[1] === x - 1) last[1] = x
    else runs.push([x, x])
  })
  return runs
}

// where each family's front panes meet on the crown, as fractions of the nose length (paint/cockpit.ts)
const FRONT: Record<string, [number, number]> = {
  'airbus-a220-300': [0.14, 0.3],
  'airbus-a320-neo': [0.15, 0.3],
  'airbus-a330-900': [0.17, 0.29],
  'airbus-a350-900': [0.16, 0.29],
  'airbus-a380-800': [0.14, 0.245],
  'boeing-737-800': [0.16, 0.29],
  'boeing-737-max-8': [0.16, 0.29],
  'boeing-747-8i': [0.3, 0.345],
  'boeing-757-200': [0.16, 0.29],
  'boeing-767-300er': [0.16, 0.29],
  'boeing-777-300er': [0.16, 0.29],
  'boeing-787-9': [0.15, 0.3],
}

describe('every family has a framed windscreen from ahead', () => {
  for (const slug of Object.keys(FRONT).filter((s) => s !== 'airbus-a350-900'))
    test(`${slug}: dark front panes either side of a light centre post`, () => {
      const { lum, ppm } = windscreenRow(slug)
      const c = W / 2
      // the post on the centreline is paint; a quarter metre to either side is glass
      expect(lum[c]).toBeGreaterThan(150)
      const q = Math.round(0.25 * ppm)
      expect(lum[c - q]).toBeLessThan(90)
      expect(lum[c + q]).toBeLessThan(90)
      // the post is a post, not a gap in a visor: narrower than 0.3 m
      const runs = darkRuns(lum)
      const left = runs.filter(([, b]) => b < c).pop()!
      const right = runs.find(([a]) => a > c)!
      expect((right[0] - left[1]) / ppm).toBeLessThan(0.3)
    })
})

/** the most panes a row through the cockpit windows crosses from ahead */
function mostPanes(slug: string): number {
  const p = plane(slug)
  const m = modelOf(p, 'down')
  const z = m.fus.zBelly + m.fus.sideHeight(0.4 * m.shape.nose.length, 0.75)
  const S = 120
  const { pixels, ppm } = closeup(p, null, '0', [0, 0, z], W, S, 2048)
  let most = 0
  for (let y = 0; y < S; y++) {
    const lum = Array.from({ length: W }, (_, x) => {
      const i = (y * W + x) * 4
      return pixels[i + 3] < 128
        ? 255
        : 0.3 * pixels[i] + 0.59 * pixels[i + 1] + 0.11 * pixels[i + 2]
    })
    // a pane at least 0.1 m across as seen: not a seal line or the edge of the nose
    most = Math.max(most, darkRuns(lum).filter(([a, b]) => b - a + 1 >= 0.1 * ppm).length)
  }
  return most
}

test('the A350 wears its black mask across the centre post', () => {
  const { lum, ppm } = windscreenRow('airbus-a350-900')
  const q = Math.round(0.25 * ppm)
  for (const x of [W / 2 - q, W / 2, W / 2 + q]) expect(lum[x]).toBeLessThan(90)
})

describe('pane counts from ahead', () => {
  test('the 787 shows its front and side panes parted by posts, not one visor', () => {
    // two front and two side panes: a row crosses four, or five where a side post runs across it
    expect(mostPanes('boeing-787-9')).toBeGreaterThanOrEqual(4)
    expect(mostPanes('boeing-787-9')).toBeLessThanOrEqual(5)
  })
})

describe('the A380 flight deck', () => {
  test('sits between the main and upper decks, not up on the crown', () => {
    const p = plane('airbus-a380-800')
    const m = modelOf(p, 'down')
    const nl = m.shape.nose.length
    const w = m.shape.windows
    // from the side, the column through the middle of the side panes
    const S = 200
    const { pixels, ppm } = closeup(
      p,
      null,
      '90',
      [0.33 * nl, 0, m.fus.zBelly + 0.5 * m.fus.H],
      20,
      S,
      2048,
    )
    const glass: number[] = []
    for (let y = 0; y < S; y++) {
      const i = (y * 20 + 10) * 4
      if (pixels[i + 3] > 200 && pixels[i] + pixels[i + 1] + pixels[i + 2] < 3 * 90) glass.push(y)
    }
    expect(glass.length).toBeGreaterThan(0)
    // height above the belly of a row
    const z = (y: number) => 0.5 * m.fus.H + (S / 2 - y) / ppm
    const top = z(Math.min(...glass)),
      bottom = z(Math.max(...glass))
    expect(bottom).toBeGreaterThan(w.height * m.fus.H + w.h / 2)
    expect(top).toBeLessThan(w.upper!.height * m.fus.H - w.h / 2)
  })
})
