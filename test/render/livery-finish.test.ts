import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { LiveryDesignSchema } from '../../src/catalog/schema'
import type { LiveryDesign } from '../../src/catalog/types'
import { render } from '../../src/render'
import { Finish } from '../../src/render/parts/materials'
import { finishKeys, finishesOf, texelFinish } from '../../src/render/raster/surface'
import { LIVERIES, plane } from './helpers'

const A320 = plane('airbus-a320-200')
const base = {
  plane: A320,
  angle: '45' as const,
  gear: 'down' as const,
  width: 640,
  height: 360,
  marginPx: 10,
}

/** mean absolute difference over the pixels both pictures cover */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let sum = 0,
    n = 0
  for (let i = 0; i < a.length; i += 4) {
    if (a[i + 3] < 255 || b[i + 3] < 255) continue
    sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2])
    n++
  }
  return sum / n / 3
}

describe("a livery's finish", () => {
  test('is optional in the schema and checked when given', () => {
    expect(Value.Check(LiveryDesignSchema, LIVERIES.navy)).toBe(true)
    expect(
      Value.Check(LiveryDesignSchema, {
        ...LIVERIES.navy,
        finish: { paint: 'satin', polished: true, metallic: ['#c5a572'] },
      }),
    ).toBe(true)
    expect(Value.Check(LiveryDesignSchema, { ...LIVERIES.navy, finish: { paint: 'chrome' } })).toBe(
      false,
    )
  })

  test("picks the paint's sheen, a polished skin where the fuselage colour shows and metallic colours", () => {
    const design: LiveryDesign = {
      ...LIVERIES.navy,
      finish: { paint: 'matte', polished: true, metallic: ['#c5a572'] },
    }
    const keys = finishKeys(design)
    const paint = finishesOf(design)[0]
    expect(paint).toBe(Finish.Matte)
    expect(texelFinish(255, 255, 255, paint, keys)).toBe(Finish.Polished)
    expect(texelFinish(197, 165, 114, paint, keys)).toBe(Finish.Metallic)
    expect(texelFinish(11, 61, 145, paint, keys)).toBe(Finish.Matte)
    // the windows' dark blue-grey is glass whatever the livery; navy paint is not
    expect(texelFinish(39, 49, 60, paint, null)).toBe(Finish.Glass)
    expect(texelFinish(0, 33, 87, paint, null)).toBe(paint)
    expect(finishKeys(LIVERIES.navy)).toBeNull()
  })

  test('changes the picture: a polished skin is not white paint', () => {
    const paint = render({ ...base, livery: LIVERIES.navy }).pixels
    const polished = render({
      ...base,
      livery: { ...LIVERIES.navy, finish: { polished: true } },
    }).pixels
    const again = render({
      ...base,
      livery: { ...LIVERIES.navy, finish: { polished: true } },
    }).pixels
    expect(difference(paint, polished)).toBeGreaterThan(8)
    expect(difference(polished, again)).toBe(0)
  })
})
