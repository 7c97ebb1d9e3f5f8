/**
 * Per-pixel shading: interpolate the triangle's vertex attributes at the pixel (barycentric in
 * pixel space; the projection is orthographic so this is exact), pick the surface colour from the
 * livery (textures for fuselage and fin, colours by zone elsewhere), then light it: a key light
 * from the upper left towards the viewer, a sky/ground ambient, a soft gloss highlight.
 * Written flat (typed arrays and locals, no allocation) as it runs for every pixel.
 */
import type { View } from './camera'
import type { Mesh } from '../parts/mesh'
import { mix, rgb, type RGB, type Scheme } from '../paint/scheme'
import type { Shader } from './raster'
import { bilinear, type Texture } from './texture'

const L = norm([-0.42, 0.72, 0.55])
const HV = norm([L[0], L[1], L[2] + 1])
const L0 = L[0], L1 = L[1], L2 = L[2]
const H0 = HV[0], H1 = HV[1], H2 = HV[2]

function norm(v: number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2])
  return [v[0] / l, v[1] / l, v[2] / l]
}

export interface ShadeInput {
  mesh: Mesh
  view: View
  sx: Float64Array
  sy: Float64Array
  scheme: Scheme
  fuselage: Texture
  fin: Texture
  chevrons: boolean
  /** triangles that are never drawn (their setup is skipped) */
  skip?: Uint8Array
}

// per-triangle barycentric setup, reused across calls (a shader is used before the next is made)
let invBuf = new Float64Array(0)

/**
 * view-space vertex normals, per mesh and view (they do not depend on scale or placement);
 * single precision: 10 views of every model in both cuts are kept in each render thread
 */
const normalCache = new WeakMap<Mesh, Map<View, Float32Array>>()

function viewNormals(mesh: Mesh, view: View): Float32Array {
  let m = normalCache.get(mesh)
  if (!m) { m = new Map(); normalCache.set(mesh, m) }
  let vn = m.get(view)
  if (vn) return vn
  const nv = mesh.nrm.length / 3
  vn = new Float32Array(nv * 3)
  const r = view.r, u = view.u, d = view.d
  for (let i = 0; i < nv; i++) {
    const x = mesh.nrm[3 * i], y = mesh.nrm[3 * i + 1], z = mesh.nrm[3 * i + 2]
    vn[3 * i] = x * r[0] + y * r[1] + z * r[2]
    vn[3 * i + 1] = x * u[0] + y * u[1] + z * u[2]
    vn[3 * i + 2] = x * d[0] + y * d[1] + z * d[2]
  }
  m.set(view, vn)
  return vn
}

// materials (mesh.ts Mat, a const enum that is not inlined across modules)
const M_FUSELAGE = 0, M_WING = 1, M_STAB = 2, M_FIN = 3, M_NACELLE = 4, M_PYLON = 5, M_TYRE = 7, M_HUB = 8, M_WINGLET = 10

// colour slots in the palette (r, g, b each)
const C_WINGS = 0, C_WINGS_LOW = 1, C_WINGS_LE = 2, C_WINGLET = 4, C_SPINNER = 5, C_FAN = 6
const C_ACCENT = 7, C_ENGINES = 8, C_CHEVRON = 9, C_CORE = 10, C_EXHAUST = 11, C_PYLON = 12, C_TYRE = 13, C_HUB = 14, C_METAL = 15

export function makeShader(inp: ShadeInput): Shader {
  const { mesh, view, sx, sy, scheme } = inp
  const nt = mesh.idx.length / 3
  const vn = viewNormals(mesh, view)
  // per-triangle inverse of the screen-space edge matrix, for barycentrics
  if (invBuf.length < nt * 4) invBuf = new Float64Array(nt * 4)
  const inv = invBuf
  const idx = mesh.idx
  const skip = inp.skip
  for (let t = 0; t < nt; t++) {
    if (skip && skip[t]) continue
    const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
    const e1x = sx[b] - sx[a], e1y = sy[b] - sy[a], e2x = sx[c] - sx[a], e2y = sy[c] - sy[a]
    const det = e1x * e2y - e2x * e1y
    if (Math.abs(det) < 1e-12) { inv[4 * t] = 0; inv[4 * t + 1] = 0; inv[4 * t + 2] = 0; inv[4 * t + 3] = 0; continue }
    inv[4 * t] = e2y / det
    inv[4 * t + 1] = -e2x / det
    inv[4 * t + 2] = -e1y / det
    inv[4 * t + 3] = e1x / det
  }
  const d = scheme.design
  const core: RGB = [132, 138, 146]
  const le: RGB = [196, 201, 207]
  const pal = new Float64Array(16 * 3)
  const put = (i: number, c: RGB) => { pal[3 * i] = c[0]; pal[3 * i + 1] = c[1]; pal[3 * i + 2] = c[2] }
  put(C_WINGS, scheme.wings)
  put(C_WINGS_LOW, scheme.wingsLower)
  put(C_WINGS_LE, le)
  put(C_WINGLET, scheme.winglet)
  put(C_SPINNER, [160, 166, 174])
  put(C_FAN, [48, 52, 58])
  put(C_ACCENT, scheme.engineAccent)
  put(C_ENGINES, scheme.engines)
  put(C_CHEVRON, mix(scheme.engines, core, 0.55))
  put(C_CORE, core)
  put(C_EXHAUST, mix(core, [90, 94, 100], 0.5))
  put(C_PYLON, mix(rgb(d.fuselage), [200, 205, 211], 0.35))
  put(C_TYRE, [44, 46, 50])
  put(C_HUB, [150, 157, 166])
  put(C_METAL, [184, 190, 198])
  const base = new Float64Array(3)
  const { uv, pos, mat } = mesh
  const chevrons = inp.chevrons
  const ft = inp.fuselage, fd = ft.data, fw = ft.w, fh = ft.h, fwrap = ft.wrapV, fsu = ft.su, fsv = ft.sv, fu0 = ft.u0, fv0 = ft.v0
  const tt = inp.fin, td = tt.data, tw = tt.w, th = tt.h, twrap = tt.wrapV, tsu = tt.su, tsv = tt.sv, tu0 = tt.u0, tv0 = tt.v0

  /** light the colour in base with the (unnormalised) normal; into out[o..o+2] */
  const light = (nx: number, ny: number, nz: number, gloss: number, out: Float64Array, o: number): void => {
    const l2 = nx * nx + ny * ny + nz * nz
    if (l2 > 0) {
      const k = 1 / Math.sqrt(l2)
      nx *= k; ny *= k; nz *= k
    }
    // thin surfaces are seen from both sides
    if (nz < 0) { nx = -nx; ny = -ny; nz = -nz }
    let diff = nx * L0 + ny * L1 + nz * L2
    if (diff < 0) diff = 0
    // sky above, a soft bounce from the ground below: undersides stay light, as in an illustration
    const amb = 0.64 + 0.1 * ny + (ny < 0 ? -0.06 * ny * nz : 0)
    let h = nx * H0 + ny * H1 + nz * H2
    if (h < 0) h = 0
    const h2 = h * h, h4 = h2 * h2, h8 = h4 * h4, h16 = h8 * h8
    const spec = gloss * h16 * h16 * h4 * 255
    // slight darkening towards the silhouette rounds bodies off
    const k = (amb + 0.44 * diff) * (0.82 + 0.18 * nz)
    out[o] = base[0] * k + spec
    out[o + 1] = base[1] * k + spec
    out[o + 2] = base[2] * k + spec
  }

  /** surface colour of kind (see span) at surface coordinates (p, q) into base */
  const surface = (kind: number, ci: number, p: number, q: number): void => {
    if (kind === 0) {
      base[0] = pal[3 * ci]; base[1] = pal[3 * ci + 1]; base[2] = pal[3 * ci + 2]
    } else if (kind === 1) {
      bilinear(fd, fw, fh, fwrap, (p - fu0) * fsu - 0.5, (q - fv0) * fsv - 0.5, base)
    } else if (kind === 2) {
      bilinear(td, tw, th, twrap, (p - tu0) * tsu - 0.5, (q - tv0) * tsv - 0.5, base)
    } else if (kind === 3) {
      const k = q > 0.5 ? C_WINGS_LOW : C_WINGS
      let r = pal[3 * k], g = pal[3 * k + 1], bl = pal[3 * k + 2]
      const edge = Math.abs(q - 0.5)
      if (edge < 0.07) {
        const f = 0.7 * (1 - edge / 0.07)
        r += (pal[3 * C_WINGS_LE] - r) * f
        g += (pal[3 * C_WINGS_LE + 1] - g) * f
        bl += (pal[3 * C_WINGS_LE + 2] - bl) * f
      }
      base[0] = r; base[1] = g; base[2] = bl
    } else {
      const zone = Math.floor(p)
      let k: number
      if (zone === 0) k = p < 0.35 ? C_SPINNER : C_FAN
      else if (zone === 1) k = C_ACCENT
      else if (zone === 2) {
        k = C_ENGINES
        if (chevrons) {
          // saw-tooth trailing edge of the fan cowl, as painted metal teeth
          const ph = (q * 16) % 1
          const tooth = 1 - Math.abs(2 * ph - 1)
          if (p > 2.93 - 0.12 * tooth) k = C_CHEVRON
        }
      } else k = p > 3.75 ? C_EXHAUST : C_CORE
      base[0] = pal[3 * k]; base[1] = pal[3 * k + 1]; base[2] = pal[3 * k + 2]
    }
  }

  /** pixels (x0 + i, y) for i < n, all on triangle t, into out[3i..3i+2] */
  const span = (t: number, x0: number, y: number, n: number, out: Float64Array): void => {
    const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
    const t4 = 4 * t
    const i0 = inv[t4], i1 = inv[t4 + 1], i2 = inv[t4 + 2], i3 = inv[t4 + 3]
    const ax = sx[a], dy = y - sy[a]
    const a3 = 3 * a, b3 = 3 * b, c3 = 3 * c
    const nxA = vn[a3], nyA = vn[a3 + 1], nzA = vn[a3 + 2]
    const nxB = vn[b3], nyB = vn[b3 + 1], nzB = vn[b3 + 2]
    const nxC = vn[c3], nyC = vn[c3 + 1], nzC = vn[c3 + 2]
    const m = mat[t]
    // the surface: 0 = flat colour, 1 = fuselage texture (u, v), 2 = fin texture (x, z), 3 = wing (v), 4 = nacelle (u, v)
    let kind = 0
    let gloss = 0.22
    let ci = C_METAL
    let pA = 0, pB = 0, pC = 0, qA = 0, qB = 0, qC = 0 // the two surface coordinates at the vertices
    if (m === M_FUSELAGE || m === M_NACELLE) {
      kind = m === M_FUSELAGE ? 1 : 4
      pA = uv[2 * a]; pB = uv[2 * b]; pC = uv[2 * c]
      qA = uv[2 * a + 1]; qB = uv[2 * b + 1]; qC = uv[2 * c + 1]
    } else if (m === M_FIN) {
      kind = 2
      pA = pos[a3]; pB = pos[b3]; pC = pos[c3]
      qA = pos[a3 + 2]; qB = pos[b3 + 2]; qC = pos[c3 + 2]
    } else if (m === M_WING || m === M_STAB) {
      kind = 3
      qA = uv[2 * a + 1]; qB = uv[2 * b + 1]; qC = uv[2 * c + 1]
      gloss = 0.12
    } else if (m === M_WINGLET) ci = C_WINGLET
    else if (m === M_PYLON) ci = C_PYLON
    else if (m === M_TYRE) { ci = C_TYRE; gloss = 0.05 }
    else if (m === M_HUB) ci = C_HUB
    // barycentrics at both ends: when both are inside the triangle, so is every pixel between,
    // and the attributes are affine along the span (stepped, no clamping)
    const dx0 = x0 - ax, dx1 = x0 + n - 1 - ax
    const b1s = i0 * dx0 + i1 * dy, b2s = i2 * dx0 + i3 * dy
    const b1e = i0 * dx1 + i1 * dy, b2e = i2 * dx1 + i3 * dy
    if (b1s >= 0 && b2s >= 0 && b1s + b2s <= 1 && b1e >= 0 && b2e >= 0 && b1e + b2e <= 1) {
      const b0s = 1 - b1s - b2s
      let nx = b0s * nxA + b1s * nxB + b2s * nxC, dnx = i0 * (nxB - nxA) + i2 * (nxC - nxA)
      let ny = b0s * nyA + b1s * nyB + b2s * nyC, dny = i0 * (nyB - nyA) + i2 * (nyC - nyA)
      let nz = b0s * nzA + b1s * nzB + b2s * nzC, dnz = i0 * (nzB - nzA) + i2 * (nzC - nzA)
      let p = b0s * pA + b1s * pB + b2s * pC, dp = i0 * (pB - pA) + i2 * (pC - pA)
      let q = b0s * qA + b1s * qB + b2s * qC, dq = i0 * (qB - qA) + i2 * (qC - qA)
      if (kind === 1) {
        // the fuselage texture, addressed directly
        let tx = (p - fu0) * fsu - 0.5, ty = (q - fv0) * fsv - 0.5
        const dtx = dp * fsu, dty = dq * fsv
        // bilinear() and light() written out (same arithmetic, same results): this loop runs for most pixels
        for (let i = 0, o = 0; i < n; i++, o += 3, nx += dnx, ny += dny, nz += dnz, tx += dtx, ty += dty) {
          let x = tx, y = ty
          if (!(x > 0)) x = 0
          else if (x > fw - 1) x = fw - 1
          let y0: number, y1: number
          if (fwrap) {
            if (!(y >= 0 && y < fh)) {
              y = y - Math.floor(y / fh) * fh
              if (!(y >= 0 && y < fh)) y = 0
            }
            y0 = y | 0
            y1 = y0 + 1 === fh ? 0 : y0 + 1
          } else {
            if (!(y > 0)) y = 0
            else if (y > fh - 1) y = fh - 1
            y0 = y | 0
            y1 = y0 + 1 < fh ? y0 + 1 : y0
          }
          // texture.ts bilinear(), inlined: this loop runs once per fuselage pixel and the call cost showed in the profile
          const fy = y - y0
          const xi = x | 0
          const fx = x - xi
          const ddx = xi + 1 < fw ? 4 : 0
          const i00 = (y0 * fw + xi) * 4
          const i01 = (y1 * fw + xi) * 4
          const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
          const cr = fd[i00] * w00 + fd[i00 + ddx] * w10 + fd[i01] * w01 + fd[i01 + ddx] * w11
          const cg = fd[i00 + 1] * w00 + fd[i00 + ddx + 1] * w10 + fd[i01 + 1] * w01 + fd[i01 + ddx + 1] * w11
          const cb = fd[i00 + 2] * w00 + fd[i00 + ddx + 2] * w10 + fd[i01 + 2] * w01 + fd[i01 + ddx + 2] * w11
          // light(), inlined for the same reason: keep the two in step
          let mx = nx, my = ny, mz = nz
          const l2 = mx * mx + my * my + mz * mz
          if (l2 > 0) {
            const k = 1 / Math.sqrt(l2)
            mx *= k; my *= k; mz *= k
          }
          if (mz < 0) { mx = -mx; my = -my; mz = -mz }
          let diff = mx * L0 + my * L1 + mz * L2
          if (diff < 0) diff = 0
          const amb = 0.64 + 0.1 * my + (my < 0 ? -0.06 * my * mz : 0)
          let h = mx * H0 + my * H1 + mz * H2
          if (h < 0) h = 0
          const h2 = h * h, h4 = h2 * h2, h8 = h4 * h4, h16 = h8 * h8
          const spec = gloss * h16 * h16 * h4 * 255
          const k = (amb + 0.44 * diff) * (0.82 + 0.18 * mz)
          out[o] = cr * k + spec
          out[o + 1] = cg * k + spec
          out[o + 2] = cb * k + spec
        }
      } else if (kind === 0) {
        const r = pal[3 * ci], g = pal[3 * ci + 1], bl = pal[3 * ci + 2]
        for (let i = 0, o = 0; i < n; i++, o += 3, nx += dnx, ny += dny, nz += dnz) {
          base[0] = r; base[1] = g; base[2] = bl
          light(nx, ny, nz, gloss, out, o)
        }
      } else {
        for (let i = 0, o = 0; i < n; i++, o += 3, nx += dnx, ny += dny, nz += dnz, p += dp, q += dq) {
          surface(kind, ci, p, q)
          light(nx, ny, nz, gloss, out, o)
        }
      }
      return
    }
    for (let i = 0, o = 0; i < n; i++, o += 3) {
      const dx = x0 + i - ax
      let b1 = i0 * dx + i1 * dy
      let b2 = i2 * dx + i3 * dy
      // clamp into the triangle: sliver facets at silhouettes would otherwise extrapolate wildly
      if (b1 < 0) b1 = 0
      if (b2 < 0) b2 = 0
      const sum = b1 + b2
      if (sum > 1) { b1 /= sum; b2 /= sum }
      const b0 = 1 - b1 - b2
      surface(kind, ci, b0 * pA + b1 * pB + b2 * pC, b0 * qA + b1 * qB + b2 * qC)
      light(b0 * nxA + b1 * nxB + b2 * nxC, b0 * nyA + b1 * nyB + b2 * nyC, b0 * nzA + b1 * nzB + b2 * nzC, gloss, out, o)
    }
  }

  return { at: (t, x, y, out) => span(t, x, y, 1, out), span }
}
