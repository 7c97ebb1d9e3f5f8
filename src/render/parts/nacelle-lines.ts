/**
 * The nacelle's panel lines up close (the full cut only): where the inlet cowl meets the fan cowl,
 * where the fan cowl meets the thrust reverser's sleeve, and the latch line under the nacelle
 * where the two fan-cowl halves (hinged at the pylon) and the two reverser halves close. Each is a
 * thin dark band standing a few millimetres off the skin: a gap's shadow a few millimetres wide,
 * so it shows as a fine line where a millimetre is near a pixel and fades to nothing below that
 * (a pixel mixes it by its share of the pixel); the light cut has none. Their u is 0: a flat
 * colour reads none, and no nacelle zone is claimed.
 */
import { Mat, Zone } from './materials'
import type { MeshBuilder, Vec3 } from './mesh'
import type { Axis } from './revolve'

/** a gap's width (m) and how far its band stands off the skin, clear of the nacelle's facets */
const WIDTH = 0.006
const LIFT = 0.004
/** along the fan cowl (0 its front, 1 its nozzle): the inlet's joint, and the reverser's */
export const INLET_JOINT = 0.25
export const REVERSER_JOINT = 0.45

interface Profile {
  p: [number, number][]
  u: number[]
}

/** the profile's point (along the axis, radius) at u, between the points either side */
function pointAtU(prof: Profile, u: number): [number, number] {
  const i = prof.u.findIndex((x) => x >= u)
  if (i <= 0) return prof.p[Math.max(0, i)]
  const f = (u - prof.u[i - 1]) / (prof.u[i] - prof.u[i - 1])
  const [a0, r0] = prof.p[i - 1],
    [a1, r1] = prof.p[i]
  return [a0 + (a1 - a0) * f, r0 + (r1 - r0) * f]
}

/** a point on the skin (squashed as the nacelle is) lifted off it, at angle phi round the axis */
function onSkin(ax: Axis, a: number, r: number, phi: number, squash?: (q: number) => number): Vec3 {
  const c = Math.cos(phi),
    s = Math.sin(phi)
  const pc = c * r + c * LIFT
  const qs = (squash ? squash(s * r) : s * r) + s * LIFT
  return [
    ax.o[0] + ax.a[0] * a + ax.p[0] * pc + ax.q[0] * qs,
    ax.o[1] + ax.a[1] * a + ax.p[1] * pc + ax.q[1] * qs,
    ax.o[2] + ax.a[2] * a + ax.p[2] * pc + ax.q[2] * qs,
  ]
}

/**
 * the joints round one nacelle (its profile `prof`, revolved in `seg` segments about `ax`, at the
 * same angles, so the bands' facets run parallel to the skin's) and its latch line from the
 * inlet's joint to just short of the nozzle
 */
export function buildNacelleLines(
  mb: MeshBuilder,
  ax: Axis,
  prof: Profile,
  seg: number,
  squash?: (q: number) => number,
): void {
  // the reverser's joint just ahead of the step the profile takes there
  for (const t of [INLET_JOINT, REVERSER_JOINT - 0.004]) {
    const u = Zone.Cowl + 0.9 * t
    const [a, r] = pointAtU(prof, u)
    const rows = [a - WIDTH / 2, a + WIDTH / 2]
    const pts = rows.map((x) =>
      Array.from({ length: seg }, (_, j) => onSkin(ax, x, r, (2 * Math.PI * j) / seg, squash)),
    )
    const uvs = rows.map(() =>
      Array.from({ length: seg }, (_, j): [number, number] => [0, j / seg]),
    )
    mb.grid(pts, uvs, 'loop', Mat.Tyre, mb.newPart())
  }
  // the latch line: along the bottom, through every profile point between its ends
  const u0 = Zone.Cowl + 0.9 * INLET_JOINT,
    u1 = Zone.Cowl + 0.9 * 0.96
  const us = [u0, ...prof.u.filter((u) => u > u0 && u < u1), u1]
  const pts: Vec3[][] = []
  const uvs: [number, number][][] = []
  for (const u of us) {
    const [a, r] = pointAtU(prof, u)
    const d = WIDTH / 2 / r
    pts.push([d, -d].map((e) => onSkin(ax, a, r, 1.5 * Math.PI + e, squash)))
    uvs.push([
      [0, 0],
      [0, 1],
    ])
  }
  const down: Vec3 = [-ax.q[0], -ax.q[1], -ax.q[2]]
  mb.grid(pts, uvs, 'none', Mat.Tyre, mb.newPart(), down)
}
