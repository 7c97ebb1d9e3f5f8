import { describe, expect, test } from 'bun:test'
import { airlineRecords } from '../../../src/catalog/airline-records'
import type { Angle, LiveryDesign, TailText } from '../../../src/catalog/types'
import { measure, render } from '../../../src/render/index'
import { plane } from '../helpers'

/**
 * Letters on the fin, seen from each side at 90 (right side, nose to the right) and 270 (left side).
 * The fin texture has one picture per side; if a side read the other's picture, or laid its letters
 * out for the wrong view, they would show mirrored there.
 */
const airlines = airlineRecords
const A320 = plane('airbus-a320-200')
const W = 240,
  H = 200

function tail(livery: LiveryDesign, angle: Angle): Uint8ClampedArray {
  const b = measure(A320, angle, 'down')
  const mpp = (0.3 * (b.maxX - b.minX)) / W
  // the tail end of the aircraft: at the left edge at 90, at the right edge at 270
  const originX = angle === '90' ? -(b.minX - 0.3) / mpp : W - (b.maxX + 0.3) / mpp
  return render({
    plane: A320,
    livery,
    angle,
    gear: 'down',
    width: W,
    height: H,
    placement: { metresPerPixel: mpp, originX, originY: (b.maxY + 0.3) / mpp },
  }).pixels
}

/** pixels where two renders differ visibly: the ink of the letters */
function ink(
  a: Uint8ClampedArray,
  b: Uint8ClampedArray,
): { n: number; cx: number; cy: number; midX: number; midY: number } {
  let n = 0,
    sx = 0,
    sy = 0,
    x0 = W,
    x1 = 0,
    y0 = H,
    y1 = 0
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) < 120)
      continue
    const x = (i / 4) % W,
      y = Math.floor(i / 4 / W)
    n++
    sx += x
    sy += y
    x0 = Math.min(x0, x)
    x1 = Math.max(x1, x)
    y0 = Math.min(y0, y)
    y1 = Math.max(y1, y)
  }
  return {
    n,
    cx: sx / Math.max(1, n),
    cy: sy / Math.max(1, n),
    midX: (x0 + x1) / 2,
    midY: (y0 + y1) / 2,
  }
}

const easyjet = airlines.find((a) => a.slug === 'easyjet')!.livery
const withText = (text?: TailText): LiveryDesign => ({
  ...easyjet,
  tail: { ...easyjet.tail, text },
})

describe('text on the tail', () => {
  test('shows on both sides of the fin', () => {
    for (const angle of ['90', '270'] as const) {
      const letters = ink(
        tail(withText({ text: 'easyJet', color: '#FFFFFF', along: 'edge', size: 0.2 }), angle),
        tail(withText(undefined), angle),
      )
      expect(letters.n).toBeGreaterThan(300)
    }
  })

  test('an F reads unmirrored and upright from both sides', () => {
    // an F's ink leans to its stem (left) and to its top bar: mirrored, it would lean right
    for (const angle of ['90', '270'] as const) {
      const f = ink(
        tail(withText({ text: 'F', color: '#FFFFFF', size: 0.45 }), angle),
        tail(withText(undefined), angle),
      )
      expect(f.n).toBeGreaterThan(200)
      expect(f.cx).toBeLessThan(f.midX - 1)
      expect(f.cy).toBeLessThan(f.midY - 1)
    }
  })
})

/** the A320's engine on the side facing the camera, close up */
function engine(livery: LiveryDesign, angle: Angle): Uint8ClampedArray {
  const b = measure(A320, angle, 'down')
  const mpp = (0.2 * (b.maxX - b.minX)) / W
  // the engines hang under the wing, about 40% of the length from the nose
  const noseX = angle === '90' ? b.maxX : b.minX
  const enginesX = noseX + (angle === '90' ? -1 : 1) * 0.36 * (b.maxX - b.minX)
  return render({
    plane: A320,
    livery,
    angle,
    gear: 'down',
    width: W,
    height: H,
    placement: {
      metresPerPixel: mpp,
      originX: W / 2 - enginesX / mpp,
      originY: H / 2 + (b.minY + 0.2 * (b.maxY - b.minY)) / mpp,
    },
  }).pixels
}

describe('titles on the engines', () => {
  test('an F reads unmirrored and upright on the cowl from both sides', () => {
    const bare: LiveryDesign = { ...easyjet, engineTitles: undefined }
    for (const angle of ['90', '270'] as const) {
      const f = ink(
        engine({ ...easyjet, engineTitles: { text: 'F', color: '#FFFFFF', size: 0.45 } }, angle),
        engine(bare, angle),
      )
      expect(f.n).toBeGreaterThan(100)
      expect(f.cx).toBeLessThan(f.midX - 1)
      expect(f.cy).toBeLessThan(f.midY - 1)
    }
  })
})
