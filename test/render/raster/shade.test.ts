import { describe, expect, test } from 'bun:test'
import { Finish } from '../../../src/render/parts/materials'
import { makeLit } from '../../../src/render/raster/light'
import { viewOf } from '../../../src/render/raster/camera'
import { viewLight } from '../../../src/render/light/sun'
import { tone } from '../../../src/render/light/tone'

/** the lit colour of one point: sRGB base, view-space normal, finish, sun and sky seen */
function shade(
  view = viewOf('90'),
  c: number[],
  n: number[],
  f: number,
  sun = 1,
  sky = 1,
): number[] {
  const out = new Float64Array(3)
  makeLit(view)(c[0], c[1], c[2], n[0], n[1], n[2], f, sun, sky, out, 0)
  return [...out]
}

const WHITE = [246, 246, 246]
const lum = (c: number[]) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

describe('daylight shading', () => {
  test('the tone curve rises and stops short of clipping where white paint meets the sun', () => {
    let last = -1
    for (let v = 0; v < 12; v += 0.01) {
      expect(tone(v)).toBeGreaterThanOrEqual(last)
      last = tone(v)
    }
    // white paint square to the sun, in full sun and sky, away from the highlight
    const view = viewOf('90')
    const sun = viewLight(view).sun
    const lit = shade(view, WHITE, sun, Finish.Matte)
    expect(Math.max(...lit)).toBeLessThan(252)
    expect(Math.min(...lit)).toBeGreaterThan(200)
  })

  test('the sun is fixed to the aircraft: the right side is lit at 90, the left in shade at 270', () => {
    // the side facing the camera, normal straight at it
    const right = shade(viewOf('90'), WHITE, [0, 0, 1], Finish.Matte)
    const left = shade(viewOf('270'), WHITE, [0, 0, 1], Finish.Matte)
    expect(lum(right)).toBeGreaterThan(lum(left) + 30)
    // the shaded side keeps the sky's blue cast
    expect(left[2]).toBeGreaterThan(left[0])
  })

  test("a cast shadow and the sky's occlusion darken; neither goes black", () => {
    const view = viewOf('90')
    const n = viewLight(view).sun
    const sunlit = lum(shade(view, WHITE, n, Finish.Gloss))
    const shadowed = lum(shade(view, WHITE, n, Finish.Gloss, 0))
    const occluded = lum(shade(view, WHITE, n, Finish.Gloss, 0, 0.3))
    expect(shadowed).toBeLessThan(sunlit - 40)
    expect(occluded).toBeLessThan(shadowed - 15)
    expect(occluded).toBeGreaterThan(0)
  })

  test('finishes differ: glass mirrors the sky towards grazing angles, metal takes its colour into its reflection, rubber stays dark', () => {
    const view = viewOf('90')
    const dark = [20, 26, 34]
    const facing = lum(shade(view, dark, [0, 0, 1], Finish.Glass, 0))
    const grazing = lum(shade(view, dark, [0, 0.94, 0.34], Finish.Glass, 0))
    expect(grazing).toBeGreaterThan(facing + 20)
    const gold = [212, 175, 55]
    const metal = shade(view, gold, [0, 0.5, 0.87], Finish.Metallic, 0)
    expect(metal[0]).toBeGreaterThan(metal[2] + 20)
    expect(lum(shade(view, [60, 61, 64], [0, 0.5, 0.87], Finish.Rubber))).toBeLessThan(
      0.5 * lum(shade(view, WHITE, [0, 0.5, 0.87], Finish.Gloss)),
    )
  })
})
