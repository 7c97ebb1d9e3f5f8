import { describe, expect, test } from 'bun:test'
import airlinesJson from '../../../assets/airlines.json'
import type { Airline, Angle, LiveryDesign } from '../../../src/catalog/types'
import { render, texturesFor, type RenderSpec } from '../../../src/render/index'
import { LIVERIES, plane } from '../helpers'

const airlines = airlinesJson as unknown as Airline[]
const MODELS = ['airbus-a320-200', 'boeing-737-800', 'boeing-747-8i', 'airbus-a380-800', 'boeing-787-9', 'airbus-a330-300']
/**
 * oblique views and the side of the fuselage turned away from each (R: girth rows of the top half).
 * 345 shows most of the far side's upper girth (15 degrees off the nose, 13 from above): every airline
 * is checked there, the others on every fourth airline, to keep the test quick.
 */
const FAR: [Angle, 'R' | 'L'][] = [['345', 'R'], ['315', 'R'], ['45', 'L']]

function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0
  for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - b[i]) > 24 || Math.abs(a[i + 1] - b[i + 1]) > 24 || Math.abs(a[i + 2] - b[i + 2]) > 24) n++
  return n
}

describe('paint stays on its side', () => {
  // the far side's titles and marks are swapped for bare paint in the texture: if the picture
  // changes, some of them were in sight over the crown
  test('no far-side title or mark is in sight at any oblique angle, for every airline', { timeout: 60_000 }, () => {
    const seen: string[] = []
    airlines.forEach((a, i) => {
      const p = plane(MODELS[i % MODELS.length])
      const bare: LiveryDesign = { ...a.livery, titles: { ...a.livery.titles, text: '', second: undefined }, marks: [] }
      for (const [angle, far] of FAR.slice(0, i % 4 === 0 ? FAR.length : 1)) {
        const spec: RenderSpec = { plane: p, livery: a.livery, angle, gear: 'down', width: 480, height: 270, marginPx: 12 }
        const full = texturesFor(spec)
        const plain = texturesFor({ ...spec, livery: bare })
        const t = full.fuselage
        const mixed = new Uint8ClampedArray(t.data)
        const half = (t.h / 2) * t.w * 4
        if (far === 'R') mixed.set(plain.fuselage.data.subarray(0, half), 0)
        else mixed.set(plain.fuselage.data.subarray(half), half)
        const withFar = render({ ...spec, textures: full }).pixels
        const withoutFar = render({ ...spec, textures: { ...full, fuselage: { ...t, data: mixed } } }).pixels
        const n = differing(withFar, withoutFar)
        if (n > 0) seen.push(`${a.slug} on ${p.slug} at ${angle}: ${n} px`)
      }
    })
    expect(seen).toEqual([])
  })

  test('the check sees a far-side title drawn over the crown', () => {
    // the same swap with the near side: its titles must show, or the test above proves nothing
    const a = airlines.find((x) => x.slug === 'southwest-airlines')!
    const spec: RenderSpec = { plane: plane('boeing-737-800'), livery: a.livery, angle: '345', gear: 'down', width: 480, height: 270, marginPx: 12 }
    const full = texturesFor(spec)
    const plain = texturesFor({ ...spec, livery: { ...a.livery, titles: { ...a.livery.titles, text: '' } } })
    const half = (full.fuselage.h / 2) * full.fuselage.w * 4
    const mixed = new Uint8ClampedArray(full.fuselage.data)
    mixed.set(plain.fuselage.data.subarray(half), half)
    const n = differing(render({ ...spec, textures: full }).pixels, render({ ...spec, textures: { ...full, fuselage: { ...full.fuselage, data: mixed } } }).pixels)
    expect(n).toBeGreaterThan(200)
  })
})

describe('colour boundaries at the nose and tail', () => {
  const livery: LiveryDesign = { ...LIVERIES.navy, fuselage: '#ffffff', belly: '#ff0000', bellyLine: 0.3, nose: undefined, cheatline: { style: 'none', colors: [] }, titles: { text: '', color: '#000000' } }
  /** the highest belly-red pixel of each column across the middle of the fuselage, nose-on or tail-on */
  function boundary(slug: string, angle: Angle) {
    const W = 1024, H = 576
    const r = render({ plane: plane(slug), livery, angle, gear: 'up', width: W, height: H, marginPx: 40 })
    const d = r.pixels
    const cx = Math.round(r.fuselageCentre.x)
    const half = (plane(slug).fuselageWidthM / 2) / r.metresPerPixel
    const tops: number[] = []
    for (let x = Math.round(cx - 0.4 * half); x <= cx + 0.4 * half; x++) {
      for (let y = Math.round(r.fuselageCentre.y); y < H; y++) {
        const i = (y * W + x) * 4
        if (d[i + 3] > 200 && d[i] > 110 && d[i + 1] < 70 && d[i + 2] < 70) { tops.push(y); break }
      }
    }
    return { spread: Math.max(...tops) - Math.min(...tops), height: plane(slug).fuselageHeightM / r.metresPerPixel, columns: tops.length }
  }

  for (const slug of ['airbus-a320-200', 'boeing-737-800', 'boeing-787-9']) {
    for (const angle of ['0', '180'] as Angle[]) {
      test(`the belly colour meets in a level line, not a V, on the ${slug} at ${angle}`, () => {
        const b = boundary(slug, angle)
        expect(b.columns).toBeGreaterThan(20)
        expect(b.spread).toBeLessThan(0.06 * b.height)
      })
    }
  }
})
