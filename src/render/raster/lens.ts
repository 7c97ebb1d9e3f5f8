/**
 * What a lens and a grazing view ask of shading, around any shader (shade.ts), which interpolates
 * a triangle's attributes affinely in screen space and reads a texture once per pixel:
 *  - perspective: across a triangle whose depth changes enough to show (a fin, a long wing panel
 *    at 4096), affine interpolation bends its painted lines at the diagonal. There each pixel is
 *    shaded at the screen point whose affine barycentrics are the perspective-correct ones of the
 *    pixel, which makes every attribute the shader interpolates (texture, normal) correct.
 *  - texture filtering: where a pixel covers several texels of a painted surface (windows and
 *    titles on a fuselage curving away at the top and bottom of the picture, a fin seen edge-on),
 *    one bilinear read per pixel picks texels at random and the rows of windows turn to hatching.
 *    There each texture read of the pixel is several, spread along the direction in which the
 *    texture runs fastest and averaged (texture.ts setFootprint): a box filter over the pixel's
 *    footprint, about a read per texel, while the pixel is still lit once.
 * Both are decided per triangle, once per picture; every other triangle goes straight to the
 * shader's own spans, so the common case costs nothing.
 */
import { Mat } from '../parts/materials'
import type { Mesh } from '../parts/mesh'
import type { Shader } from './raster'
import { setFootprint, type Texture } from './texture'

export interface LensInput {
  mesh: Mesh
  sx: Float64Array // pixels
  sy: Float64Array
  /** camera.ts perspectiveWeights (null: orthographic) */
  weights: Float64Array | null
  /** the textures the shader reads: fuselage and nacelle by uv, the fin by position (x, z) */
  fuselage: Texture
  fin: Texture
  nacelle?: Texture
  skip?: Uint8Array
}

// how far (px) affine interpolation may stray from the perspective-correct point before it is corrected
const PERSPECTIVE_PX = 0.4
// texels a pixel may span before its texture is read more than once (a bilinear read holds up
// fine to about two: beyond, rows of windows beat), how many texels each read stands for, and the
// most reads a pixel takes
const TEXELS_ONE_READ = 1.8
const TEXELS_PER_READ = 1.5
const MAX_READS = 8

let flags = new Uint8Array(0) // bit 0: perspective; bits 1..: texture reads per pixel
let axes = new Float32Array(0) // per triangle: the footprint's long axis across one pixel, in texels

/** the shader seen through the lens: perspective-correct and texture-filtered where it shows */
export function throughLens(sh: Shader, inp: LensInput): Shader {
  const nt = inp.mesh.idx.length / 3
  if (flags.length < nt) {
    flags = new Uint8Array(nt)
    axes = new Float32Array(2 * nt)
  }
  if (!classify(inp, nt)) return sh
  const f = flags,
    ax = axes
  const { sx, sy } = inp
  const idx = inp.mesh.idx
  const w = inp.weights
  const at = new Float64Array(2)
  const one = new Float64Array(3)

  /** the screen point whose affine barycentrics on t are the perspective-correct ones of (x, y), into at */
  const correct = (t: number, x: number, y: number): void => {
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    at[0] = x
    at[1] = y
    if (!w) return
    const e1x = sx[b] - sx[a],
      e1y = sy[b] - sy[a],
      e2x = sx[c] - sx[a],
      e2y = sy[c] - sy[a]
    const det = e1x * e2y - e2x * e1y
    if (det === 0) return
    const dx = x - sx[a],
      dy = y - sy[a]
    const b1 = (dx * e2y - e2x * dy) / det,
      b2 = (e1x * dy - dx * e1y) / det
    const q0 = (1 - b1 - b2) * w[a],
      q1 = b1 * w[b],
      q2 = b2 * w[c]
    const s = q0 + q1 + q2
    if (!(s > 0)) return
    at[0] = sx[a] + (q1 * e1x + q2 * e2x) / s
    at[1] = sy[a] + (q1 * e1y + q2 * e2y) / s
  }

  return {
    at: (t, x, y, out) => {
      const fl = f[t]
      if (fl === 0) return sh.at(t, x, y, out)
      if (fl > 1) setFootprint(fl >> 1, ax[2 * t], ax[2 * t + 1])
      if (fl & 1) {
        correct(t, x, y)
        sh.at(t, at[0], at[1], out)
      } else sh.at(t, x, y, out)
      if (fl > 1) setFootprint(1, 0, 0)
    },
    span: (t, x0, y, n, out) => {
      const fl = f[t]
      if (fl === 0) return sh.span(t, x0, y, n, out)
      if (fl > 1) setFootprint(fl >> 1, ax[2 * t], ax[2 * t + 1])
      if (fl & 1) {
        // the corrected points of a row do not lie on a row: one at a time
        for (let i = 0, o = 0; i < n; i++, o += 3) {
          correct(t, x0 + i, y)
          sh.at(t, at[0], at[1], one)
          out[o] = one[0]
          out[o + 1] = one[1]
          out[o + 2] = one[2]
        }
      } else sh.span(t, x0, y, n, out)
      if (fl > 1) setFootprint(1, 0, 0)
    },
  }
}

/** per drawn triangle: whether it needs correcting, how many texture reads, along which axis; whether any does */
function classify(inp: LensInput, nt: number): boolean {
  const { mesh, sx, sy, weights: w, skip } = inp
  const { idx, mat } = mesh
  let any = false
  for (let t = 0; t < nt; t++) {
    flags[t] = 0
    if (skip && skip[t]) continue
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    const e1x = sx[b] - sx[a],
      e1y = sy[b] - sy[a],
      e2x = sx[c] - sx[a],
      e2y = sy[c] - sy[a]
    let fl = 0
    if (w) {
      // affine interpolation strays by about a quarter of the triangle's size times its relative change of scale
      const lo = Math.min(w[a], w[b], w[c]),
        hi = Math.max(w[a], w[b], w[c])
      const size = Math.max(Math.abs(e1x) + Math.abs(e1y), Math.abs(e2x) + Math.abs(e2y))
      if ((0.25 * size * (hi - lo)) / lo > PERSPECTIVE_PX) fl = 1
    }
    const m = mat[t]
    const tex =
      m === Mat.Fuselage
        ? inp.fuselage
        : m === Mat.Fin
          ? inp.fin
          : m === Mat.Nacelle
            ? inp.nacelle
            : undefined
    if (tex) fl |= footprint(mesh, t, tex, m === Mat.Fin, e1x, e1y, e2x, e2y) << 1
    flags[t] = fl
    if (fl) any = true
  }
  return any
}

/**
 * texture reads a pixel of triangle t needs (0: one plain read) and, in axes, the pixel's extent
 * in texels along the footprint's long axis; the fin is painted by position (x, z), the rest by uv
 */
function footprint(
  mesh: Mesh,
  t: number,
  tex: Texture,
  byPos: boolean,
  e1x: number,
  e1y: number,
  e2x: number,
  e2y: number,
): number {
  const { idx, uv, pos } = mesh
  const a = idx[3 * t],
    b = idx[3 * t + 1],
    c = idx[3 * t + 2]
  const U = (i: number) => (byPos ? pos[3 * i] : uv[2 * i]) * tex.su
  const V = (i: number) => (byPos ? pos[3 * i + 2] : uv[2 * i + 1]) * tex.sv
  const du1 = U(b) - U(a),
    dv1 = V(b) - V(a),
    du2 = U(c) - U(a),
    dv2 = V(c) - V(a)
  const det = e1x * e2y - e2x * e1y
  // (a revolved part's seam triangles span the wrap: the shader unwraps them, they are few)
  if (det === 0 || Math.abs(dv1) + Math.abs(dv2) >= 0.5 * tex.h) return 0
  // texels per pixel along x and y
  const ux = (du1 * e2y - du2 * e1y) / det,
    uy = (du2 * e1x - du1 * e2x) / det
  const vx = (dv1 * e2y - dv2 * e1y) / det,
    vy = (dv2 * e1x - dv1 * e2x) / det
  // the footprint's long axis: the larger eigenvector of J^T J
  const p = ux * ux + vx * vx,
    q = ux * uy + vx * vy,
    r = uy * uy + vy * vy
  const h = 0.5 * (p - r)
  const lam = 0.5 * (p + r) + Math.sqrt(h * h + q * q)
  const texels = Math.sqrt(lam)
  if (!(texels > TEXELS_ONE_READ)) return 0
  let ex = q,
    ey = lam - p
  if (Math.abs(ex) + Math.abs(ey) < 1e-12) {
    ex = p >= r ? 1 : 0
    ey = p >= r ? 0 : 1
  }
  const l = Math.hypot(ex, ey)
  ex /= l
  ey /= l
  axes[2 * t] = ux * ex + uy * ey
  axes[2 * t + 1] = vx * ex + vy * ey
  return Math.min(MAX_READS, Math.ceil(texels / TEXELS_PER_READ))
}
