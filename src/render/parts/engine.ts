/**
 * Engines: a revolved nacelle (spinner and fan face, lip, cowl, core cowl, exhaust plug) hung on a
 * pylon under the wing at the shape's span fractions. Nacelle u encodes the zone in its integer
 * part (0 fan, 1 lip, 2 cowl, 3 core and plug) so the painter can colour by zone.
 */
import type { Plane } from '../../catalog/types'
import { Mat, MeshBuilder } from './mesh'
import type { Tessellation } from './detail'
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

function profile(D: number, len: number): { p: [number, number][]; u: number[] } {
  const R = D / 2
  const p: [number, number][] = []
  const u: number[] = []
  const add = (a: number, r: number, zone: number) => {
    p.push([a, r])
    u.push(zone)
  }
  // spinner and fan face (recessed in the inlet)
  add(0.1 * D, 0, 0.0)
  add(0.13 * D, 0.16 * R, 0.2)
  add(0.17 * D, 0.3 * R, 0.4)
  add(0.18 * D, 0.82 * R, 0.9)
  // inner lip to the highlight and over to the cowl
  add(0.07 * D, 0.84 * R, 1.0)
  add(0.015 * D, 0.87 * R, 1.3)
  add(0, 0.92 * R, 1.5)
  add(0.012 * D, 0.975 * R, 1.8)
  add(0.05 * D, R, 2.0)
  // cowl: full diameter then tapering to the fan nozzle
  const cowlEnd = 0.74 * len
  for (let i = 1; i <= 8; i++) {
    const t = i / 8
    const a = 0.05 * D + (cowlEnd - 0.05 * D) * t
    add(a, R * (1 - 0.2 * Math.pow(t, 2.2)), 2 + 0.9 * t)
  }
  // core cowl and exhaust plug
  add(cowlEnd + 0.01 * D, 0.62 * R, 3.0)
  add(0.86 * len, 0.56 * R, 3.3)
  add(0.93 * len, 0.42 * R, 3.6)
  add(0.94 * len, 0.3 * R, 3.8)
  add(len, 0.02 * R, 3.99)
  return { p, u }
}

export function buildEngines(mb: MeshBuilder, plane: Plane, shape: PlaneShape, wing: Wing, tess: Tessellation): void {
  const D = plane.engines.nacelleDiameterM
  for (const e of enginePositions(plane, shape, wing)) {
    const { p, u } = profile(D, e.len)
    // 737: the flattened lower lip that lets a big fan clear the ground
    const squash = shape.engines.flatBottom ? (q: number) => (q < 0 ? q * (1 - 0.4 * Math.pow(-q / e.R, 2)) : q) : undefined
    for (const side of [1, -1]) revolve(mb, X_AXIS([e.front, side * e.y, e.axisZ]), p, u, tess.nacelleSegments, Mat.Nacelle, squash)
    const top = wing.lowerZ(e.y) + 0.15
    const bottom = e.axisZ + 0.55 * e.R
    const leTop = wing.leReal(e.y) + 0.05 * wing.chordReal(e.y)
    const chordTop = Math.min(0.7 * wing.chordReal(e.y), e.front + e.len * 0.95 - leTop)
    buildSurface(
      mb,
      [
        { le: [e.front + 0.28 * e.len, e.y, bottom], chord: 0.62 * e.len, roll: Math.PI / 2, thick: 0.14 },
        { le: [leTop - 0.1 * e.len, e.y, (top + bottom) / 2 + 0.1], chord: chordTop + 0.1 * e.len, roll: Math.PI / 2, thick: 0.12 },
        { le: [leTop, e.y, top], chord: chordTop, roll: Math.PI / 2, thick: 0.1 },
      ],
      Mat.Pylon,
      { mirror: true },
    )
  }
}
