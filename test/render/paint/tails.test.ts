import { describe, expect, test } from 'bun:test'
import airlinesJson from '../../../assets/airlines.json'
import type { Airline } from '../../../src/catalog/types'
import { measure, render } from '../../../src/render/index'
import { plane } from '../helpers'

/**
 * Every airline's tail at 90, drawn on one model (the A330-300) so that only paint differs: fin,
 * its emblems and the rear fuselage under it, at a small size (CI-fast, still showing each emblem's
 * silhouette). Two airlines whose tails differ by less than DISTINCT on average are interchangeable.
 */
const airlines = airlinesJson as unknown as Airline[]
const A330 = plane('airbus-a330-300')
const W = 96, H = 80
/** share of visibly different pixels below which two tails read as the same */
const DISTINCT = 0.08

function tail(a: Airline): Float32Array {
  const b = measure(A330, '90', 'down')
  const mpp = (0.22 * (b.maxX - b.minX)) / W
  const r = render({ plane: A330, livery: a.livery, angle: '90', gear: 'down', width: W, height: H, placement: { metresPerPixel: mpp, originX: -(b.minX - 0.3) / mpp, originY: (b.maxY + 0.3) / mpp } })
  // over a white ground, so uncovered pixels compare alike
  const out = new Float32Array(W * H * 3)
  for (let i = 0, j = 0; i < r.pixels.length; i += 4, j += 3) {
    const al = r.pixels[i + 3] / 255
    for (let c = 0; c < 3; c++) out[j + c] = r.pixels[i + c] * al + 255 * (1 - al)
  }
  return out
}

/** the share of pixels drawn in either tail whose colour differs visibly (by more than 48 in a channel) */
function difference(x: Float32Array, y: Float32Array): number {
  let drawn = 0, differ = 0
  for (let i = 0; i < x.length; i += 3) {
    if (x[i] + x[i + 1] + x[i + 2] > 762 && y[i] + y[i + 1] + y[i + 2] > 762) continue // ground in both
    drawn++
    if (Math.abs(x[i] - y[i]) > 48 || Math.abs(x[i + 1] - y[i + 1]) > 48 || Math.abs(x[i + 2] - y[i + 2]) > 48) differ++
  }
  return differ / Math.max(1, drawn)
}

describe('tails', () => {
  test('no two airlines have near-identical tails at 90', () => {
    const tails = airlines.map(tail)
    const close: string[] = []
    let nearest = { d: Infinity, pair: '' }
    for (let i = 0; i < airlines.length; i++)
      for (let j = i + 1; j < airlines.length; j++) {
        const d = difference(tails[i], tails[j])
        if (d < nearest.d) nearest = { d, pair: `${airlines[i].slug} ~ ${airlines[j].slug}` }
        if (d < DISTINCT) close.push(`${airlines[i].slug} ~ ${airlines[j].slug} (${d.toFixed(3)})`)
      }
    if (process.env.TAILS_VERBOSE) {
      const all: [number, string][] = []
      for (let i = 0; i < airlines.length; i++) for (let j = i + 1; j < airlines.length; j++) all.push([difference(tails[i], tails[j]), `${airlines[i].slug} ~ ${airlines[j].slug}`])
      console.log(all.sort((p, q) => p[0] - q[0]).slice(0, 25).map(([d, n]) => `${d.toFixed(3)} ${n}`).join('\n'))
    }
    expect(close).toEqual([])
  })

  test('the measure notices a changed emblem alone', () => {
    const lh = airlines.find((a) => a.slug === 'lufthansa')!
    const swapped: Airline = { ...lh, livery: { ...lh.livery, tail: { ...lh.livery.tail, emblems: [{ shape: 'cross', colors: ['#FFFFFF'], size: 0.5 }] } } }
    expect(difference(tail(lh), tail(swapped))).toBeGreaterThan(DISTINCT / 4)
  })
})
