/**
 * Reading the sun's shadow map (bake.ts) for one render: each vertex placed on the map once
 * (texel x, y and quantised depth, stepped towards the sun so a surface does not shadow itself),
 * then per pixel the interpolated place looked up with a 2 x 2 percentage-closer filter: a soft
 * edge one texel wide, about a few pixels at the sizes each cut is drawn.
 */
import type { Mesh } from '../parts/mesh'
import type { LightBake } from './bake'

// how far a vertex is stepped towards the sun, and the depth allowance, in texels
const OFFSET = 1.2
const BIAS = 1.5

// per vertex x, y, z on the map, reused across renders (a render is synchronous and keeps none)
let onMap = new Float32Array(0)

/** every vertex's place on the shadow map: x, y, z per vertex (a view of a reused buffer) */
export function placeOnMap(mesh: Mesh, l: LightBake): Float32Array {
  const { pos, nrm } = mesh
  const nv = pos.length / 3
  if (onMap.length < 3 * nv) onMap = new Float32Array(3 * nv)
  const out = onMap
  const { a, b, c, k, zk } = l
  const step = OFFSET / k,
    bias = BIAS * (zk / k) + 1 - l.z0 * zk
  for (let i = 0; i < nv; i++) {
    const nx = nrm[3 * i],
      ny = nrm[3 * i + 1],
      nz = nrm[3 * i + 2]
    const s = nx * c[0] + ny * c[1] + nz * c[2] < 0 ? -step : step
    const x = pos[3 * i] + nx * s,
      y = pos[3 * i + 1] + ny * s,
      z = pos[3 * i + 2] + nz * s
    out[3 * i] = (x * a[0] + y * a[1] + z * a[2] - l.a0) * k
    out[3 * i + 1] = (x * b[0] + y * b[1] + z * b[2] - l.b0) * k
    out[3 * i + 2] = (x * c[0] + y * c[1] + z * c[2]) * zk + bias
  }
  return out
}

/** how much of the sun a point at map place (x, y, z) sees, 0..1 */
export function sunSeen(
  map: Uint16Array,
  w: number,
  h: number,
  x: number,
  y: number,
  z: number,
): number {
  x -= 0.5
  y -= 0.5
  if (!(x >= 0 && y >= 0 && x < w - 1 && y < h - 1)) return 1
  const xi = x | 0,
    yi = y | 0
  const fx = x - xi,
    fy = y - yi
  const o = yi * w + xi
  const d00 = map[o],
    d10 = map[o + 1],
    d01 = map[o + w],
    d11 = map[o + w + 1]
  const s00 = d00 === 0 || z >= d00 ? 1 : 0
  const s10 = d10 === 0 || z >= d10 ? 1 : 0
  const s01 = d01 === 0 || z >= d01 ? 1 : 0
  const s11 = d11 === 0 || z >= d11 ? 1 : 0
  return (s00 * (1 - fx) + s10 * fx) * (1 - fy) + (s01 * (1 - fx) + s11 * fx) * fy
}

/** one row of four texels: the weights of those that see the sun */
function rowLit(
  map: Uint16Array,
  o: number,
  z: number,
  w0: number,
  w1: number,
  w2: number,
  w3: number,
): number {
  const d0 = map[o],
    d1 = map[o + 1],
    d2 = map[o + 2],
    d3 = map[o + 3]
  return (
    (d0 === 0 || z >= d0 ? w0 : 0) +
    (d1 === 0 || z >= d1 ? w1 : 0) +
    (d2 === 0 || z >= d2 ? w2 : 0) +
    (d3 === 0 || z >= d3 ? w3 : 0)
  )
}

/**
 * sunSeen through a wider filter, for pictures where a map texel spans several pixels: a tent
 * over three texels convolved with the bilinear weights (4 x 4 texels, separable). The edge
 * then ramps over about three texels, so the map's texel steps no longer show as a staircase
 * along a shadow's edge; a real sun's penumbra is soft too.
 */
export const sunSeenWide: typeof sunSeen = (map, w, h, x, y, z) => {
  x -= 1.5
  y -= 1.5
  if (!(x >= 0 && y >= 0 && x < w - 3 && y < h - 3)) return sunSeen(map, w, h, x + 1, y + 1, z)
  const xi = x | 0,
    yi = y | 0
  const fx = x - xi,
    fy = y - yi
  // per axis: (1 - f) * [1 2 1 0] + f * [0 1 2 1], over 4; scalars, not an array: this runs per pixel
  const w0 = 1 - fx,
    w1 = 2 - fx,
    w2 = 1 + fx,
    w3 = fx
  const o = yi * w + xi
  let lit = 0
  lit += rowLit(map, o, z, w0, w1, w2, w3) * (1 - fy)
  lit += rowLit(map, o + w, z, w0, w1, w2, w3) * (2 - fy)
  lit += rowLit(map, o + 2 * w, z, w0, w1, w2, w3) * (1 + fy)
  lit += rowLit(map, o + 3 * w, z, w0, w1, w2, w3) * fy
  return lit / 16
}
