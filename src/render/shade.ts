/**
 * Per-pixel shading: interpolate the triangle's vertex attributes at the pixel (barycentric in
 * pixel space; the projection is orthographic so this is exact), pick the surface colour from the
 * livery (textures for fuselage and fin, colours by zone elsewhere), then light it: a key light
 * from the upper left towards the viewer, a sky/ground ambient, a soft gloss highlight.
 */
import type { View } from './camera'
import { Mat, type Mesh } from './mesh'
import { mix, rgb, type RGB, type Scheme } from './paint/scheme'
import type { ShadeFn } from './raster'
import { sample, type Texture } from './texture'

const L = norm([-0.42, 0.72, 0.55])
const HV = norm([L[0], L[1], L[2] + 1])

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
}

export function makeShader(inp: ShadeInput): ShadeFn {
  const { mesh, view, sx, sy, scheme } = inp
  const nv = sx.length
  const nt = mesh.idx.length / 3
  // view-space normals per vertex
  const vn = new Float64Array(nv * 3)
  for (let i = 0; i < nv; i++) {
    const x = mesh.nrm[3 * i], y = mesh.nrm[3 * i + 1], z = mesh.nrm[3 * i + 2]
    vn[3 * i] = x * view.r[0] + y * view.r[1] + z * view.r[2]
    vn[3 * i + 1] = x * view.u[0] + y * view.u[1] + z * view.u[2]
    vn[3 * i + 2] = x * view.d[0] + y * view.d[1] + z * view.d[2]
  }
  // per-triangle inverse of the screen-space edge matrix, for barycentrics
  const inv = new Float64Array(nt * 4)
  const idx = mesh.idx
  for (let t = 0; t < nt; t++) {
    const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
    const e1x = sx[b] - sx[a], e1y = sy[b] - sy[a], e2x = sx[c] - sx[a], e2y = sy[c] - sy[a]
    const det = e1x * e2y - e2x * e1y
    if (Math.abs(det) < 1e-12) continue
    inv[4 * t] = e2y / det
    inv[4 * t + 1] = -e2x / det
    inv[4 * t + 2] = -e1y / det
    inv[4 * t + 3] = e1x / det
  }
  const d = scheme.design
  const pylon = mix(rgb(d.fuselage), [200, 205, 211], 0.35)
  const metal: RGB = [184, 190, 198]
  const tyre: RGB = [44, 46, 50]
  const hub: RGB = [150, 157, 166]
  const fan: RGB = [48, 52, 58]
  const spinner: RGB = [160, 166, 174]
  const core: RGB = [132, 138, 146]
  const le: RGB = [196, 201, 207]
  const base = new Float64Array(3)
  const { uv, pos, mat } = mesh
  const fusTex = inp.fuselage
  const chevrons = inp.chevrons
  const finTex = inp.fin

  const set = (c: RGB) => { base[0] = c[0]; base[1] = c[1]; base[2] = c[2] }

  return (t, x, y, out) => {
    const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
    const dx = x - sx[a], dy = y - sy[a]
    let b1 = inv[4 * t] * dx + inv[4 * t + 1] * dy
    let b2 = inv[4 * t + 2] * dx + inv[4 * t + 3] * dy
    // clamp into the triangle: sliver facets at silhouettes would otherwise extrapolate wildly
    if (b1 < 0) b1 = 0
    if (b2 < 0) b2 = 0
    const sum = b1 + b2
    if (sum > 1) { b1 /= sum; b2 /= sum }
    const b0 = 1 - b1 - b2
    let nx = b0 * vn[3 * a] + b1 * vn[3 * b] + b2 * vn[3 * c]
    let ny = b0 * vn[3 * a + 1] + b1 * vn[3 * b + 1] + b2 * vn[3 * c + 1]
    let nz = b0 * vn[3 * a + 2] + b1 * vn[3 * b + 2] + b2 * vn[3 * c + 2]
    const nl = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1
    nx /= nl; ny /= nl; nz /= nl
    // thin surfaces are seen from both sides
    if (nz < 0) { nx = -nx; ny = -ny; nz = -nz }
    const u = b0 * uv[2 * a] + b1 * uv[2 * b] + b2 * uv[2 * c]
    const v = b0 * uv[2 * a + 1] + b1 * uv[2 * b + 1] + b2 * uv[2 * c + 1]
    let gloss = 0.22
    switch (mat[t]) {
      case Mat.Fuselage:
        sample(fusTex, u, v, base)
        break
      case Mat.Fin: {
        const px = b0 * pos[3 * a] + b1 * pos[3 * b] + b2 * pos[3 * c]
        const pz = b0 * pos[3 * a + 2] + b1 * pos[3 * b + 2] + b2 * pos[3 * c + 2]
        sample(finTex, px, pz, base)
        break
      }
      case Mat.Wing:
      case Mat.Stab: {
        const lower = v > 0.5
        const edge = Math.abs(v - 0.5)
        set(lower ? scheme.wingsLower : scheme.wings)
        if (edge < 0.07) set(mix(lower ? scheme.wingsLower : scheme.wings, le, 0.7 * (1 - edge / 0.07)))
        gloss = 0.12
        break
      }
      case Mat.Winglet:
        set(scheme.winglet)
        break
      case Mat.Nacelle: {
        const zone = Math.floor(u)
        if (zone === 0) set(u < 0.35 ? spinner : fan)
        else if (zone === 1) set(scheme.engineAccent)
        else if (zone === 2) {
          set(scheme.engines)
          if (chevrons) {
            // saw-tooth trailing edge of the fan cowl, as painted metal teeth
            const ph = (v * 16) % 1
            const tooth = 1 - Math.abs(2 * ph - 1)
            if (u > 2.93 - 0.12 * tooth) set(mix(scheme.engines, core, 0.55))
          }
        }
        else set(u > 3.75 ? mix(core, [90, 94, 100], 0.5) : core)
        break
      }
      case Mat.Pylon:
        set(pylon)
        break
      case Mat.Tyre:
        set(tyre)
        gloss = 0.05
        break
      case Mat.Hub:
        set(hub)
        break
      default:
        set(metal)
    }
    const diff = Math.max(0, nx * L[0] + ny * L[1] + nz * L[2])
    // sky above, a soft bounce from the ground below: undersides stay light, as in an illustration
    const amb = 0.64 + 0.1 * ny + 0.06 * Math.max(0, -ny) * nz
    const h = Math.max(0, nx * HV[0] + ny * HV[1] + nz * HV[2])
    const h2 = h * h, h4 = h2 * h2, h8 = h4 * h4, h32 = h8 * h8 * h8 * h8
    const spec = gloss * h32 * h4 * 255
    // slight darkening towards the silhouette rounds bodies off
    const rim = 0.82 + 0.18 * nz
    const k = (amb + 0.44 * diff) * rim
    out[0] = base[0] * k + spec
    out[1] = base[1] * k + spec
    out[2] = base[2] * k + spec
  }
}
