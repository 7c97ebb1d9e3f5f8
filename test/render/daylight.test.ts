import { describe, expect, test } from 'bun:test'
import { render } from '../../src/render'
import { plane } from './helpers'

const A320 = plane('airbus-a320-200')
const W = 640,
  H = 360
const shot = (angle: '0' | '90' | '180' | '270') =>
  render({ plane: A320, livery: null, angle, gear: 'down', width: W, height: H, marginPx: 10 })

/** the pixels of a box half as wide as the fuselage around its centre (the nose or the tail cone, end-on) */
function centre(angle: '0' | '180'): Uint8ClampedArray {
  const r = shot(angle)
  const half = A320.fuselageWidthM / 4 / r.metresPerPixel
  const out: number[] = []
  for (let y = Math.round(r.fuselageCentre.y - half); y <= r.fuselageCentre.y + half; y++)
    for (let x = Math.round(r.fuselageCentre.x - half); x <= r.fuselageCentre.x + half; x++)
      out.push(...r.pixels.subarray(4 * (y * W + x), 4 * (y * W + x) + 4))
  return Uint8ClampedArray.from(out)
}

/** mean luminance of the opaque pixels, and the share of them at full white */
function stats(p: Uint8ClampedArray): { mean: number; clipped: number } {
  let sum = 0,
    n = 0,
    clipped = 0
  for (let i = 0; i < p.length; i += 4) {
    if (p[i + 3] < 255) continue
    sum += 0.2126 * p[i] + 0.7152 * p[i + 1] + 0.0722 * p[i + 2]
    if (p[i] >= 254 && p[i + 1] >= 254 && p[i + 2] >= 254) clipped++
    n++
  }
  return { mean: sum / n, clipped: clipped / n }
}

describe('daylight fixed to the aircraft', () => {
  test('the sunlit right side is brighter than the left, and the front than the tail', () => {
    const right = stats(shot('90').pixels),
      left = stats(shot('270').pixels)
    expect(right.mean).toBeGreaterThan(left.mean + 15)
    expect(stats(centre('0')).mean).toBeGreaterThan(stats(centre('180')).mean + 15)
  })

  test('a white aircraft in full sun keeps its shading: no clipped white', () => {
    expect(stats(shot('90').pixels).clipped).toBeLessThan(0.002)
  })
})
