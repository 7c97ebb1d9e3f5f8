/**
 * Landing gear (only when down): a twin-wheel nose gear and the type's main gear legs,
 * each a leg with a twin axle or a 4/6-wheel bogie, wheels resting on z = 0.
 * A380: 2 wing legs x 4 + 2 body legs x 6; 747: 4 legs x 4; A340: a centre leg; 777: 6-wheel bogies.
 */
import type { Plane } from '../../catalog/types'
import type { Fuselage } from './fuselage'
import { Mat } from './materials'
import { MeshBuilder, type Vec3 } from './mesh'
import { rod } from './fittings'
import type { Tessellation } from './detail'
import { X_AXIS, Y_AXIS, Z_AXIS, disc, revolve, torus } from './revolve'
import type { PlaneShape } from './shape'
import { buildSurface } from './surface'
import type { Wing } from './wing'

export interface Leg {
  x: number // bogie centre
  y: number
  wheels: number
  top: number // z where the leg meets the structure
}

export function mainLegs(plane: Plane, shape: PlaneShape, wing: Wing, fus: Fuselage): Leg[] {
  const g = shape.gear
  const L = plane.lengthM
  const n = plane.gear.mainLegs
  const total = plane.gear.mainWheels
  const wingWheels = n === 2 ? total / 2 : 4
  const legs: Leg[] = []
  for (const s of [1, -1])
    legs.push({ x: g.main * L, y: s * g.track, wheels: wingWheels, top: wing.lowerZ(g.track) })
  const rest = total - 2 * wingWheels
  const belly = fus.section(g.bodyMain * L).zBot + 0.3
  if (n === 3) legs.push({ x: g.bodyMain * L, y: 0, wheels: rest, top: belly })
  if (n === 4)
    for (const s of [1, -1])
      legs.push({ x: g.bodyMain * L, y: s * g.bodyTrack, wheels: rest / 2, top: belly })
  return legs
}

function wheel(
  mb: MeshBuilder,
  x: number,
  y: number,
  r: number,
  w: number,
  tess: Tessellation,
): void {
  // tyre cross-section: a rounded box around the rim
  const loop: [number, number][] = []
  const rim = 0.62 * r
  for (let k = 0; k < tess.tyreLoop; k++) {
    const t = (2 * Math.PI * k) / tess.tyreLoop
    const a = (w / 2) * Math.sign(Math.cos(t)) * Math.pow(Math.abs(Math.cos(t)), 0.5)
    const rr =
      (rim + r) / 2 +
      ((r - rim) / 2) * Math.sign(Math.sin(t)) * Math.pow(Math.abs(Math.sin(t)), 0.6)
    loop.push([a, rr])
  }
  torus(mb, Y_AXIS([x, y, r]), loop, tess.tyreSegments, Mat.Tyre)
  for (const s of [1, -1]) {
    disc(mb, Y_AXIS([x, y, r]), ((s * w) / 2) * 0.92, rim * 1.02, tess.hubSegments, s, Mat.Hub)
    // up close, the hub's centre cap standing out of the wheel
    if (tess.fittings)
      revolve(
        mb,
        Y_AXIS([x, y, r]),
        [
          [((s * w) / 2) * 0.92, 0.34 * rim],
          [((s * w) / 2) * 0.92 + s * 0.08 * w, 0.26 * rim],
          [((s * w) / 2) * 0.92 + s * 0.1 * w, 0],
        ],
        [0, 0.5, 1],
        12,
        Mat.Hub,
      )
  }
}

function bogie(mb: MeshBuilder, leg: Leg, r: number, w: number, tess: Tessellation): void {
  const axles = Math.max(1, leg.wheels / 2)
  const pitch = 2.3 * r
  const gap = 0.55 * w + 0.12
  const x0 = leg.x - ((axles - 1) * pitch) / 2
  for (let i = 0; i < axles; i++)
    for (const s of [1, -1]) wheel(mb, x0 + i * pitch, leg.y + s * gap, r, w, tess)
  // an oleo strut is about a third of a wheel across
  const legR = Math.max(0.1, 0.3 * r)
  if (tess.fittings) linkage(mb, leg, r, w, gap, axles, pitch, x0, legR)
  // axle / bogie beam
  if (axles > 1)
    revolve(
      mb,
      X_AXIS([x0 - 0.3 * r, leg.y, r]),
      [
        [0, legR * 0.9],
        [(axles - 1) * pitch + 0.6 * r, legR * 0.9],
      ],
      [0, 1],
      12,
      Mat.Metal,
    )
  revolve(
    mb,
    Y_AXIS([x0, leg.y - gap, r]),
    [
      [0, legR * 0.6],
      [2 * gap, legR * 0.6],
    ],
    [0, 1],
    10,
    Mat.Metal,
  )
  // the strut, slightly forward of the bogie centre
  revolve(
    mb,
    Z_AXIS([leg.x, leg.y, r]),
    [
      [0, legR],
      [leg.top - r + 0.2, legR],
    ],
    [0, 1],
    14,
    Mat.Metal,
  )
  // drag brace to the front
  revolve(
    mb,
    Z_AXIS([leg.x - 0.9 * r, leg.y, r + (leg.top - r) * 0.45]),
    [
      [0, legR * 0.5],
      [(leg.top - r) * 0.55 + 0.2, legR * 0.5],
    ],
    [0, 1],
    8,
    Mat.Metal,
  )
}

/**
 * what a close-up shows between and above the wheels: each axle's brake housings filling the gap
 * between its tyres, and the torque link, a V of two arms on the strut's front that keeps the
 * wheels from turning on the oleo
 */
function linkage(
  mb: MeshBuilder,
  leg: Leg,
  r: number,
  w: number,
  gap: number,
  axles: number,
  pitch: number,
  x0: number,
  legR: number,
): void {
  const inner = gap - w / 2
  for (let i = 0; i < axles; i++)
    revolve(
      mb,
      Y_AXIS([x0 + i * pitch, leg.y - inner, r]),
      [
        [0, 0],
        [0, 0.42 * r],
        [2 * inner, 0.42 * r],
        [2 * inner, 0],
      ],
      [0, 0, 1, 1],
      14,
      Mat.Metal,
    )
  const h = leg.top - r
  const lo: Vec3 = [leg.x - 0.7 * legR, leg.y, r + 0.3 * r + 0.08 * h]
  const hi: Vec3 = [leg.x - 0.7 * legR, leg.y, r + 0.3 * r + 0.38 * h]
  const apex: Vec3 = [leg.x - legR - 0.35 * r, leg.y, (lo[2] + hi[2]) / 2]
  rod(mb, lo, apex, 0.22 * legR, 8, Mat.Metal)
  rod(mb, apex, hi, 0.22 * legR, 8, Mat.Metal)
}

/** a flat door panel in the x-z plane at y: x0..x1 along the body, z0..z1 up, painted like the belly */
function door(mb: MeshBuilder, x0: number, x1: number, y: number, z0: number, z1: number): void {
  const chord = x1 - x0
  buildSurface(
    mb,
    [z0, z1].map((z) => ({
      le: [x0, y, z],
      chord,
      roll: Math.PI / 2,
      thick: Math.min(0.08, 0.05 / chord),
    })),
    Mat.Door,
    { tip: true, rootCap: true, plate: true },
  )
}

export function buildGear(
  mb: MeshBuilder,
  plane: Plane,
  shape: PlaneShape,
  wing: Wing,
  fus: Fuselage,
  tess: Tessellation,
): void {
  const r = shape.gear.wheel / 2
  const w = 0.36 * shape.gear.wheel
  for (const leg of mainLegs(plane, shape, wing, fus)) {
    bogie(mb, leg, r, w, tess)
    // wing legs carry a door on their outboard side, from above the wheels up into the wing
    if (leg.y !== 0 && Math.abs(leg.y) > shape.gear.bodyTrack + 0.5) {
      const y = leg.y + Math.sign(leg.y) * (0.3 * r + 0.08)
      door(mb, leg.x - 0.55 * r, leg.x + 0.75 * r, y, 2.2 * r, leg.top)
    }
  }
  const xn = shape.gear.nose * plane.lengthM
  const rn = r * 0.62
  const belly = fus.section(xn).zBot
  bogie(
    mb,
    { x: xn, y: 0, wheels: plane.gear.noseWheels, top: belly + 0.3 },
    rn,
    0.36 * 2 * rn,
    tess,
  )
  // the nose-wheel well's side doors, open beside the leg
  for (const s of [1, -1])
    door(
      mb,
      xn - 0.3 - 1.6 * rn,
      xn + 0.1,
      s * (0.5 * rn + 0.1 * fus.W),
      belly - Math.min(0.5, 0.35 * (belly - 2 * rn)),
      belly + 0.1,
    )
}
