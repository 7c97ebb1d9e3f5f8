/**
 * The drawn silhouette's outline as the convex hull of the projected vertices: framing fits,
 * aligns and turns the aircraft by it, since the bounding rectangle overstates what a pitched
 * or oblique view needs (its corners are empty sky).
 */
import { projectAll, type Camera, type View } from './raster/camera'

// the 8 directions whose extreme points make a polygon inside the hull, counter-clockwise
const DX = [1, 1, 0, -1, -1, -1, 0, 1]
const DY = [0, 1, 1, 1, 0, -1, -1, -1]

/** the points extreme in 8 directions, counter-clockwise, without repeats */
function octagon(xs: ArrayLike<number>, ys: ArrayLike<number>): number[] {
  const best = new Int32Array(8).fill(-1)
  const score = new Float64Array(8).fill(-Infinity)
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i],
      y = ys[i]
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
    const a = oct[k],
      b = oct[(k + 1) % m]
    edge[3 * k] = -(ys[b] - ys[a])
    edge[3 * k + 1] = xs[b] - xs[a]
    edge[3 * k + 2] = (ys[b] - ys[a]) * xs[a] - (xs[b] - xs[a]) * ys[a]
  }
  const kept: number[] = []
  for (let i = 0; i < xs.length; i++) {
    let inside = m >= 3
    for (let k = 0; inside && k < m; k++)
      inside = edge[3 * k] * xs[i] + edge[3 * k + 1] * ys[i] + edge[3 * k + 2] > 0
    if (!inside) kept.push(i)
  }
  const order = kept.sort((a, b) => xs[a] - xs[b] || ys[a] - ys[b])
  const cross = (o: number, a: number, b: number) =>
    (xs[a] - xs[o]) * (ys[b] - ys[o]) - (ys[a] - ys[o]) * (xs[b] - xs[o])
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

/** the hull of a mesh's vertices (flat x, y, z) as a camera projects them (camera.ts projectAll: the drawing's own projection) */
export function projectedHull(pos: ArrayLike<number>, cam: Projection): number[] {
  const n = pos.length / 3
  const xs = new Float64Array(n)
  const ys = new Float64Array(n)
  projectAll(asCamera(cam), pos, xs, ys)
  return convexHull(xs, ys)
}

/** a view's right and up axes (orthographic), or a whole camera */
type Projection = { r: readonly number[]; u: readonly number[]; d?: readonly number[] } | Camera

function asCamera(p: Projection): Camera | View {
  return 'dist' in p ? p : ({ r: p.r, u: p.u, d: p.d ?? [0, 0, 0] } as View)
}

/**
 * The silhouette's extent strip by strip, view metres: `n` column strips across [x0, x1], each
 * with the lowest and highest y drawn in it (colLo, colHi), and `n` row strips across [y0, y1],
 * each with the leftmost and rightmost x (rowLo, rowHi); an empty strip holds +Infinity / -Infinity.
 * Framing reads what of the aircraft a crop window keeps (zoomType=fill), which its bounding box
 * cannot tell: a side view cut to its middle has no fin in it.
 */
export interface Profile {
  n: number
  x0: number
  x1: number
  y0: number
  y1: number
  colLo: Float64Array
  colHi: Float64Array
  rowLo: Float64Array
  rowHi: Float64Array
}

/** the profile of a mesh's triangles (flat x, y, z vertices, 3 indices each) as a camera projects them */
export function projectedProfile(
  pos: ArrayLike<number>,
  idx: ArrayLike<number>,
  cam: Projection,
  n = 256,
): Profile {
  const nv = pos.length / 3
  const xs = new Float64Array(nv)
  const ys = new Float64Array(nv)
  projectAll(asCamera(cam), pos, xs, ys)
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity
  for (let i = 0; i < nv; i++) {
    x0 = Math.min(x0, xs[i])
    x1 = Math.max(x1, xs[i])
    y0 = Math.min(y0, ys[i])
    y1 = Math.max(y1, ys[i])
  }
  const cols = strips(xs, ys, idx, x0, x1, n)
  const rows = strips(ys, xs, idx, y0, y1, n)
  return { n, x0, x1, y0, y1, colLo: cols.lo, colHi: cols.hi, rowLo: rows.lo, rowHi: rows.hi }
}

/** per strip of `a` across [a0, a1], the range of `b` the triangles cover inside it (each triangle clipped to the strip) */
function strips(
  a: Float64Array,
  b: Float64Array,
  idx: ArrayLike<number>,
  a0: number,
  a1: number,
  n: number,
) {
  const lo = new Float64Array(n).fill(Infinity)
  const hi = new Float64Array(n).fill(-Infinity)
  const step = (a1 - a0) / n || 1
  const range = { min: 0, max: 0 }
  for (let t = 0; t < idx.length; t += 3) {
    const i = idx[t],
      j = idx[t + 1],
      k = idx[t + 2]
    const amin = Math.min(a[i], a[j], a[k]),
      amax = Math.max(a[i], a[j], a[k])
    const first = Math.max(0, Math.floor((amin - a0) / step)),
      last = Math.min(n - 1, Math.floor((amax - a0) / step))
    for (let s = first; s <= last; s++) {
      const sa = Math.max(amin, a0 + s * step),
        sb = Math.min(amax, a0 + (s + 1) * step)
      range.min = Infinity
      range.max = -Infinity
      // the triangle inside the strip: its corners there, and where its edges cross the strip's sides
      edgeInStrip(a[i], b[i], a[j], b[j], sa, sb, range)
      edgeInStrip(a[j], b[j], a[k], b[k], sa, sb, range)
      edgeInStrip(a[k], b[k], a[i], b[i], sa, sb, range)
      if (range.min < lo[s]) lo[s] = range.min
      if (range.max > hi[s]) hi[s] = range.max
    }
  }
  return { lo, hi }
}

/** widens `range` by what of the edge p-q lies inside the strip sa <= a <= sb (its end p, and its crossings of the sides) */
function edgeInStrip(
  ap: number,
  bp: number,
  aq: number,
  bq: number,
  sa: number,
  sb: number,
  range: { min: number; max: number },
): void {
  if (ap >= sa && ap <= sb) widen(range, bp)
  if (ap === aq) return
  if ((ap - sa) * (aq - sa) <= 0) widen(range, bp + ((sa - ap) / (aq - ap)) * (bq - bp))
  if ((ap - sb) * (aq - sb) <= 0) widen(range, bp + ((sb - ap) / (aq - ap)) * (bq - bp))
}

function widen(range: { min: number; max: number }, v: number): void {
  if (v < range.min) range.min = v
  if (v > range.max) range.max = v
}
