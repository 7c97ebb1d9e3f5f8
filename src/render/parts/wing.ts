/**
 * Main wing planform (straight swept leading edge, trailing edge kinked at the "Yehudi" break),
 * dihedral, and the wingtip device by type. The whole right wing, devices included, is scaled in y
 * so its outermost point is exactly half the real wingspan.
 */
import type { Plane } from '../../catalog/types'
import { Mat } from './materials'
import { MeshBuilder } from './mesh'
import type { PlaneShape } from './shape'
import { buildSurface, maxY, type Station } from './surface'
import { drawLines, surfaceBreaks, withBreakStations } from './wing-lines'

const rad = (d: number) => (d * Math.PI) / 180

export class Wing {
  readonly b: number // nominal semispan of the planform without device
  readonly x0: number // root LE x
  readonly z0: number // root z
  readonly tanLE: number
  readonly tanDih: number
  yScale = 1
  /**
   * the upward tip device's stations from the wing tip up (none for a fence or a raked tip):
   * paint/winglet.ts lays the winglet's art over them
   */
  device: Station[] = []
  constructor(
    readonly plane: Plane,
    readonly shape: PlaneShape,
    zBelly: number,
  ) {
    const w = shape.wing
    const dev = plane.wing.tip
    const half = plane.wingspanM / 2
    // span already includes upward devices' cant; a raked tip is part of the span
    this.b =
      dev === 'raked'
        ? half - w.device
        : half - (dev === 'none' || dev === 'fence' ? 0 : w.device * 0.12)
    this.x0 = w.rootLE * plane.lengthM
    this.z0 = zBelly + w.height * plane.fuselageHeightM
    const outer = this.b * (1 - w.kink)
    this.tanLE = Math.tan(rad(plane.wing.sweepDeg)) + (0.25 * (w.kinkChord - w.tipChord)) / outer
    this.tanDih = Math.tan(rad(w.dihedral))
  }

  le(y: number): number {
    return this.x0 + y * this.tanLE
  }
  te(y: number): number {
    const w = this.shape.wing
    const yk = this.b * w.kink
    const teRoot = this.x0 + w.rootChord
    const teKink = this.le(yk) + w.kinkChord
    const teTip = this.le(this.b) + w.tipChord
    return y <= yk
      ? teRoot + ((teKink - teRoot) * y) / yk
      : teKink + ((teTip - teKink) * (y - yk)) / (this.b - yk)
  }
  chord(y: number): number {
    return this.te(y) - this.le(y)
  }
  z(y: number): number {
    const f = this.shape.wing.flex ?? 0
    return this.z0 + y * this.tanDih + f * (y / this.b) ** 2
  }
  /** local dihedral angle (rad): the flexed wing steepens towards the tip */
  slope(y: number): number {
    const f = this.shape.wing.flex ?? 0
    return Math.atan(this.tanDih + (2 * f * y) / (this.b * this.b))
  }
  thick(y: number): number {
    return this.shape.wing.thickness * (1 - 0.35 * Math.min(1, y / this.b))
  }
  /** the wing's lower surface height near the leading edge at real span y (for pylons, gear) */
  lowerZ(yReal: number): number {
    const y = yReal / this.yScale
    return this.z(y) - 0.45 * this.thick(y) * this.chord(y) * 0.5
  }
  leReal(yReal: number): number {
    return this.le(yReal / this.yScale)
  }
  chordReal(yReal: number): number {
    return this.chord(yReal / this.yScale)
  }

  /** `lines`: the control surfaces' and slats' lines drawn into the wing's surface coordinates (wing-lines.ts) */
  build(mb: MeshBuilder, lines = false): void {
    const w = this.shape.wing
    const dih = rad(w.dihedral)
    const main: Station[] = []
    const yk = this.b * w.kink
    const ys = [0, 0.5 * yk, yk]
    for (let i = 1; i <= 10; i++) ys.push(yk + ((this.b - yk) * i) / 10)
    const breaks = lines && !w.fold ? surfaceBreaks(this.b, yk) : []
    if (breaks.length) withBreakStations(ys, breaks)
    for (const y of ys)
      main.push({
        le: [this.le(y), y, this.z(y)],
        chord: this.chord(y),
        roll: this.slope(y),
        thick: this.thick(y),
        camber: 0.02,
      })
    const tip = main[main.length - 1]
    const dev = this.plane.wing.tip
    const extra: { st: Station[]; mat: Mat }[] = []
    if (dev === 'raked') {
      main.pop()
      const y0 = this.b - 0.01
      // the trailing edge runs on; the leading edge sweeps back harder, leaving a real chord at
      // the tip (about a third of the wing's), not a spike
      for (let i = 1; i <= 6; i++) {
        const f = i / 6
        const d = w.device * f
        const y = y0 + d
        const te = this.te(this.b) + d * this.tanLE * 0.85
        const chord = w.tipChord * (1 - 0.68 * Math.pow(f, 1.4))
        main.push({
          le: [te - chord, y, this.z(y)],
          chord,
          roll: this.slope(y),
          thick: this.thick(this.b),
          camber: 0.01,
        })
      }
    } else if (
      dev === 'sharklet' ||
      dev === 'winglet' ||
      dev === 'blended' ||
      dev === 'split-scimitar'
    ) {
      const cant = rad(dev === 'winglet' ? 72 : dev === 'sharklet' ? 82 : 76)
      const h = w.device
      const up: Station[] = [tip]
      let y = tip.le[1],
        z = tip.le[2],
        s = 0
      const tipChord = dev === 'winglet' ? 0.45 : 0.3
      const steps = 10
      const tipDih = this.slope(this.b)
      let a = tipDih
      for (let i = 1; i <= steps; i++) {
        const f = i / steps
        // bend up over the first half, then run straight at the cant angle
        const aNext =
          f < 0.5 ? tipDih + (cant - tipDih) * Math.sin((Math.PI / 2) * (f / 0.5)) : cant
        const ds = h / Math.sin(cant) / steps
        a = (a + aNext) / 2
        y += Math.cos(a) * ds
        z += Math.sin(a) * ds
        s += ds
        a = aNext
        const chord = tip.chord * (1 - (1 - tipChord) * Math.pow(f, 0.8))
        const le = tip.le[0] + s * Math.tan(rad(dev === 'winglet' ? 38 : 48)) * Math.pow(f, 0.7)
        up.push({ le: [le, y, z], chord, roll: a, thick: 0.09 })
      }
      extra.push({ st: up, mat: Mat.Winglet })
      this.device = up
      if (dev === 'split-scimitar') {
        const low: Station[] = []
        for (let i = 0; i <= 4; i++) {
          const f = i / 4
          const d = h * 0.45 * f
          const aa = -rad(60) * Math.min(1, f * 3)
          low.push({
            le: [
              tip.le[0] + 0.35 * tip.chord + d * 0.9,
              tip.le[1] - 0.05 + d * 0.45,
              tip.le[2] - d * 0.85,
            ],
            chord: tip.chord * (0.55 - 0.3 * f),
            roll: aa,
            thick: 0.08,
          })
        }
        extra.push({ st: low, mat: Mat.WingletLower })
      }
    } else if (dev === 'fence') {
      const h = w.device
      const c = tip.chord
      const fence: Station[] = []
      const rows: [number, number, number][] = [
        [-0.38 * h, 0.35 * c, 0.45 * c],
        [0, 0.0, 1.05 * c],
        [0.62 * h, 0.75 * c, 0.35 * c],
      ]
      for (const [dz, dx, ch] of rows)
        fence.push({
          le: [tip.le[0] + dx, tip.le[1] + 0.02, tip.le[2] + dz],
          chord: ch,
          roll: Math.PI / 2,
          thick: 0.08,
        })
      extra.push({ st: fence, mat: Mat.Winglet })
    }
    let m = maxY(main)
    for (const e of extra) m = Math.max(m, maxY(e.st))
    this.yScale = this.plane.wingspanM / 2 / m
    // the 777-9's folding tip: a hinge line, drawn as a narrow joint between two surfaces
    const fold = w.fold
      ? splitAt(main, main[main.length - 1].le[1] - w.fold / this.yScale, 0.04)
      : [main]
    const first = mb.vertexCount
    for (const part of fold)
      buildSurface(mb, part, Mat.Wing, {
        mirror: true,
        tip: true,
        rootCap: part !== fold[0],
        yScale: this.yScale,
      })
    if (lines && !w.fold) drawLines(mb, first, main, this.b, breaks)
    for (const e of extra)
      buildSurface(mb, e.st, e.mat, {
        mirror: true,
        tip: true,
        rootCap: this.plane.wing.tip === 'fence' || e !== extra[0],
        yScale: this.yScale,
      })
  }
}

/** the stations cut at span y into an inner and an outer run, a joint of width gap between */
function splitAt(st: Station[], y: number, gap: number): Station[][] {
  const k = st.findIndex((x) => x.le[1] >= y)
  if (k <= 0) return [st]
  const at = (yy: number): Station => {
    const a = st[k - 1],
      b = st[k]
    const f = (yy - a.le[1]) / (b.le[1] - a.le[1])
    const lerp = (p: number, q: number) => p + (q - p) * f
    return {
      le: [lerp(a.le[0], b.le[0]), yy, lerp(a.le[2], b.le[2])],
      chord: lerp(a.chord, b.chord),
      roll: lerp(a.roll, b.roll),
      thick: lerp(a.thick, b.thick),
      camber: a.camber,
    }
  }
  return [
    [...st.slice(0, k), at(y - gap / 2)],
    [at(y + gap / 2), ...st.slice(k)],
  ]
}
