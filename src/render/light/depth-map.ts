/**
 * A depth map of a mesh seen along a direction (orthographic): per texel, how far towards the
 * viewer (the sun, or a direction of the sky) the nearest surface lies. What the sun's shadows and
 * the sky's occlusion are read from. Texel centres at integers + 0.5; depth in metres, larger =
 * nearer the viewer, -Infinity where nothing is.
 */
import type { Vec3 } from '../parts/mesh'

export interface DepthMap {
  w: number
  h: number
  /** image axes and the direction looked along (towards the viewer), unit, model axes */
  a: Vec3
  b: Vec3
  c: Vec3
  /** a and b of texel (0, 0)'s corner, and texels per metre */
  a0: number
  b0: number
  k: number
  depth: Float32Array
}

/** two unit axes square to c and to each other */
export function frameOf(c: Vec3): { a: Vec3; b: Vec3 } {
  const t: Vec3 = Math.abs(c[2]) < 0.9 ? [0, 0, 1] : [1, 0, 0]
  const a = unit(cross(t, c))
  return { a, b: cross(c, a) }
}

/**
 * the depth map of triangles idx over positions pos, looking along -c, at k texels per metre, at
 * most `most` texels a side (k is lowered to fit); `into`, when large enough, is reused
 */
export function depthMap(
  pos: Float64Array,
  idx: Uint32Array,
  c: Vec3,
  k: number,
  most: number,
  into?: Float32Array,
): DepthMap {
  const { a, b } = frameOf(c)
  const nv = pos.length / 3
  if (PX.length < nv) {
    PX = new Float64Array(nv)
    PY = new Float64Array(nv)
    PZ = new Float64Array(nv)
  }
  let minA = Infinity,
    maxA = -Infinity,
    minB = Infinity,
    maxB = -Infinity
  for (let i = 0; i < nv; i++) {
    const x = pos[3 * i],
      y = pos[3 * i + 1],
      z = pos[3 * i + 2]
    const pa = x * a[0] + y * a[1] + z * a[2],
      pb = x * b[0] + y * b[1] + z * b[2]
    PX[i] = pa
    PY[i] = pb
    PZ[i] = x * c[0] + y * c[1] + z * c[2]
    if (pa < minA) minA = pa
    if (pa > maxA) maxA = pa
    if (pb < minB) minB = pb
    if (pb > maxB) maxB = pb
  }
  k = Math.min(k, (most - 4) / Math.max(maxA - minA, maxB - minB, 1e-6))
  const w = Math.ceil((maxA - minA) * k) + 4,
    h = Math.ceil((maxB - minB) * k) + 4
  const depth = into && into.length >= w * h ? into.subarray(0, w * h) : new Float32Array(w * h)
  depth.fill(-Infinity)
  const m: DepthMap = { w, h, a, b, c, a0: minA - 2 / k, b0: minB - 2 / k, k, depth }
  for (let i = 0; i < nv; i++) {
    PX[i] = (PX[i] - m.a0) * k
    PY[i] = (PY[i] - m.b0) * k
  }
  fill(m, idx)
  return m
}

const lo = (p: number, q: number, r: number) => (p < q ? (p < r ? p : r) : q < r ? q : r)
const hi = (p: number, q: number, r: number) => (p > q ? (p > r ? p : r) : q > r ? q : r)

// the vertices on the map being made (texel x, y and depth), reused across maps
let PX = new Float64Array(0),
  PY = new Float64Array(0),
  PZ = new Float64Array(0)

/** every triangle into the map; one smaller than a texel still marks the texel of its centre */
function fill(m: DepthMap, idx: Uint32Array): void {
  const { w, h, depth } = m
  for (let t = 0; t < idx.length; t += 3) {
    const i0 = idx[t],
      i1 = idx[t + 1],
      i2 = idx[t + 2]
    const X0 = PX[i0],
      Y0 = PY[i0],
      Z0 = PZ[i0]
    const e1x = PX[i1] - X0,
      e1y = PY[i1] - Y0,
      e2x = PX[i2] - X0,
      e2y = PY[i2] - Y0
    const dz1 = PZ[i1] - Z0,
      dz2 = PZ[i2] - Z0
    const det = e1x * e2y - e2x * e1y
    const x0 = Math.max(0, Math.ceil(lo(X0, PX[i1], PX[i2]) - 0.5)),
      x1 = Math.min(w - 1, Math.floor(hi(X0, PX[i1], PX[i2]) - 0.5))
    const y0 = Math.max(0, Math.ceil(lo(Y0, PY[i1], PY[i2]) - 0.5)),
      y1 = Math.min(h - 1, Math.floor(hi(Y0, PY[i1], PY[i2]) - 0.5))
    if (x0 > x1 || y0 > y1 || Math.abs(det) < 1e-9) {
      const cx = ((X0 + PX[i1] + PX[i2]) / 3) | 0,
        cy = ((Y0 + PY[i1] + PY[i2]) / 3) | 0
      const zc = Z0 + (dz1 + dz2) / 3
      const o = cy * w + cx
      if (cx >= 0 && cy >= 0 && cx < w && cy < h && zc > depth[o]) depth[o] = zc
      continue
    }
    const inv = 1 / det
    for (let y = y0; y <= y1; y++) {
      const dy = y + 0.5 - Y0
      for (let x = x0; x <= x1; x++) {
        const dx = x + 0.5 - X0
        const u = (dx * e2y - e2x * dy) * inv,
          v = (e1x * dy - dx * e1y) * inv
        if (u < 0 || v < 0 || u + v > 1) continue
        const z = Z0 + u * dz1 + v * dz2
        const o = y * w + x
        if (z > depth[o]) depth[o] = z
      }
    }
  }
}

function cross(p: Vec3, q: Vec3): Vec3 {
  return [p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0]]
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1
  return [v[0] / l, v[1] / l, v[2] / l]
}
