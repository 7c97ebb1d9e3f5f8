/**
 * Per-pixel shading: interpolate the triangle's vertex attributes at the pixel (barycentric in
 * pixel space; the projection is orthographic so this is exact), take the surface colour by
 * material (surfaceColour: textures for fuselage and fin, the palette elsewhere), then light it
 * (light.ts). A run of pixels on one triangle steps its attributes instead of recomputing them.
 */
import type { View } from './camera'
import type { Mesh } from '../parts/mesh'
import { Mat, Zone } from '../parts/materials'
import type { Scheme } from '../paint/scheme'
import { H0, H1, H2, L0, L1, L2, lit } from './light'
import { paletteOf, Slot } from './palette'
import type { Shader } from './raster'
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
  chevrons: boolean
  /** draw the flap hinge line on the wings (parts/detail.ts panelsFor); off when absent */
  panels?: boolean
  /** triangles that are never drawn (their setup is skipped) */
  skip?: Uint8Array
}

/** how a material takes its colour, and from which vertex coordinates */
// the revolved kinds (Nacelle and after) have a seam in q: span() tests kind >= Kind.Nacelle
const enum Kind { Flat, Fuselage, Fin, Wing, Nacelle, Fan, Spinner }

interface Look { kind: Kind; slot: number; gloss: number }

const LOOKS: Look[] = []
const look = (m: Mat, kind: Kind, slot: number, gloss = 0.22) => { LOOKS[m] = { kind, slot, gloss } }
look(Mat.Fuselage, Kind.Fuselage, 0)
look(Mat.Fin, Kind.Fin, 0)
look(Mat.Wing, Kind.Wing, 0, 0.12)
look(Mat.Stab, Kind.Wing, 0, 0.12)
look(Mat.Nacelle, Kind.Nacelle, 0)
look(Mat.Fan, Kind.Fan, Slot.Fan, 0.1)
look(Mat.Spinner, Kind.Flat, Slot.Spinner)
look(Mat.SpinnerMarked, Kind.Spinner, Slot.Spinner)
look(Mat.Pylon, Kind.Flat, Slot.Pylon)
look(Mat.Metal, Kind.Flat, Slot.Metal)
look(Mat.Tyre, Kind.Flat, Slot.Tyre, 0.05)
look(Mat.Hub, Kind.Flat, Slot.Hub)
look(Mat.Door, Kind.Flat, Slot.Door)
look(Mat.Winglet, Kind.Flat, Slot.Winglet)
const KIND = Uint8Array.from(LOOKS, (l) => l?.kind ?? Kind.Flat)
const SLOT = Uint8Array.from(LOOKS, (l) => l?.slot ?? Slot.Metal)
const GLOSS = Float64Array.from(LOOKS, (l) => l?.gloss ?? 0.22)

// fan blades (and the spinner's spiral) are drawn when a blade is at least this wide on screen
const BLADES = 20
const BLADE_MIN_PX = 3

// per-triangle barycentric setup, reused across calls (a shader is used before the next is made)
let invBuf = new Float64Array(0)

/** per drawn triangle, the inverse of its screen-space edge matrix: barycentrics from a pixel offset */
function barycentricSetup(mesh: Mesh, sx: Float64Array, sy: Float64Array, skip?: Uint8Array): Float64Array {
  const idx = mesh.idx
  const nt = idx.length / 3
  if (invBuf.length < nt * 4) invBuf = new Float64Array(nt * 4)
  const inv = invBuf
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
  return inv
}

/**
 * view-space vertex normals, per mesh and view (they do not depend on scale or placement);
 * single precision: 10 views of every model in both cuts are kept in each render thread, and a
 * few pitched ones (a pitch is any number to 2 decimals: the oldest view goes first)
 */
const normalCache = new WeakMap<Mesh, Map<View, Float32Array>>()
const VIEWS_KEPT = 14

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
  if (m.size > VIEWS_KEPT) m.delete(m.keys().next().value!)
  return vn
}

/** the drawing's scale: pixels per metre (orthographic, so one number) */
function pixelsPerMetre(mesh: Mesh, view: View, sx: Float64Array, sy: Float64Array): number {
  const p = mesh.pos
  const nv = p.length / 3
  let best = 0
  // the farthest of a few vertices from vertex 0 gives a long, well-conditioned baseline
  for (let i = 1; i < nv; i += Math.max(1, nv >> 4)) {
    const dx = p[3 * i] - p[0], dy = p[3 * i + 1] - p[1], dz = p[3 * i + 2] - p[2]
    const vx = dx * view.r[0] + dy * view.r[1] + dz * view.r[2]
    const vy = dx * view.u[0] + dy * view.u[1] + dz * view.u[2]
    const m = Math.hypot(vx, vy)
    if (m > best) best = Math.hypot(sx[i] - sx[0], sy[i] - sy[0]) / m
  }
  return best
}

const fanCache = new WeakMap<Mesh, number>()

/** the fan radius in metres (half the height of the first fan face; 0 without engines), per mesh */
function fanRadius(mesh: Mesh): number {
  let r = fanCache.get(mesh)
  if (r !== undefined) return r
  const { mat, idx, pos, part } = mesh
  let lo = Infinity, hi = -Infinity, first = -1
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

export function makeShader(inp: ShadeInput): Shader {
  const { mesh, view, sx, sy, scheme } = inp
  const vn = viewNormals(mesh, view)
  const inv = barycentricSetup(mesh, sx, sy, inp.skip)
  const pal = paletteOf(scheme)
  const { uv, pos, mat, idx } = mesh
  const chevrons = inp.chevrons
  const ft = inp.fuselage, tt = inp.fin, nt = inp.nacelle
  const base = new Float64Array(3)
  // fine detail only where it can be seen: a blade a few pixels wide at the fan's rim
  const ppm = pixelsPerMetre(mesh, view, sx, sy)
  const fine = (2 * Math.PI * fanRadius(mesh) * ppm) / BLADES >= BLADE_MIN_PX
  const panels = !!inp.panels

  // a pixel's footprint on the patterns of the fan, the spinner and the wing's hinge line (in
  // their phase and in p), per triangle
  let fall = 0.15, contrast = 1, foot = 1e-9, footP = 1e-9

  const flat = (slot: number) => { base[0] = pal[3 * slot]; base[1] = pal[3 * slot + 1]; base[2] = pal[3 * slot + 2] }
  const blend = (slot: number, f: number) => {
    base[0] += (pal[3 * slot] - base[0]) * f
    base[1] += (pal[3 * slot + 1] - base[1]) * f
    base[2] += (pal[3 * slot + 2] - base[2]) * f
  }

  /** surface colour of kind at surface coordinates (p, q) into base */
  const surfaceColour = (kind: Kind, slot: number, p: number, q: number): void => {
    switch (kind) {
      case Kind.Flat: flat(slot); return
      case Kind.Fuselage: bilinear(ft.data, ft.w, ft.h, ft.wrapV, (p - ft.u0) * ft.su - 0.5, (q - ft.v0) * ft.sv - 0.5, base); return
      case Kind.Fin: bilinear(tt.data, tt.w, tt.h, tt.wrapV, (p - tt.u0) * tt.su - 0.5, (q - tt.v0) * tt.sv - 0.5, base); return
      case Kind.Wing: {
        // the loop coordinate q runs trailing edge, upper surface, leading edge (0.5), lower surface
        flat(q > 0.5 ? Slot.WingsLower : Slot.Wings)
        const edge = Math.abs(q - 0.5)
        if (edge < 0.07) blend(Slot.WingsLE, 0.7 * (1 - edge / 0.07))
        // up close, the hinge line of the flaps and ailerons at three quarters of the chord, its
        // edges smoothed over the pixel's footprint (towards the tips it is thinner than a pixel:
        // hard-edged, it broke into dashes)
        else if (panels) {
          const c = (0.004 - Math.abs(edge - 0.333)) / foot + 0.5
          if (c > 0) blend(Slot.Panel, 0.35 * (c < 1 ? c : 1) * (foot > 0.008 ? 0.008 / foot : 1))
        }
        return
      }
      case Kind.Fan: {
        flat(Slot.Fan)
        if (!fine) return
        // swept blades: each catches the light across its face, a dark gap at its edge
        // (fading out towards the hub, where the blades crowd below a pixel). The gap's edge is
        // at least a pixel wide and the pattern fades to its mean as a blade nears two pixels
        // (the triangle's footprint: set per span), so it neither stair-steps nor beats
        const ph = (q * BLADES + 0.9 * p) % 1
        const hub = p < 0.55 ? Math.max(0, (p - 0.3) / 0.25) : 1
        const tri = ph < 1 - fall ? ph / (1 - fall) : (1 - ph) / fall
        blend(Slot.Blade, hub * (0.5 + (tri - 0.5) * contrast))
        return
      }
      case Kind.Spinner: {
        flat(Slot.Spinner)
        if (!fine) return
        // the GE spiral: one white comma from the tip outwards, its edges as wide as a pixel's
        // footprint (set per span) and the comma fading out where it is thinner than that
        const hw = 0.03 + 0.05 * p
        const d = Math.abs(((q + 0.45 * p) % 1) - 0.5)
        let c = (hw - d) / foot + 0.5
        if (c <= 0 || p <= 0.15) return
        if (c > 1) c = 1
        const tip = (p - 0.15) / footP
        blend(Slot.Spiral, (tip < 1 ? tip : 1) * c * (2 * hw < foot ? (2 * hw) / foot : 1))
        return
      }
      default: {
        const zone = Math.floor(p)
        if (zone < Zone.Lip) flat(Slot.Fan)
        else if (zone === Zone.Lip) flat(Slot.Accent)
        else if (zone === Zone.Cowl) {
          if (nt) bilinear(nt.data, nt.w, nt.h, true, (p - nt.u0) * nt.su - 0.5, q * nt.sv - 0.5, base)
          else flat(Slot.Engines)
          // the nozzle's teeth, bare metal
          if (chevrons && p > Zone.Cowl + 0.87) flat(Slot.Chevron)
        } else flat(p > Zone.Core + 0.75 ? Slot.Exhaust : Slot.Core)
      }
    }
  }

  /**
   * how far the fan's, the spinner's or the wing's pattern moves across one pixel of triangle t (p
   * and q are affine on it, so once per triangle): the widths over which their edges are smoothed
   */
  const footprint = (kind: Kind, i0: number, i1: number, i2: number, i3: number, dpB: number, dpC: number, dqB: number, dqC: number): void => {
    const px = i0 * dpB + i2 * dpC, py = i1 * dpB + i3 * dpC
    const qx = i0 * dqB + i2 * dqC, qy = i1 * dqB + i3 * dqC
    footP = Math.abs(px) + Math.abs(py) + 1e-9
    if (kind === Kind.Fan) {
      const w = Math.abs(BLADES * qx + 0.9 * px) + Math.abs(BLADES * qy + 0.9 * py)
      fall = w > 0.15 ? (w < 0.5 ? w : 0.5) : 0.15
      // full contrast down to four pixels a blade, none at two
      contrast = w < 0.25 ? 1 : w > 0.5 ? 0 : (0.5 - w) / 0.25
    } else if (kind === Kind.Spinner) foot = Math.abs(qx + 0.45 * px) + Math.abs(qy + 0.45 * py) + 1e-9
    else foot = Math.abs(qx) + Math.abs(qy) + 1e-9
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
    const kind = KIND[m] as Kind, slot = SLOT[m], gloss = GLOSS[m]
    // the two surface coordinates at the vertices: the fin is painted by position (x, z), the rest by uv
    let pA: number, pB: number, pC: number, qA: number, qB: number, qC: number
    if (kind === Kind.Fin) {
      // the left side reads its own half of a two-sided fin texture
      const dv = tt.vLeft !== undefined && mesh.face[3 * t + 1] < 0 ? tt.vLeft : 0
      pA = pos[a3]; pB = pos[b3]; pC = pos[c3]
      qA = pos[a3 + 2] + dv; qB = pos[b3 + 2] + dv; qC = pos[c3 + 2] + dv
    } else {
      pA = uv[2 * a]; pB = uv[2 * b]; pC = uv[2 * c]
      qA = uv[2 * a + 1]; qB = uv[2 * b + 1]; qC = uv[2 * c + 1]
      // the seam triangles of a revolved part join v = 1 - 1/seg to v = 0: unwrap them so they
      // sample across it (interpolated through the wrap, the fan's blades and the spiral ran
      // through every phase inside one facet: a band of moiré)
      if (kind >= Kind.Nacelle && Math.max(qA, qB, qC) - Math.min(qA, qB, qC) > 0.5) {
        if (qA < 0.5) qA += 1
        if (qB < 0.5) qB += 1
        if (qC < 0.5) qC += 1
      }
      if ((fine && kind >= Kind.Fan) || (panels && kind === Kind.Wing)) footprint(kind, i0, i1, i2, i3, pB - pA, pC - pA, qB - qA, qC - qA)
    }
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
      if (kind === Kind.Fuselage) {
        fuselageRun(ft, (p - ft.u0) * ft.su - 0.5, (q - ft.v0) * ft.sv - 0.5, dp * ft.su, dq * ft.sv, nx, ny, nz, dnx, dny, dnz, gloss, n, out)
      } else if (kind === Kind.Flat) {
        for (let i = 0, o = 0; i < n; i++, o += 3, nx += dnx, ny += dny, nz += dnz) {
          flat(slot)
          lit(base, nx, ny, nz, gloss, out, o)
        }
      } else {
        for (let i = 0, o = 0; i < n; i++, o += 3, nx += dnx, ny += dny, nz += dnz, p += dp, q += dq) {
          surfaceColour(kind, slot, p, q)
          lit(base, nx, ny, nz, gloss, out, o)
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
      surfaceColour(kind, slot, b0 * pA + b1 * pB + b2 * pC, b0 * qA + b1 * qB + b2 * qC)
      lit(base, b0 * nxA + b1 * nxB + b2 * nxC, b0 * nyA + b1 * nyB + b2 * nyC, b0 * nzA + b1 * nzB + b2 * nzC, gloss, out, o)
    }
  }

  return { at: (t, x, y, out) => span(t, x, y, 1, out), span }
}

/**
 * A run of n fuselage pixels: texel position (tx, ty) and normal (nx, ny, nz) stepped per pixel.
 * Most pixels are fuselage, and the profile showed the two calls per pixel: this is bilinear()
 * (texture.ts) and lit() (light.ts) written out, the one copy of each. test/render/raster/shade.test.ts
 * holds it to the same results as the two functions.
 */
export function fuselageRun(
  ft: Texture, tx: number, ty: number, dtx: number, dty: number,
  nx: number, ny: number, nz: number, dnx: number, dny: number, dnz: number, gloss: number, n: number, out: Float64Array,
): void {
  const fd = ft.data, fw = ft.w, fh = ft.h, fwrap = ft.wrapV
  for (let i = 0, o = 0; i < n; i++, o += 3, nx += dnx, ny += dny, nz += dnz, tx += dtx, ty += dty) {
    // bilinear(): x clamped, y clamped or wrapped
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
    // lit()
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
    const spec = gloss * (h16 * h16 * h4 + 0.22 * h8) * 255
    const k = (amb + 0.44 * diff) * (0.82 + 0.18 * mz)
    out[o] = cr * k + spec
    out[o + 1] = cg * k + spec
    out[o + 2] = cb * k + spec
  }
}

