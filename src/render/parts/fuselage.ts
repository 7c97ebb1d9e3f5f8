/**
 * The fuselage: cross-sections lofted along the body. x = metres from the nose tip (backwards),
 * z from the ground. A section is a superellipse between a crown and a belly line that the nose
 * and tail cone profiles shape, plus the 747's upper-deck hump added on the crown only.
 * Texture coordinates: u = x (m); v = girth g in [0,1): 0 = crown, 0.25 = right side at mid height,
 * 0.5 = belly, 0.75 = left side, 1 = crown again (seam). On each side g is linear in height
 * fraction h, so painters can work in (x, h) on the flat sides.
 */
import type { Plane } from '../../catalog/types'
import { buildAntennas } from './antenna'
import { Mat } from './materials'
import { MeshBuilder, type Vec3 } from './mesh'
import type { Tessellation } from './detail'
import type { PlaneShape } from './shape'

export interface Section {
  zTop: number
  zBot: number
  halfW: number
  hump: number // extra crown height (747)
  narrow: number // crown narrowing at the hump
  fairing: number // 0..1: how far the wing-body fairing swells the lower body here
}

const EXP = 2 / 2.15 // superellipse exponent: airliner sections are a touch fuller than a circle
/** girth angle from the crown (rad) within which the nose's texture turns from height to angle */
const CROWN = 0.5

/** rises from 0 to 1 with a rounded (elliptic-like) start for p >= 2 and zero slope at t = 1 */
function ramp(t: number, p: number): number {
  if (t <= 0) return 0
  if (t >= 1) return 1
  return Math.pow(1 - Math.pow(1 - t, p), 1 / p)
}

export class Fuselage {
  readonly L: number
  readonly W: number
  readonly H: number
  readonly zBelly: number
  constructor(
    readonly plane: Plane,
    readonly shape: PlaneShape,
  ) {
    this.L = plane.lengthM
    this.W = plane.fuselageWidthM
    this.H = plane.fuselageHeightM
    this.zBelly = shape.bellyClearance
  }

  get zCentre(): number {
    return this.zBelly + this.H / 2
  }

  section(x: number): Section {
    const { nose, tail, hump } = this.shape
    const { L, W, H, zBelly } = this
    const zTopMain = zBelly + H
    const zTip = zBelly + nose.tipHeight * H
    const t = x / nose.length
    let zTop =
      zTip +
      (zTopMain - zTip) *
        (nose.crown ? crownRise(nose.crown, nose.tipHeight, t) : ramp(t, nose.bluntness))
    // the chin and the planform are rounder than the windscreen slope
    let zBot = zTip - (zTip - zBelly) * ramp(x / nose.bottomLength, 2.2)
    let halfW = (W / 2) * ramp(x / nose.widthLength, 2.0)
    const tailStart = L - tail.length
    if (x > tailStart) {
      const t = (x - tailStart) / tail.length
      const endTop = zBelly + (tail.endZ + tail.endHeight / 2) * H
      const endBot = zBelly + (tail.endZ - tail.endHeight / 2) * H
      // the belly sweeps up along most of the cone; the crown stays level longer then drops
      zBot = zBot + (endBot - zBot) * Math.pow(t, 1.5)
      zTop = zTop - (zTop - endTop) * Math.pow(t, 2.4)
      halfW = halfW - (halfW - (tail.endWidth * W) / 2) * Math.pow(t, 1.8)
    }
    let h = 0
    let narrow = 0
    if (hump) {
      const fairing = hump.fairing ?? hump.length * 0.3
      // the upper deck starts at the nose: the crown rises in one curve to the hump top
      const rise = ramp(x / nose.length, nose.bluntness)
      const fall =
        x < hump.length - fairing
          ? 1
          : x > hump.length
            ? 0
            : 0.5 + 0.5 * Math.cos((Math.PI * (x - (hump.length - fairing))) / fairing)
      h = hump.height * rise * fall
      narrow = hump.narrow * (h / hump.height)
    }
    return { zTop, zBot, halfW, hump: h, narrow, fairing: this.fairingAt(x) }
  }

  /** the wing-body fairing's swell along the body: blunt at the front, a long taper aft */
  fairingAt(x: number): number {
    const f = this.shape.fairing
    const t = (x - f.from * this.L) / ((f.to - f.from) * this.L)
    if (t <= 0 || t >= 1) return 0
    return Math.pow(Math.sin(Math.PI * Math.pow(t, 0.8)), 0.6)
  }

  /** the point at girth angle theta (0 crown, pi/2 right, pi belly) of a section */
  point(x: number, sec: Section, theta: number): Vec3 {
    const c = Math.cos(theta)
    const s = Math.sin(theta)
    const fc = Math.sign(c) * Math.pow(Math.abs(c), EXP)
    const fs = Math.sign(s) * Math.pow(Math.abs(s), EXP)
    // the hump lifts and narrows the upper part only: a shoulder between the main-deck sides and
    // the upper deck's own steep side walls (the 747's windows sit on those walls, not on its roof)
    const lift = c > 0 ? smooth((c - 0.3) / 0.55) : 0
    const zMid = (sec.zTop + sec.zBot) / 2
    const halfH = (sec.zTop - sec.zBot) / 2
    // the wing-body fairing is part of the skin (no separate pod): the lower body swells wider
    // and deeper, flattening the belly, and blends into the sides at mid height
    const low = c < 0 ? smooth(-c / 0.75) * sec.fairing : 0
    const widen = 1 + 0.09 * low
    const drop = c < 0 ? this.shape.fairing.depth * sec.fairing * Math.pow(-c, 1.5) : 0
    return [
      x,
      sec.halfW * fs * (1 - sec.narrow * lift) * widen,
      zMid + halfH * fc + sec.hump * lift - drop,
    ]
  }

  /** the height above the belly of the side point at local height fraction h (0 belly, 1 crown) of the section at x */
  sideHeight(x: number, h: number): number {
    return this.point(x, this.section(x), Fuselage.angleAt(h))[2] - this.zBelly
  }

  /** stations: dense at the nose and tail cone where the profile curves */
  stations(tess: Tessellation): number[] {
    const { L } = this
    const noseEnd = this.shape.nose.length * 1.15
    const tailStart = L - this.shape.tail.length
    const xs: number[] = []
    const nN = tess.noseStations
    for (let i = 0; i < nN; i++) xs.push(noseEnd * Math.pow(i / nN, 1.8))
    const nC = Math.max(8, Math.ceil((tailStart - noseEnd) / tess.cabinStep))
    for (let i = 0; i < nC; i++) xs.push(noseEnd + ((tailStart - noseEnd) * i) / nC)
    const nT = tess.tailStations
    for (let i = 0; i <= nT; i++) xs.push(tailStart + (L - tailStart) * (i / nT))
    if (this.shape.hump) {
      // refine the hump fairing so its curve stays smooth
      const h = this.shape.hump.length
      const fr = this.shape.hump.fairing ?? h * 0.3
      for (let i = 0; i <= tess.humpStations; i++) xs.push(h - fr + (fr * i) / tess.humpStations)
      xs.sort((a, b) => a - b)
    }
    return xs.filter((x, i) => i === 0 || x - xs[i - 1] > 1e-3)
  }

  /**
   * girth coordinate of a section point. Along the nose and the end of the tail cone it follows
   * the point's true height above the belly (as a fraction of the cabin height), so a line
   * painted at one height runs level into the tip instead of converging on it in a V (the tip
   * would read as a pinched crease). Near the crown over the windscreen it follows the girth
   * angle instead (sideY), and over the 747's hump its height squeezed into the cabin's (sideY)
   */
  girthAt(x: number, p: Vec3, theta: number, seamEnd: boolean, leftKeel = false): number {
    const g = girth(theta, seamEnd)
    const w = Math.max(this.trueHeightWeight(x), Math.cos(theta) > 0 ? this.humpWeight(x) : 0)
    if (w === 0) return g
    // the seam column closes the left side (its crown point is the right side's first); the keel
    // column is doubled, its second copy opening the left side
    const right = !seamEnd && !leftKeel && Math.sin(theta) >= 0 && theta <= Math.PI
    const fromCrown = seamEnd ? 0 : theta <= Math.PI ? theta : 2 * Math.PI - theta
    const h = Math.min(1, Math.max(0, this.sideY(x, fromCrown, p[2] - this.zBelly) / this.H))
    const real = right ? (1 - h) / 2 : 0.5 + h / 2
    return g + (real - g) * w
  }

  /** 1 where the 747's upper deck lifts the crown (its girth follows squeezed height there), else 0 */
  humpWeight(x: number): number {
    return this.shape.hump && x < this.shape.hump.length ? 1 : 0
  }

  /**
   * where the texture's side coordinate (m above the belly, 0 to H) puts the point at girth angle
   * theta from the crown, of height z above the belly, on the nose and the hump. Height, squeezed
   * where a hump lifts the crown past the cabin's (the 747's upper deck: above the main deck's
   * windows the rest of the height shares what is left up to H). Near the crown over the
   * windscreen it turns into the girth angle: height hardly changes across a crown, so by height
   * alone the two front panes' centre post and every pane's top would be a single texel row
   */
  sideY(
    x: number,
    theta: number,
    z = this.point(x, this.section(x), theta)[2] - this.zBelly,
  ): number {
    const sec = this.section(x)
    const top = sec.zTop + sec.hump - this.zBelly
    const squeeze = (zz: number) => this.squeeze(zz, top)
    const y = squeeze(z)
    const k = smooth(1 - theta / CROWN) * this.crownWeight(x)
    if (k === 0) return y
    const y1 = squeeze(this.point(x, sec, CROWN)[2] - this.zBelly)
    const lin = this.H - ((this.H - y1) * theta) / CROWN
    return y + (lin - y) * k
  }

  /**
   * a height above the belly in the texture's side coordinate, where a hump lifts the crown to
   * `top` past the cabin's height: the main deck as it is, the upper deck's window band true to
   * size (its windows are drawn in the cabin's window size) and shifted up with the hump, and the
   * walls below and the roof above it squeezed into what is left
   */
  squeeze(z: number, top: number): number {
    const H = this.H
    const e = Math.max(0, top - H)
    const z0 = 0.7 * H
    if (e === 0 || z <= z0) return z
    const ya = 0.8 * H,
      yb = 0.95 * H,
      lift = 0.6 * e
    if (z < ya + lift) return z0 + ((z - z0) * (ya - z0)) / (ya + lift - z0)
    if (z < yb + lift) return z - lift
    return yb + ((Math.min(z, top) - yb - lift) * (H - yb)) / (top - yb - lift)
  }

  /** how far the crown's texture follows the girth angle at x: over the windscreen, not at the tip */
  crownWeight(x: number): number {
    const nl = this.shape.nose.length
    if (x >= 1.15 * nl) return 0
    return smooth((x / nl - 0.04) / 0.08) * (x < nl ? 1 : 1 - (x - nl) / (0.15 * nl))
  }

  /** the girth angle (from the crown) of the side point at local height fraction h (0 belly, 1 crown) */
  static angleAt(h: number): number {
    const fc = 2 * h - 1
    const c = Math.sign(fc) * Math.pow(Math.abs(fc), 1 / EXP)
    return Math.acos(Math.max(-1, Math.min(1, c)))
  }

  /** the texture's side coordinate of the side point at local height fraction h of the nose section at x */
  texY(x: number, h: number): number {
    return this.sideY(x, Fuselage.angleAt(h))
  }

  /**
   * how far the girth coordinate at x follows true height (1) rather than the section's own
   * height (0): the nose, easing out just behind it, and the end of the tail cone, where every
   * line would meet in a point. Paint that places a line by height reads it (paint/fuselage.ts)
   */
  trueHeightWeight(x: number): number {
    const nl = this.shape.nose.length
    const tl = 0.3 * this.shape.tail.length
    return x < nl
      ? 1
      : x < nl * 1.15
        ? 1 - (x - nl) / (0.15 * nl)
        : smooth((x - (this.L - tl)) / tl)
  }

  build(mb: MeshBuilder, tess: Tessellation): void {
    const part = mb.newPart()
    const N = tess.fuselageRing
    // the tail ends in a short rounded cap (the APU exhaust; the 777's tall blade), not a flat disc
    const { tail } = this.shape
    const dome = 0.35 * Math.min(tail.endWidth * this.W, tail.endHeight * this.H)
    const xEnd = this.L - dome
    const xs = this.stations(tess).filter((x) => x < xEnd - 1e-3)
    xs.push(xEnd)
    const pts: Vec3[][] = []
    const uvs: [number, number][][] = []
    for (const x of xs) {
      const sec = this.section(x)
      const row: Vec3[] = []
      const uv: [number, number][] = []
      // the keel point twice: near the tips, where it stands above the belly, the two sides' true
      // heights map to girths far apart, and one triangle spanning them would smear every colour
      // between (a spike of belly colour up the nose tip); the doubled column has no width
      for (let j = 0; j <= N; j++) {
        const theta = (2 * Math.PI * (j % N)) / N
        const pt = this.point(x, sec, theta)
        row.push(pt)
        uv.push([x, this.girthAt(x, pt, theta, j === N)])
        if (2 * j === N) {
          row.push(pt)
          uv.push([x, this.girthAt(x, pt, theta, false, true)])
        }
      }
      pts.push(row)
      uvs.push(uv)
    }
    const end = pts[pts.length - 1],
      endUv = uvs[uvs.length - 1]
    const sec = this.section(xEnd)
    const cz = (sec.zTop + sec.zBot) / 2
    for (const k of [0.45, 0.75, 0.93, 1]) {
      const f = Math.sqrt(1 - k * k)
      const x = xEnd + dome * k
      pts.push(end.map((p): Vec3 => [x, p[1] * f, cz + (p[2] - cz) * f]))
      uvs.push(endUv.map(([, v]): [number, number] => [x, v]))
    }
    mb.grid(pts, uvs, 'seam', Mat.Fuselage, part)
    buildAntennas(mb, this)
  }
}

/**
 * how far the crown has risen from the tip to the cabin's height (0..1) at t (x / nose length), by
 * the crown's points [t, height as a fraction of the fuselage height]: a monotone cubic in the
 * square root of t, so the tip is rounded (upright there) and the curve meets the cabin level
 */
function crownRise(points: [number, number][], tip: number, t: number): number {
  if (t <= 0) return 0
  if (t >= 1) return 1
  const pts: [number, number][] = [
    [0, tip],
    ...points.map(([a, h]): [number, number] => [Math.sqrt(a), h]),
    [1, 1],
  ]
  const s = Math.sqrt(t)
  let i = 0
  while (i < pts.length - 2 && s > pts[i + 1][0]) i++
  const slope = (k: number) => (pts[k + 1][1] - pts[k][1]) / (pts[k + 1][0] - pts[k][0])
  // Fritsch-Carlson tangents: no overshoot between points; level at the cabin end
  const tangent = (k: number) => {
    if (k === 0) return slope(0)
    if (k === pts.length - 1) return 0
    const a = slope(k - 1),
      b = slope(k)
    return a * b <= 0 ? 0 : (2 * a * b) / (a + b)
  }
  const [s0, h0] = pts[i],
    [s1, h1] = pts[i + 1]
  const d = s1 - s0,
    u = (s - s0) / d
  const h =
    (2 * u ** 3 - 3 * u ** 2 + 1) * h0 +
    (u ** 3 - 2 * u ** 2 + u) * d * tangent(i) +
    (-2 * u ** 3 + 3 * u ** 2) * h1 +
    (u ** 3 - u ** 2) * d * tangent(i + 1)
  return (h - tip) / (1 - tip)
}

/** 0 below 0, 1 above 1, a smooth S between */
function smooth(t: number): number {
  if (t <= 0) return 0
  if (t >= 1) return 1
  return t * t * (3 - 2 * t)
}

/** texture girth coordinate of angle theta: linear in height on each side */
export function girth(theta: number, seamEnd = false): number {
  if (seamEnd) return 1
  const c = Math.cos(theta)
  const h = (1 + Math.sign(c) * Math.pow(Math.abs(c), EXP)) / 2
  const right = Math.sin(theta) >= 0 && theta <= Math.PI
  return right ? (1 - h) / 2 : 0.5 + h / 2
}
