/**
 * Per-pixel shading: interpolate the triangle's vertex attributes at the pixel (barycentric in
 * pixel space; the projection is orthographic so this is exact), take the surface's colour and
 * finish (surface-colour.ts), the sun's shadow (light/shadow.ts) and the sky's occlusion (baked per
 * vertex: light/bake.ts), then light it (light.ts). A run of pixels on one triangle steps its
 * attributes instead of recomputing them.
 */
import type { View } from './camera'
import type { Mesh } from '../parts/mesh'
import type { Scheme } from '../paint/scheme'
import type { LightBake } from '../light/bake'
import { placeOnMap, sunSeen, sunSeenWide } from '../light/shadow'
import { viewLight } from '../light/sun'
import { makeLit } from './light'
import type { Shader } from './raster'
import { barycentricSetup, fanRadius, pixelsPerMetre, viewNormals } from './shade-setup'
import { BLADES, KIND, Kind, finishKeys, finishesOf, texelFinish } from './surface'
import { makeSurface } from './surface-colour'
import { bilinear, type Texture } from './texture'

export interface ShadeInput {
  mesh: Mesh
  view: View
  sx: Float64Array
  sy: Float64Array
  scheme: Scheme
  fuselage: Texture
  fin: Texture
  /** the fan cowl's titles (paint/nacelle.ts); absent, the cowl is the engine colour */
  nacelle?: Texture
  /** the winglets' art (paint/winglet.ts); absent, they are the winglet colour */
  winglet?: Texture
  chevrons: boolean
  /** draw the flap hinge line on the wings (parts/detail.ts panelsFor); off when absent */
  panels?: boolean
  /** triangles that are never drawn (their setup is skipped) */
  skip?: Uint8Array
  /** the model's sun shadow map and sky occlusion; absent, everything sees all of the sun and sky */
  light?: LightBake
}

// fan blades (and the spinner's spiral) are drawn when a blade is at least this wide on screen
const BLADE_MIN_PX = 3
// a shadow map texel this many pixels wide or more is read through the wide filter
const WIDE_SHADOW_PX = 4
const NO_AO = new Uint8Array(0)

// per vertex of the triangle being drawn: normal, surface coordinates (p, q), place on the shadow
// map, sky seen (9 each, vertices a, b, c), and at a span's start with their steps, reused across spans
const V = new Float64Array(27)
const S = new Float64Array(18)
function put(
  j: number,
  nx: number,
  ny: number,
  nz: number,
  p: number,
  q: number,
  mx: number,
  my: number,
  mz: number,
  s: number,
): void {
  const o = 9 * j
  V[o] = nx
  V[o + 1] = ny
  V[o + 2] = nz
  V[o + 3] = p
  V[o + 4] = q
  V[o + 5] = mx
  V[o + 6] = my
  V[o + 7] = mz
  V[o + 8] = s
}

export function makeShader(inp: ShadeInput): Shader {
  const { mesh, view, sx, sy } = inp
  const vn = viewNormals(mesh, view)
  const inv = barycentricSetup(mesh, sx, sy, inp.skip)
  const { uv, pos, mat, idx } = mesh
  const tt = inp.fin,
    ft = inp.fuselage
  const paint = finishesOf(inp.scheme.design)[0],
    keys = finishKeys(inp.scheme.design)
  const ppm = pixelsPerMetre(mesh, view, sx, sy)
  // fine detail only where it can be seen: a blade a few pixels wide at the fan's rim
  const fine = (2 * Math.PI * fanRadius(mesh) * ppm) / BLADES >= BLADE_MIN_PX
  const panels = !!inp.panels
  const surf = makeSurface({
    scheme: inp.scheme,
    fuselage: inp.fuselage,
    fin: tt,
    nacelle: inp.nacelle,
    winglet: inp.winglet,
    chevrons: inp.chevrons,
    panels,
    fine,
  })
  const { base, colour, footprint } = surf
  const lit = makeLit(view)
  const [L0, L1, L2] = viewLight(view).sun
  const bake = inp.light
  const sm = bake ? placeOnMap(mesh, bake) : new Float32Array(3 * (pos.length / 3))
  const map = bake ? bake.shadow : null,
    mw = bake ? bake.w : 0,
    mh = bake ? bake.h : 0
  const ao = bake ? bake.ao : NO_AO
  // where a map texel spans several pixels its steps would show along a shadow's edge
  const seen = bake && ppm / bake.k > WIDE_SHADOW_PX ? sunSeenWide : sunSeen

  /** the sun's share at a point: 0 on a side turned from it (unlit anyway), else the shadow map's */
  const sun = (nx: number, ny: number, nz: number, x: number, y: number, z: number): number => {
    const d = nx * L0 + ny * L1 + nz * L2
    if ((nz < 0 ? -d : d) <= 0) return 0
    return map ? seen(map, mw, mh, x, y, z) : 1
  }

  /**
   * n fuselage pixels from the attributes at a span's start and their steps (S): most pixels are
   * fuselage, so its texture is read here, not through colour()'s dispatch
   */
  const fuselageRun = (n: number, out: Float64Array): void => {
    let nx = S[0],
      ny = S[1],
      nz = S[2],
      mx = S[5],
      my = S[6],
      mz = S[7],
      s = S[8]
    const dnx = S[9],
      dny = S[10],
      dnz = S[11],
      dmx = S[14],
      dmy = S[15],
      dmz = S[16],
      ds = S[17]
    const fd = ft.data,
      fw = ft.w,
      fh = ft.h,
      wrap = ft.wrapV
    let tx = (S[3] - ft.u0) * ft.su - 0.5,
      ty = (S[4] - ft.v0) * ft.sv - 0.5
    const dtx = S[12] * ft.su,
      dty = S[13] * ft.sv
    for (let i = 0, o = 0; i < n; i++, o += 3) {
      bilinear(fd, fw, fh, wrap, tx, ty, base)
      const f = texelFinish(base[0], base[1], base[2], paint, keys)
      lit(base[0], base[1], base[2], nx, ny, nz, f, sun(nx, ny, nz, mx, my, mz), s, out, o)
      nx += dnx
      ny += dny
      nz += dnz
      tx += dtx
      ty += dty
      mx += dmx
      my += dmy
      mz += dmz
      s += ds
    }
  }

  /** pixels (x0 + i, y) for i < n, all on triangle t, into out[3i..3i+2] */
  const span = (t: number, x0: number, y: number, n: number, out: Float64Array): void => {
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    const t4 = 4 * t
    const i0 = inv[t4],
      i1 = inv[t4 + 1],
      i2 = inv[t4 + 2],
      i3 = inv[t4 + 3]
    const ax = sx[a],
      dy = y - sy[a]
    const a3 = 3 * a,
      b3 = 3 * b,
      c3 = 3 * c
    const m = mat[t]
    const kind = KIND[m] as Kind
    // the two surface coordinates at the vertices: the fin is painted by position (x, z), the rest by uv
    let pA: number, pB: number, pC: number, qA: number, qB: number, qC: number
    if (kind === Kind.Fin) {
      // the left side reads its own half of a two-sided fin texture
      const dv = tt.vLeft !== undefined && mesh.face[3 * t + 1] < 0 ? tt.vLeft : 0
      pA = pos[a3]
      pB = pos[b3]
      pC = pos[c3]
      qA = pos[a3 + 2] + dv
      qB = pos[b3 + 2] + dv
      qC = pos[c3 + 2] + dv
    } else {
      pA = uv[2 * a]
      pB = uv[2 * b]
      pC = uv[2 * c]
      qA = uv[2 * a + 1]
      qB = uv[2 * b + 1]
      qC = uv[2 * c + 1]
      // the seam triangles of a revolved part join v = 1 - 1/seg to v = 0: unwrap them so they
      // sample across it (interpolated through the wrap, the fan's blades and the spiral ran
      // through every phase inside one facet: a band of moiré)
      if (kind >= Kind.Nacelle && Math.max(qA, qB, qC) - Math.min(qA, qB, qC) > 0.5) {
        if (qA < 0.5) qA += 1
        if (qB < 0.5) qB += 1
        if (qC < 0.5) qC += 1
      }
      if ((fine && kind >= Kind.Fan) || (panels && kind === Kind.Wing))
        footprint(kind, i0, i1, i2, i3, pB - pA, pC - pA, qB - qA, qC - qA)
    }
    const va = ao.length ? ao[a] / 255 : 1,
      vb = ao.length ? ao[b] / 255 : 1,
      vc = ao.length ? ao[c] / 255 : 1
    put(0, vn[a3], vn[a3 + 1], vn[a3 + 2], pA, qA, sm[a3], sm[a3 + 1], sm[a3 + 2], va)
    put(1, vn[b3], vn[b3 + 1], vn[b3 + 2], pB, qB, sm[b3], sm[b3 + 1], sm[b3 + 2], vb)
    put(2, vn[c3], vn[c3 + 1], vn[c3 + 2], pC, qC, sm[c3], sm[c3 + 1], sm[c3 + 2], vc)
    // barycentrics at both ends: when both are inside the triangle, so is every pixel between,
    // and the attributes are affine along the span (stepped, no clamping)
    const dx0 = x0 - ax,
      dx1 = x0 + n - 1 - ax
    const b1s = i0 * dx0 + i1 * dy,
      b2s = i2 * dx0 + i3 * dy
    const b1e = i0 * dx1 + i1 * dy,
      b2e = i2 * dx1 + i3 * dy
    const flat = kind === Kind.Flat
    let f = flat ? colour(m, 0, 0) : 0
    if (b1s >= 0 && b2s >= 0 && b1s + b2s <= 1 && b1e >= 0 && b2e >= 0 && b1e + b2e <= 1) {
      const b0s = 1 - b1s - b2s
      for (let k = 0; k < 9; k++) {
        S[k] = b0s * V[k] + b1s * V[k + 9] + b2s * V[k + 18]
        S[k + 9] = i0 * (V[k + 9] - V[k]) + i2 * (V[k + 18] - V[k])
      }
      if (kind === Kind.Fuselage) return fuselageRun(n, out)
      let nx = S[0],
        ny = S[1],
        nz = S[2],
        p = S[3],
        q = S[4],
        mx = S[5],
        my = S[6],
        mz = S[7],
        s = S[8]
      const dnx = S[9],
        dny = S[10],
        dnz = S[11],
        dp = S[12],
        dq = S[13],
        dmx = S[14],
        dmy = S[15],
        dmz = S[16],
        ds = S[17]
      for (let i = 0, o = 0; i < n; i++, o += 3) {
        if (!flat) f = colour(m, p, q)
        lit(base[0], base[1], base[2], nx, ny, nz, f, sun(nx, ny, nz, mx, my, mz), s, out, o)
        nx += dnx
        ny += dny
        nz += dnz
        p += dp
        q += dq
        mx += dmx
        my += dmy
        mz += dmz
        s += ds
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
      if (sum > 1) {
        b1 /= sum
        b2 /= sum
      }
      const b0 = 1 - b1 - b2
      for (let k = 0; k < 9; k++) S[k] = b0 * V[k] + b1 * V[k + 9] + b2 * V[k + 18]
      if (!flat) f = colour(m, S[3], S[4])
      lit(
        base[0],
        base[1],
        base[2],
        S[0],
        S[1],
        S[2],
        f,
        sun(S[0], S[1], S[2], S[5], S[6], S[7]),
        S[8],
        out,
        o,
      )
    }
  }

  return { at: (t, x, y, out) => span(t, x, y, 1, out), span }
}
