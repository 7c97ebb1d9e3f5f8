/**
 * Engines: a revolved nacelle hung on a pylon under the wing at the shape's span fractions, built
 * as three parts so the shader can draw each its own way: the spinner (with GE's painted spiral),
 * the fan face (blades where they are large enough to see) and the nacelle itself, whose u holds
 * the zone (materials.ts Zone: lip, cowl, core) in its integer part.
 * By type: the 737's flattened inlet, long mixed-flow ducts (757, A340), the serrated fan nozzle
 * (chevrons: 787, 747-8, 737 MAX) cut into the cowl's trailing edge, the fan's size from the data.
 */
import type { Plane } from '../../catalog/types'
import { Mat, Zone } from './materials'
import { MeshBuilder } from './mesh'
import type { Tessellation } from './detail'
import { REVERSER_JOINT, buildNacelleLines } from './nacelle-lines'
import { X_AXIS, revolve } from './revolve'
import type { PlaneShape } from './shape'
import { buildSurface } from './surface'
import type { Wing } from './wing'

export interface EnginePos {
  y: number
  front: number
  axisZ: number
  R: number
  len: number
}

export function enginePositions(plane: Plane, shape: PlaneShape, wing: Wing): EnginePos[] {
  const D = plane.engines.nacelleDiameterM
  const R = D / 2
  const len = shape.engines.length * D
  const semi = plane.wingspanM / 2
  return shape.engines.span.slice(0, plane.engines.count / 2).map((f) => {
    const y = f * semi
    const front = wing.leReal(y) - shape.engines.overhang * len
    // big fans hang close under the wing but never lower than a real ground clearance
    const axisZ = Math.max(wing.lowerZ(y) - shape.engines.drop - R, R + 0.65)
    return { y, front, axisZ, R, len }
  })
}

interface Profile {
  p: [number, number][]
  u: number[]
}

/** a profile builder: points along the axis (a) at radius r, with their u */
function profileOf(build: (add: (a: number, r: number, u: number) => void) => void): Profile {
  const p: [number, number][] = []
  const u: number[] = []
  build((a, r, uu) => {
    p.push([a, r])
    u.push(uu)
  })
  return { p, u }
}

/** the spinner: an ogive from its tip, recessed a little behind the lip, to the fan hub */
function spinner(D: number, fanR: number, rings: number): Profile {
  return profileOf((add) => {
    const tip = 0.08 * D,
      base = 0.21 * D,
      hub = 0.3 * fanR
    for (let i = 0; i <= rings; i++) {
      const t = i / rings
      add(tip + (base - tip) * t, hub * Math.sqrt(1 - (1 - t) * (1 - t)), t)
    }
  })
}

/** the fan face: a flat ring from the hub to the inner wall; u = radius / fan radius (linear, so two rings do) */
function fanFace(D: number, fanR: number): Profile {
  return profileOf((add) => {
    const a = 0.21 * D
    add(a, 0.3 * fanR, 0.3)
    add(a, fanR, 1)
  })
}

/**
 * inner wall, lip, cowl and (short ducts) the core cowl and plug; `reverser`: the break where the
 * fixed fan cowl meets the thrust reverser's translating sleeve, a small step in, half way back
 */
function nacelle(
  D: number,
  len: number,
  fanR: number,
  longDuct: boolean,
  cowl = 0.74,
  taper = 0.2,
  reverser = false,
): Profile {
  const R = D / 2
  return profileOf((add) => {
    add(0.21 * D, fanR, Zone.Lip)
    add(0.07 * D, 0.85 * R, Zone.Lip + 0.1)
    add(0.015 * D, 0.87 * R, Zone.Lip + 0.3)
    add(0, 0.92 * R, Zone.Lip + 0.5)
    add(0.012 * D, 0.975 * R, Zone.Lip + 0.8)
    add(0.05 * D, R, Zone.Cowl)
    // the fan cowl: full diameter, then tapering to its nozzle (long ducts run on to a mixed exhaust)
    const cowlEnd = (longDuct ? 0.93 : cowl) * len
    const shrink = longDuct ? 0.32 : taper
    const at = (t: number) => 0.05 * D + (cowlEnd - 0.05 * D) * t
    const radius = (t: number) => R * (1 - shrink * Math.pow(t, 2.2))
    const BREAK = REVERSER_JOINT
    for (let i = 1; i <= 8; i++) {
      const t = i / 8
      if (reverser && t > BREAK && t - 1 / 8 <= BREAK) {
        add(at(BREAK), radius(BREAK), Zone.Cowl + 0.9 * BREAK)
        add(at(BREAK) + 0.003 * D, 0.985 * radius(BREAK), Zone.Cowl + 0.9 * BREAK + 0.001)
      }
      add(at(t), (reverser && t > BREAK ? 0.985 : 1) * radius(t), Zone.Cowl + 0.9 * t)
    }
    if (longDuct) {
      add(cowlEnd + 0.005 * D, 0.5 * R, Zone.Core + 0.7)
      add(len * 0.985, 0.32 * R, Zone.Core + 0.85)
      add(len, 0.02 * R, Zone.Core + 0.99)
      return
    }
    // the core cowl starts just inside the fan nozzle, however much the cowl tapered
    const core = Math.min(0.62, 0.88 * (1 - shrink))
    add(cowlEnd + 0.01 * D, core * R, Zone.Core)
    add(Math.max(0.86 * len, cowlEnd + 0.03 * D), (core - 0.06) * R, Zone.Core + 0.3)
    add(0.93 * len, 0.42 * R, Zone.Core + 0.6)
    add(0.94 * len, 0.3 * R, Zone.Core + 0.8)
    add(len, 0.02 * R, Zone.Core + 0.99)
  })
}

export function buildEngines(
  mb: MeshBuilder,
  plane: Plane,
  shape: PlaneShape,
  wing: Wing,
  tess: Tessellation,
): void {
  const D = plane.engines.nacelleDiameterM
  const fanR = Math.min((0.84 * D) / 2, plane.engines.fanDiameterM / 2)
  const longDuct = !!shape.engines.longDuct
  // the spinner's profile as finely as the nacelle is cut around
  const spin = spinner(D, fanR, tess.nacelleSegments >= 32 ? 6 : 3)
  const fan = fanFace(D, fanR)
  const marked = plane.engines.type.startsWith('GE')
  const seg = tess.nacelleSegments
  for (const e of enginePositions(plane, shape, wing)) {
    const nac = nacelle(
      D,
      e.len,
      fanR,
      longDuct,
      shape.engines.cowl,
      shape.engines.taper,
      tess.fittings && !longDuct,
    )
    // 737: the flattened lower lip that lets a big fan clear the ground
    const squash = shape.engines.flatBottom
      ? (q: number) => (q < 0 ? q * (1 - 0.4 * Math.pow(-q / e.R, 2)) : q)
      : undefined
    // chevrons: the fan nozzle's last ring zigzags along the axis, one tooth per two segments
    const nozzle = nac.u.findIndex((u) => u >= Zone.Cowl + 0.9)
    const teeth = shape.engines.chevrons
      ? (i: number, j: number) => (i === nozzle ? (j % 2 ? -0.06 : 0.03) * e.R : 0)
      : undefined
    for (const side of [1, -1]) {
      const ax = X_AXIS([e.front, side * e.y, e.axisZ])
      revolve(mb, ax, spin.p, spin.u, seg, marked ? Mat.SpinnerMarked : Mat.Spinner, squash)
      revolve(mb, ax, fan.p, fan.u, seg, Mat.Fan, squash, undefined, [-1, 0, 0])
      revolve(mb, ax, nac.p, nac.u, seg, Mat.Nacelle, squash, teeth)
      // up close, the cowls' joints and the latch line under them
      if (tess.fittings) buildNacelleLines(mb, ax, nac, seg, squash)
    }
    const top = wing.lowerZ(e.y) + 0.15
    const bottom = e.axisZ + 0.55 * e.R
    const leTop = wing.leReal(e.y) + 0.05 * wing.chordReal(e.y)
    const chordTop = Math.min(0.7 * wing.chordReal(e.y), e.front + e.len * 0.95 - leTop)
    buildSurface(
      mb,
      [
        {
          le: [e.front + 0.28 * e.len, e.y, bottom],
          chord: 0.62 * e.len,
          roll: Math.PI / 2,
          thick: 0.14,
        },
        {
          le: [leTop - 0.1 * e.len, e.y, (top + bottom) / 2 + 0.1],
          chord: chordTop + 0.1 * e.len,
          roll: Math.PI / 2,
          thick: 0.12,
        },
        { le: [leTop, e.y, top], chord: chordTop, roll: Math.PI / 2, thick: 0.1 },
      ],
      Mat.Pylon,
      { mirror: true },
    )
  }
}
