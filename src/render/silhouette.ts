/**
 * The drawn silhouette's outline as the convex hull of the projected vertices: framing fits,
 * aligns and turns the aircraft by it, since the bounding rectangle overstates what a pitched
 * or oblique view needs (its corners are empty sky).
 */

/** convex hull (Andrew's monotone chain) of points given as parallel arrays; flat [x0, y0, x1, y1, ...], counter-clockwise */
export function convexHull(xs: ArrayLike<number>, ys: ArrayLike<number>): number[] {
  const n = xs.length
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => xs[a] - xs[b] || ys[a] - ys[b])
  const cross = (o: number, a: number, b: number) => (xs[a] - xs[o]) * (ys[b] - ys[o]) - (ys[a] - ys[o]) * (xs[b] - xs[o])
  const lower: number[] = []
  for (const i of order) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], i) <= 0) lower.pop()
    lower.push(i)
  }
  const upper: number[] = []
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], i) <= 0) upper.pop()
    upper.push(i)
  }
  const ring = n < 3 ? order : [...lower.slice(0, -1), ...upper.slice(0, -1)]
  return ring.flatMap((i) => [xs[i], ys[i]])
}
