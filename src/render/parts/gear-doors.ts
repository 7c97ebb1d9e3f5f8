/**
 * The gear bays' closed doors under the body, up close (the full cut only): their outlines as
 * thin dark bands standing a few millimetres off the skin (parts/nacelle-lines.ts draws its
 * joints the same way), seen from below and, low on the body, from the side.
 *  - Main gear: most types close the bay doors again once the gear is down, so their outlines
 *    show either way; the wing legs fold inboard into bays either side of the keel, body legs
 *    into one bay astride it. The 737 has no main wheel doors (its tyres close the bay).
 *  - Nose gear: two doors along the keel ahead of the leg close again once it is down; gear up,
 *    the leg's own doors (open beside it when down: parts/gear.ts) close behind them.
 */
import type { Gear, Plane } from '../../catalog/types'
import type { Fuselage } from './fuselage'
import { Mat } from './materials'
import { cross, len, scale, sub, type MeshBuilder, type Vec3 } from './mesh'
import type { PlaneShape } from './shape'

const WIDTH = 0.012
const LIFT = 0.006
const STEPS = 6 // points along each edge: the belly curves under it

/** the point at girth angle theta (pi: the keel) at x, lifted off the skin */
function onBelly(fus: Fuselage, x: number, theta: number): { p: Vec3; n: Vec3 } {
  const sec = fus.section(x)
  const p = fus.point(x, sec, theta)
  const mid = (sec.zTop + sec.zBot) / 2
  const out: Vec3 = [0, p[1], p[2] - mid]
  const n = scale(out, 1 / (len(out) || 1))
  return { p: [p[0], p[1] + LIFT * n[1], p[2] + LIFT * n[2]], n }
}

/** a band along the belly from (x0, theta0) to (x1, theta1) */
function edge(
  mb: MeshBuilder,
  fus: Fuselage,
  x0: number,
  t0: number,
  x1: number,
  t1: number,
): void {
  const pts: Vec3[][] = []
  const uvs: [number, number][][] = []
  let facing: Vec3 = [0, 0, -1]
  for (let i = 0; i <= STEPS; i++) {
    const f = i / STEPS
    const a = onBelly(fus, x0 + (x1 - x0) * f, t0 + (t1 - t0) * f)
    const b = onBelly(
      fus,
      x0 + (x1 - x0) * Math.min(1, f + 0.01),
      t0 + (t1 - t0) * Math.min(1, f + 0.01),
    )
    const c = onBelly(
      fus,
      x0 + (x1 - x0) * Math.max(0, f - 0.01),
      t0 + (t1 - t0) * Math.max(0, f - 0.01),
    )
    const along = sub(b.p, c.p)
    const side = cross(along, a.n)
    const w = scale(side, WIDTH / 2 / (len(side) || 1))
    pts.push([sub(a.p, w), [a.p[0] + w[0], a.p[1] + w[1], a.p[2] + w[2]]])
    uvs.push([
      [f, 0],
      [f, 1],
    ])
    if (i === STEPS / 2) facing = a.n
  }
  mb.grid(pts, uvs, 'none', Mat.Tyre, mb.newPart(), facing)
}

/** a door's outline: x0..x1 along the body, theta0..theta1 round it */
function outline(
  mb: MeshBuilder,
  fus: Fuselage,
  x0: number,
  x1: number,
  t0: number,
  t1: number,
): void {
  edge(mb, fus, x0, t0, x1, t0)
  edge(mb, fus, x0, t1, x1, t1)
  edge(mb, fus, x0, t0, x0, t1)
  edge(mb, fus, x1, t0, x1, t1)
}

export function buildBayDoors(
  mb: MeshBuilder,
  plane: Plane,
  shape: PlaneShape,
  fus: Fuselage,
  gear: Gear,
): void {
  const g = shape.gear
  const L = plane.lengthM
  const r = g.wheel / 2
  const keel = Math.PI
  if (!plane.slug.startsWith('boeing-737')) {
    // a wing leg's bay: as long as its bogie, from beside the keel out to the lower side
    const n = plane.gear.mainLegs
    const wingWheels = n === 2 ? plane.gear.mainWheels / 2 : 4
    const axles = Math.max(1, wingWheels / 2)
    const half = ((axles - 1) * 2.3 * r) / 2 + r + 0.2
    const xm = g.main * L
    for (const s of [1, -1]) outline(mb, fus, xm - half, xm + half, keel - s * 0.04, keel - s * 0.5)
    if (n > 2) {
      const body = (plane.gear.mainWheels - 2 * wingWheels) / (n - 2)
      const bh = ((Math.max(1, body / 2) - 1) * 2.3 * r) / 2 + r + 0.2
      const xb = g.bodyMain * L
      for (const s of [1, -1]) outline(mb, fus, xb - bh, xb + bh, keel - s * 0.02, keel - s * 0.4)
    }
  }
  // the nose gear's bay: its forward doors, and gear up the leg's doors behind them
  const xn = g.nose * L
  const rn = 0.62 * r
  const aft = xn - 0.3 - 1.6 * rn
  const x1 = gear === 'up' ? xn + 0.1 : aft
  for (const s of [1, -1]) outline(mb, fus, aft - 1.2 * rn, x1, keel - s * 0.015, keel - s * 0.3)
}
