/**
 * Where an emblem sits on the fin: the transform from its 100 x 100 box to fin metres (x aft, z up).
 * A free emblem asks for a centre and a size; fins differ (a 737's is tall and narrow, an A380's
 * long and low, each swept its own way), so the emblem is fitted inside this fin's outline: it keeps
 * the asked centre and size where it fits, else moves a little and shrinks as little as it must.
 * The outline is a trapezoid and the placed shape an affine image of its points, so each edge bounds
 * the size linearly: only the shape's convex hull counts.
 */
import type { Emblem } from '../../catalog/types'
import type { FinFrame } from '../parts/tail'
import { emblemOutline, readsFromBothSides } from './emblems'

/** a canvas transform: x' = a x + c y + e, y' = b x + d y + f */
export type Affine = [number, number, number, number, number, number]

/** the room kept between an emblem and the fin's edges, in fin heights (the edges are rounded) */
export const FIN_MARGIN = 0.035

/**
 * the transform of one emblem on one side. The right side is seen from outside mirrored, so a
 * shape that reads from both sides (letters) is drawn there mirrored in its box, and reads true.
 */
export function emblemTransform(fr: FinFrame, e: Emblem, side: 'R' | 'L'): Affine {
  const mirror = side === 'R' && readsFromBothSides(e.shape)
  const hf = fr.zTip - fr.zRoot
  let m: Affine
  if (e.frame === 'fin')
    // the box is the fin: x from the leading edge over the root chord, y down from tip to root
    m = [
      fr.rootChord / 100,
      0,
      (-hf * fr.tanSweep) / 100,
      -hf / 100,
      fr.x0 + hf * fr.tanSweep,
      fr.zTip,
    ]
  else m = fitted(fr, e, hull(e.shape, readsFromBothSides(e.shape)))
  if (!mirror) return m
  const [a, b, c, d, x, y] = m
  return [-a, -b, c, d, x + 100 * a, y + 100 * b]
}

const hulls = new Map<string, [number, number][]>()
/** the convex hull of the shape's outline (with its mirror image, when the fin draws both) */
function hull(name: string, both: boolean): [number, number][] {
  const key = `${name}|${both}`
  let h = hulls.get(key)
  if (!h) {
    const pts = emblemOutline(name)
    hulls.set(
      key,
      (h = convexHull(
        both ? [...pts, ...pts.map(([u, v]) => [100 - u, v] as [number, number])] : pts,
      )),
    )
  }
  return h
}

function convexHull(pts: [number, number][]): [number, number][] {
  const p = [...pts].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  if (p.length < 3) return p
  const cross = (o: number[], a: number[], b: number[]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const lower: [number, number][] = [],
    upper: [number, number][] = []
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0)
      lower.pop()
    lower.push(q)
  }
  for (const q of p.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0)
      upper.pop()
    upper.push(q)
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)]
}

/** the fin's edges, each as f(x, z) = A x + B z + C, inside where f >= 0, the margin kept */
function edges(fr: FinFrame): [number, number, number][] {
  const hf = fr.zTip - fr.zRoot
  const m = FIN_MARGIN * hf
  const t = fr.tanSweep,
    taper = (fr.tipChord - fr.rootChord) / hf
  return [
    [0, 1, -(fr.zRoot + m)], // above the root
    [0, -1, fr.zTip - m], // below the tip
    [1, -t, -fr.x0 + t * fr.zRoot - m], // aft of the leading edge
    [-1, t + taper, fr.x0 - (t + taper) * fr.zRoot + fr.rootChord - m], // ahead of the trailing edge
  ]
}

/** the free placement: the asked centre and size where they fit, else the nearest centre that fits the most */
function fitted(fr: FinFrame, e: Emblem, pts: [number, number][]): Affine {
  const hf = fr.zTip - fr.zRoot
  const r = (-(e.rotate ?? 0) * Math.PI) / 180
  const cos = Math.cos(r),
    sin = Math.sin(r)
  // each hull point's offset from the centre, in metres per metre of emblem size
  const q = pts.map(([u, v]) => [
    (cos * (u - 50) + sin * (v - 50)) / 100,
    (sin * (u - 50) - cos * (v - 50)) / 100,
  ])
  const E = edges(fr)
  const want = (e.size ?? 0.5) * hf
  /** the largest size whose every point is inside every edge, the centre at (cx, cz) */
  const room = (cx: number, cz: number): number => {
    let s = want
    for (const [A, B, C] of E) {
      const f = A * cx + B * cz + C
      if (f <= 0) return 0
      for (const [qx, qz] of q) {
        const g = A * qx + B * qz
        if (g < 0) s = Math.min(s, f / -g)
      }
    }
    return s
  }
  const leAt = (z: number) => fr.x0 + (z - fr.zRoot) * fr.tanSweep
  const chordAt = (z: number) => fr.rootChord + ((fr.tipChord - fr.rootChord) * (z - fr.zRoot)) / hf
  const at = (x: number, y: number): [number, number] => {
    const z = fr.zRoot + y * hf
    return [leAt(z) + x * chordAt(z), z]
  }
  const x0 = e.x ?? 0.5,
    y0 = e.y ?? 0.5
  let best = { s: -1, cx: 0, cz: 0, score: -Infinity }
  // moves of up to a fifth of the chord and an eighth of the height, nearest first in effect
  for (let i = -4; i <= 4; i++)
    for (let j = -4; j <= 4; j++) {
      const [cx, cz] = at(x0 + i * 0.05, y0 + j * 0.03)
      const s = room(cx, cz)
      const score = s / want - 0.02 * Math.hypot(i, j)
      if (score > best.score) best = { s, cx, cz, score }
      if (i === 0 && j === 0 && s >= want) return affine(best.cx, best.cz, best.s, cos, sin)
    }
  return affine(best.cx, best.cz, best.s, cos, sin)
}

function affine(cx: number, cz: number, size: number, cos: number, sin: number): Affine {
  const s = size / 100
  const a = s * cos,
    b = s * sin,
    c = s * sin,
    d = -s * cos
  return [a, b, c, d, cx - 50 * (a + c), cz - 50 * (b + d)]
}
