import { describe, expect, test } from 'bun:test'
import { measure } from '../../src/render/index'
import { convexHull } from '../../src/render/silhouette'
import { plane } from './helpers'

/** signed area test: >= 0 when (x, y) is left of or on the edge a -> b */
const leftOf = (h: number[], k: number, x: number, y: number) => {
  const n = h.length
  const [ax, ay, bx, by] = [h[2 * k], h[2 * k + 1], h[(2 * k + 2) % n], h[(2 * k + 3) % n]]
  return (bx - ax) * (y - ay) - (by - ay) * (x - ax)
}

describe('silhouette hull', () => {
  test('holds every point, turning counter-clockwise through input points only', () => {
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let trial = 0; trial < 100; trial++) {
      const n = 3 + Math.floor(random() * 300)
      // coarse coordinates: many collinear and repeated points, the hard cases
      const xs = Array.from({ length: n }, () => Math.round(random() * 20))
      const ys = Array.from({ length: n }, () => Math.round(random() * 12))
      const h = convexHull(xs, ys)
      const vertices = h.length / 2
      for (let i = 0; i < n; i++)
        for (let k = 0; k < vertices; k++)
          expect(leftOf(h, k, xs[i], ys[i])).toBeGreaterThanOrEqual(0)
      for (let k = 0; k < vertices; k++)
        expect(xs.some((x, i) => x === h[2 * k] && ys[i] === h[2 * k + 1])).toBe(true)
    }
  })
  test('spans exactly the measured extents of a view', () => {
    const b = measure(plane('airbus-a380-800'), '345', 'down')
    const xs = b.hull.filter((_, i) => i % 2 === 0)
    const ys = b.hull.filter((_, i) => i % 2 === 1)
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([
      b.minX,
      b.maxX,
      b.minY,
      b.maxY,
    ])
    expect(xs.length).toBeLessThan(200) // an outline, not the mesh
  })
})
