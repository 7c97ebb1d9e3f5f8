/**
 * What a model's lighting needs that depends on the model alone, baked on its first render and
 * held with it (parts/model.ts derived, in shared memory for the render threads):
 * - the sun's shadow map (the sun is fixed to the aircraft: sun.ts), depths quantised to 16 bits;
 * - the sky's occlusion per vertex: the share of the dome a vertex sees past the rest of the
 *   aircraft, cosine weighted, from depth maps along SKY_DIRECTIONS directions. It darkens the
 *   wing-body fairing under the wing, pylons, intakes, gear bays and the wheels of a bogie.
 */
import type { Vec3 } from '../parts/mesh'
import { derived, shared, type Model } from '../parts/model'
import { depthMap, type DepthMap } from './depth-map'
import { SUN } from './sun'

/** the shadow map's frame (image axes a, b, the sun's direction c, texel (0, 0)'s corner, texels per metre), without its float depths */
export interface LightBake extends Omit<DepthMap, 'depth'> {
  /** depth towards the sun = z0 + (texel - 1) / zk; 0 where nothing casts */
  z0: number
  zk: number
  shadow: Uint16Array
  /** sky visibility per vertex, 0..255 */
  ao: Uint8Array
}

const SKY_DIRECTIONS = 26
// the ground is darker than the sky: what hides it takes less of the light
const GROUND_WEIGHT = 0.45
// occlusion maps' size: texels of about a third of a metre on the largest aircraft, fine enough for
// the wheels of a bogie and the corners of the fairing, coarse enough to bake in a blink
const AO_TEXELS = 200
// shadow map: texels per metre and the most a side, by cut (the light cut is drawn small)
const SHADOW = { full: { k: 10, most: 1000 }, light: { k: 6, most: 600 } }

/** a model's baked lighting, made on first use and held with the model */
export function lightOf(model: Model, detail: 'full' | 'light'): LightBake {
  return derived(model, 'light', () => bake(model, detail))
}

function bake(model: Model, detail: 'full' | 'light'): LightBake {
  const { pos, idx } = model.mesh
  const s = SHADOW[detail]
  const m = depthMap(pos, idx, SUN, s.k, s.most)
  const { shadow, z0, zk } = quantise(m)
  return {
    a: m.a,
    b: m.b,
    c: m.c,
    a0: m.a0,
    b0: m.b0,
    k: m.k,
    w: m.w,
    h: m.h,
    z0,
    zk,
    shadow: shared(shadow),
    ao: shared(skyVisibility(model)),
  }
}

function quantise(m: DepthMap): { shadow: Uint16Array; z0: number; zk: number } {
  let lo = Infinity,
    hi = -Infinity
  for (const z of m.depth)
    if (z > -Infinity) {
      if (z < lo) lo = z
      if (z > hi) hi = z
    }
  const zk = 65533 / Math.max(hi - lo, 1e-6)
  const out = new Uint16Array(m.w * m.h)
  for (let i = 0; i < out.length; i++)
    if (m.depth[i] > -Infinity) out[i] = 1 + Math.round((m.depth[i] - lo) * zk)
  return { shadow: out, z0: lo, zk }
}

/** directions spread evenly over the sphere (a Fibonacci lattice) */
function directions(n: number): Vec3[] {
  const golden = Math.PI * (3 - Math.sqrt(5))
  return Array.from({ length: n }, (_, i) => {
    const z = 1 - (2 * (i + 0.5)) / n,
      r = Math.sqrt(1 - z * z)
    return [r * Math.cos(golden * i), r * Math.sin(golden * i), z] as Vec3
  })
}

function skyVisibility(model: Model): Uint8Array {
  const { pos, nrm, idx } = model.mesh
  const nv = pos.length / 3
  const seen = new Float32Array(nv),
    weight = new Float32Array(nv)
  let scratch: Float32Array | undefined
  for (const d of directions(SKY_DIRECTIONS)) {
    const m = depthMap(pos, idx, d, Infinity, AO_TEXELS, scratch)
    scratch = m.depth
    const t = 1 / m.k
    const below = d[2] < 0 ? GROUND_WEIGHT : 1
    for (let i = 0; i < nv; i++) {
      const cos = nrm[3 * i] * d[0] + nrm[3 * i + 1] * d[1] + nrm[3 * i + 2] * d[2]
      if (cos <= 0) continue
      // stepped off the surface, so the surface does not hide itself
      const x = pos[3 * i] + nrm[3 * i] * 0.75 * t,
        y = pos[3 * i + 1] + nrm[3 * i + 1] * 0.75 * t,
        z = pos[3 * i + 2] + nrm[3 * i + 2] * 0.75 * t
      const u = (x * m.a[0] + y * m.a[1] + z * m.a[2] - m.a0) * m.k - 0.5
      const v = (x * m.b[0] + y * m.b[1] + z * m.b[2] - m.b0) * m.k - 0.5
      const w = cos * below
      weight[i] += w
      seen[i] += w * seenFrom(m, u, v, x * d[0] + y * d[1] + z * d[2] + 1.25 * t)
    }
  }
  for (let i = 0; i < nv; i++) seen[i] = weight[i] > 0 ? seen[i] / weight[i] : 1
  smooth(seen, idx, 2)
  const ao = new Uint8Array(nv)
  for (let i = 0; i < nv; i++) ao[i] = Math.round(255 * seen[i])
  return ao
}

/**
 * each value halfway towards the mean of its neighbours along the mesh's edges, `passes` times:
 * the few sky directions sampled leave a grain from vertex to vertex that this evens out
 */
function smooth(v: Float32Array, idx: Uint32Array, passes: number): void {
  const sum = new Float32Array(v.length),
    n = new Float32Array(v.length)
  for (let pass = 0; pass < passes; pass++) {
    sum.fill(0)
    n.fill(0)
    for (let t = 0; t < idx.length; t += 3) {
      const a = idx[t],
        b = idx[t + 1],
        c = idx[t + 2]
      sum[a] += v[b] + v[c]
      sum[b] += v[a] + v[c]
      sum[c] += v[a] + v[b]
      n[a] += 2
      n[b] += 2
      n[c] += 2
    }
    for (let i = 0; i < v.length; i++) if (n[i] > 0) v[i] = 0.5 * v[i] + (0.5 * sum[i]) / n[i]
  }
}

/** the share of a 2 x 2 texel neighbourhood of map place (u, v) that nothing hides from depth z */
function seenFrom(m: DepthMap, u: number, v: number, z: number): number {
  if (!(u >= 0 && v >= 0 && u < m.w - 1 && v < m.h - 1)) return 1
  const ui = u | 0,
    vi = v | 0,
    fu = u - ui,
    fv = v - vi
  const o = vi * m.w + ui,
    d = m.depth
  const s00 = z >= d[o] ? 1 : 0,
    s10 = z >= d[o + 1] ? 1 : 0,
    s01 = z >= d[o + m.w] ? 1 : 0,
    s11 = z >= d[o + m.w + 1] ? 1 : 0
  return (s00 * (1 - fu) + s10 * fu) * (1 - fv) + (s01 * (1 - fu) + s11 * fu) * fv
}
