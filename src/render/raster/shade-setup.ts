/**
 * What a shader sets up once per render: barycentric inverses per drawn triangle, view-space
 * vertex normals (cached per mesh and view), the drawing's scale and the fan's radius.
 */
import type { View } from './camera'
import type { Mesh } from '../parts/mesh'
import { Mat } from '../parts/materials'

// per-triangle barycentric setup, reused across calls (a shader is used before the next is made)
let invBuf = new Float64Array(0)

/** per drawn triangle, the inverse of its screen-space edge matrix: barycentrics from a pixel offset */
export function barycentricSetup(
  mesh: Mesh,
  sx: Float64Array,
  sy: Float64Array,
  skip?: Uint8Array,
): Float64Array {
  const idx = mesh.idx
  const nt = idx.length / 3
  if (invBuf.length < nt * 4) invBuf = new Float64Array(nt * 4)
  const inv = invBuf
  for (let t = 0; t < nt; t++) {
    if (skip && skip[t]) continue
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    const e1x = sx[b] - sx[a],
      e1y = sy[b] - sy[a],
      e2x = sx[c] - sx[a],
      e2y = sy[c] - sy[a]
    const det = e1x * e2y - e2x * e1y
    if (Math.abs(det) < 1e-12) {
      inv[4 * t] = 0
      inv[4 * t + 1] = 0
      inv[4 * t + 2] = 0
      inv[4 * t + 3] = 0
      continue
    }
    inv[4 * t] = e2y / det
    inv[4 * t + 1] = -e2x / det
    inv[4 * t + 2] = -e1y / det
    inv[4 * t + 3] = e1x / det
  }
  return inv
}

/**
 * view-space vertex normals, per mesh and view (they do not depend on scale or placement);
 * single precision: 10 views of every model in both cuts are kept in each render thread, and a
 * few pitched ones (a pitch is any number to 2 decimals: the oldest view goes first)
 */
const normalCache = new WeakMap<Mesh, Map<View, Float32Array>>()
const VIEWS_KEPT = 14

export function viewNormals(mesh: Mesh, view: View): Float32Array {
  let m = normalCache.get(mesh)
  if (!m) {
    m = new Map()
    normalCache.set(mesh, m)
  }
  let vn = m.get(view)
  if (vn) return vn
  const nv = mesh.nrm.length / 3
  vn = new Float32Array(nv * 3)
  const r = view.r,
    u = view.u,
    d = view.d
  for (let i = 0; i < nv; i++) {
    const x = mesh.nrm[3 * i],
      y = mesh.nrm[3 * i + 1],
      z = mesh.nrm[3 * i + 2]
    vn[3 * i] = x * r[0] + y * r[1] + z * r[2]
    vn[3 * i + 1] = x * u[0] + y * u[1] + z * u[2]
    vn[3 * i + 2] = x * d[0] + y * d[1] + z * d[2]
  }
  m.set(view, vn)
  if (m.size > VIEWS_KEPT) m.delete(m.keys().next().value!)
  return vn
}

/** the drawing's scale: pixels per metre (orthographic, so one number) */
export function pixelsPerMetre(mesh: Mesh, view: View, sx: Float64Array, sy: Float64Array): number {
  const p = mesh.pos
  const nv = p.length / 3
  let best = 0
  // the farthest of a few vertices from vertex 0 gives a long, well-conditioned baseline
  for (let i = 1; i < nv; i += Math.max(1, nv >> 4)) {
    const dx = p[3 * i] - p[0],
      dy = p[3 * i + 1] - p[1],
      dz = p[3 * i + 2] - p[2]
    const vx = dx * view.r[0] + dy * view.r[1] + dz * view.r[2]
    const vy = dx * view.u[0] + dy * view.u[1] + dz * view.u[2]
    const m = Math.hypot(vx, vy)
    if (m > best) best = Math.hypot(sx[i] - sx[0], sy[i] - sy[0]) / m
  }
  return best
}

const fanCache = new WeakMap<Mesh, number>()

/** the fan radius in metres (half the height of the first fan face; 0 without engines), per mesh */
export function fanRadius(mesh: Mesh): number {
  let r = fanCache.get(mesh)
  if (r !== undefined) return r
  const { mat, idx, pos, part } = mesh
  let lo = Infinity,
    hi = -Infinity,
    first = -1
  for (let t = 0; t < mat.length; t++) {
    if (mat[t] !== Mat.Fan || (first >= 0 && part[t] !== first)) continue
    first = part[t]
    for (let k = 0; k < 3; k++) {
      const z = pos[3 * idx[3 * t + k] + 2]
      if (z < lo) lo = z
      if (z > hi) hi = z
    }
  }
  r = first < 0 ? 0 : (hi - lo) / 2
  fanCache.set(mesh, r)
  return r
}
