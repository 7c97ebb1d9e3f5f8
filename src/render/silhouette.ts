/**
 * The drawn silhouette's outline as the convex hull of the projected vertices: framing fits,
 * aligns and turns the aircraft by it, since the bounding rectangle overstates what a pitched
 * or oblique view needs (its corners are empty sky).
 */

// the 8 directions whose extreme points make a polygon inside the hull, counter-clockwise
const DX = [1, 1, 0, -1, -1, -1, 0, 1]
const DY = [0, 1, 1, 1, 0, -1, -1, -1]

/** the points extreme in 8 directions, counter-clockwise, without repeats */
function octagon(xs: ArrayLike<number>, ys: ArrayLike<number>): number[] {
  const best = new Int32Array(8).fill(-1)
  const score = new Float64Array(8).fill(-Infinity)
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i], y = ys[i]
    for (let k = 0; k < 8; k++) {
      const s = DX[k] * x + DY[k] * y
      if (s > score[k]) {
        score[k] = s
        best[k] = i
      }
    }
  }
  return [...best].filter((i, k) => i >= 0 && i !== best[(k + 7) % 8])
}

/**
 * Convex hull (Andrew's monotone chain) of points given as parallel arrays; flat
 * [x0, y0, x1, y1, ...], counter-clockwise. Points strictly inside the octagon of extreme
 * points cannot be on the hull and are dropped first (Akl-Toussaint): over 90% of a mesh is.
 */
export function convexHull(xs: ArrayLike<number>, ys: ArrayLike<number>): number[] {
  const oct = octagon(xs, ys)
  const m = oct.length
  // each edge of the octagon as a*x + b*y + c, positive strictly inside
  const edge = new Float64Array(3 * m)
  for (let k = 0; k < m; k++) {
    const a = oct[k], b = oct[(k + 1) % m]
    edge[3 * k] = -(ys[b] - ys[a])
    edge[3 * k + 1] = xs[b] - xs[a]
    edge[3 * k + 2] = (ys[b] - ys[a]) * xs[a] - (xs[b] - xs[a]) * ys[a]
  }
  const kept: number[] = []
  for (let i = 0; i < xs.length; i++) {
    let inside = m >= 3
    for (let k = 0; inside && k < m; k++) inside = edge[3 * k] * xs[i] + edge[3 * k + 1] * ys[i] + edge[3 * k + 2] > 0
    if (!inside) kept.push(i)
  }
  const order = kept.sort((a, b) => xs[a] - xs[b] || ys[a] - ys[b])
  const cross = (o: number, a: number, b: number) => (xs[a] - xs[o]) * (ys[b] - ys[o]) - (ys[a] - ys[o]) * (xs[b] - xs[o])
  const chain = (indices: number[]) => {
    const out: number[] = []
    for (const i of indices) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], i) <= 0) out.pop()
      out.push(i)
    }
    return out
  }
  const lower = chain(order)
  const upper = chain([...order].reverse())
  const ring = order.length < 3 ? order : [...lower.slice(0, -1), ...upper.slice(0, -1)]
  return ring.flatMap((i) => [xs[i], ys[i]])
}

/** the hull of a mesh's vertices (flat x, y, z) projected on a view's right and up axes */
export function projectedHull(pos: ArrayLike<number>, view: { r: readonly number[]; u: readonly number[] }): number[] {
  const n = pos.length / 3
  const xs = new Float64Array(n)
  const ys = new Float64Array(n)
  const { r, u } = view
  for (let i = 0; i < n; i++) {
    const x = pos[3 * i], y = pos[3 * i + 1], z = pos[3 * i + 2]
    xs[i] = x * r[0] + y * r[1] + z * r[2]
    ys[i] = x * u[0] + y * u[1] + z * u[2]
  }
  return convexHull(xs, ys)
}
