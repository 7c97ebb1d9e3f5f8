/**
 * The small fittings a close-up shows and a card cannot (built into the full cut only, parts/detail.ts):
 * flap-track fairings (the canoes under the wing's trailing edge), static wicks on the trailing
 * edges of the wing tips, stabilisers and fin, pitot probes beside the nose and the APU's exhaust
 * in the tail cone. Each takes the material the model already gives that kind of surface.
 */
import type { Plane } from '../../catalog/types'
import type { Fuselage } from './fuselage'
import { Mat } from './materials'
import { MeshBuilder, cross, len, scale, sub, type Vec3 } from './mesh'
import { revolve, type Axis } from './revolve'
import type { PlaneShape } from './shape'
import type { FinFrame } from './tail'
import type { Wing } from './wing'

const unit = (v: Vec3): Vec3 => scale(v, 1 / (len(v) || 1))

/** a thin rod from `from` to `to`, radius r, closed at both ends */
export function rod(mb: MeshBuilder, from: Vec3, to: Vec3, r: number, seg: number, mat: Mat): void {
  const d = sub(to, from)
  const a = unit(d)
  const p = unit(Math.abs(a[2]) < 0.9 ? cross(a, [0, 0, 1]) : cross(a, [1, 0, 0]))
  const q = cross(a, p)
  const l = len(d)
  revolve(
    mb,
    { o: from, a, p, q },
    [
      [0, 0],
      [0, r],
      [l, r],
      [l, 0],
    ],
    [0, 0, 1, 1],
    seg,
    mat,
  )
}

/** flap-track fairings: slender canoes hung under the flaps, clear of the engines, running past the trailing edge */
export function buildCanoes(
  mb: MeshBuilder,
  plane: Plane,
  wing: Wing,
  engineYs: number[],
  engineR: number,
): void {
  const wide = plane.wingspanM > 45
  const fractions = wide ? [0.27, 0.43, 0.58, 0.72] : [0.3, 0.5, 0.68]
  for (const f of fractions) {
    const y = f * wing.b
    const yReal = y * wing.yScale
    if (engineYs.some((e) => Math.abs(e - yReal) < 1.2 * engineR)) continue
    const c = wing.chord(y)
    const h = 0.07 * c // half its depth
    const x0 = wing.le(y) + 0.5 * c
    const length = 0.78 * c
    const z = wing.z(y) - 0.75 * h
    const prof: [number, number][] = []
    const u: number[] = []
    for (let i = 0; i <= 10; i++) {
      const t = i / 10
      // a rounded nose, fullest a third of the way along, tapering to a point behind the flap
      prof.push([length * t, h * Math.pow(Math.sin(Math.PI * Math.pow(t, 0.75)), 0.7)])
      u.push(t)
    }
    for (const side of [1, -1]) {
      // narrower than deep: y is squeezed by the axis' first perpendicular
      const ax: Axis = { o: [x0, side * yReal, z], a: [1, 0, 0], p: [0, 0.5, 0], q: [0, 0, 1] }
      const first = mb.vertexCount
      revolve(mb, ax, prof, u, 12, Mat.Stab)
      // coloured as the wing's lower surface: the stabiliser's material takes the wing's colours by
      // the airfoil loop fraction v (and is not the wing's own surface), and 0.75 lies under the
      // mid-chord, clear of the leading edge's band and the hinge line
      for (let i = first; i < mb.vertexCount; i++) mb.uv[2 * i + 1] = 0.75
    }
  }
}

/** static wicks: short rods trailing from the outer trailing edge of the wing, stabilisers and fin */
export function buildWicks(
  mb: MeshBuilder,
  plane: Plane,
  shape: PlaneShape,
  wing: Wing,
  fus: Fuselage,
  fin: FinFrame,
): void {
  const r = 0.012
  const len = 0.16
  const tips: Vec3[] = []
  for (const f of [0.8, 0.88, 0.95]) {
    const y = f * wing.b
    tips.push([wing.te(y) - 0.02, y * wing.yScale, wing.z(y)])
  }
  const s = shape.stab
  const rad = Math.PI / 180
  for (const f of [0.75, 0.95]) {
    const y = s.semiSpan * f
    const te =
      s.rootLE * plane.lengthM +
      y * Math.tan(s.sweep * rad) +
      s.rootChord +
      (s.tipChord - s.rootChord) * f
    tips.push([
      te - 0.02,
      y,
      fus.zBelly + s.height * plane.fuselageHeightM + y * Math.tan(s.dihedral * rad),
    ])
  }
  // trailing back and a little outboard
  for (const p of tips)
    for (const side of [1, -1])
      rod(
        mb,
        [p[0], side * p[1], p[2]],
        [p[0] + 0.985 * len, side * (p[1] + 0.17 * len), p[2]],
        r,
        6,
        Mat.Metal,
      )
  // two on the fin's trailing edge near its tip, trailing straight back
  const hf = fin.zTip - fin.zRoot
  for (const dz of [0.6, 1.4]) {
    const f = 1 - dz / hf
    const x =
      fin.x0 + f * hf * fin.tanSweep + fin.rootChord + (fin.tipChord - fin.rootChord) * f - 0.02
    rod(mb, [x, 0, fin.zTip - dz], [x + len, 0, fin.zTip - dz - 0.03], r, 6, Mat.Metal)
  }
}

/** pitot probes: a pair each side low on the nose, standing off the skin and pointing forward */
export function buildPitots(mb: MeshBuilder, fus: Fuselage): void {
  const x = 0.45 * fus.shape.nose.length
  for (const side of [1, -1]) {
    for (const [dx, theta] of [
      [0, 1.95],
      [0.35, 2.1],
    ] as const) {
      const p = fus.point(x + dx, fus.section(x + dx), side * theta)
      const out: Vec3 = [p[0], p[1] + side * 0.1, p[2] - 0.03]
      rod(mb, [p[0], p[1] * 0.97, p[2]], out, 0.02, 6, Mat.Metal)
      rod(mb, [out[0] + 0.04, out[1], out[2]], [out[0] - 0.2, out[1], out[2]], 0.022, 6, Mat.Metal)
    }
  }
}

/**
 * the APU's exhaust: a short bare-metal tube out of the tail cone's tip, ending inside the
 * aircraft's length, and its sooty mouth (rubber's dark matte: nothing else on an airliner is as dark)
 */
export function buildApuExhaust(mb: MeshBuilder, fus: Fuselage): void {
  const { tail } = fus.shape
  const rE = Math.min(tail.endWidth * fus.W, tail.endHeight * fus.H) / 2
  const dome = 0.7 * rE
  const end = fus.L - 0.005
  const start = fus.L - 0.6 * dome - 0.1
  const zc = fus.zBelly + tail.endZ * fus.H
  const r = 0.55 * rE
  const l = end - start
  const ax: Axis = { o: [start, 0, zc], a: [1, 0, 0], p: [0, 1, 0], q: [0, 0, 1] }
  revolve(
    mb,
    ax,
    [
      [0, r],
      [l, r],
      [l, 0.78 * r],
    ],
    [0, 0.5, 1],
    16,
    Mat.Metal,
  )
  revolve(
    mb,
    ax,
    [
      [l, 0.78 * r],
      [l - 0.08, 0.72 * r],
      [l - 0.08, 0],
    ],
    [0, 0.5, 1],
    16,
    Mat.Tyre,
  )
}
