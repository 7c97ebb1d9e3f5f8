/** Surfaces of revolution (nacelles, wheels, gear legs) built on the grid builder. */
import { Mat } from './materials'
import { MeshBuilder, type Vec3 } from './mesh'

export interface Axis {
  o: Vec3 // origin
  a: Vec3 // axis direction (unit)
  p: Vec3 // first perpendicular (unit)
  q: Vec3 // second perpendicular (unit)
}

export const X_AXIS = (o: Vec3): Axis => ({ o, a: [1, 0, 0], p: [0, 1, 0], q: [0, 0, 1] })
export const Y_AXIS = (o: Vec3): Axis => ({ o, a: [0, 1, 0], p: [1, 0, 0], q: [0, 0, 1] })
export const Z_AXIS = (o: Vec3): Axis => ({ o, a: [0, 0, 1], p: [1, 0, 0], q: [0, 1, 0] })

function at(ax: Axis, a: number, r: number, phi: number, squash?: (q: number) => number): Vec3 {
  const c = Math.cos(phi) * r
  let s = Math.sin(phi) * r
  if (squash) s = squash(s)
  return [
    ax.o[0] + ax.a[0] * a + ax.p[0] * c + ax.q[0] * s,
    ax.o[1] + ax.a[1] * a + ax.p[1] * c + ax.q[1] * s,
    ax.o[2] + ax.a[2] * a + ax.p[2] * c + ax.q[2] * s,
  ]
}

/**
 * Revolve an open profile [(along axis, radius)] into rings. u per profile point is given (zones),
 * v = angle fraction. squash: reshapes the q coordinate (737 flat-bottomed nacelles); warp: moves
 * point j of a ring along the axis (a serrated nozzle); facing: which way a flat ring faces.
 */
export function revolve(
  mb: MeshBuilder,
  ax: Axis,
  profile: [number, number][],
  u: number[],
  seg: number,
  mat: Mat,
  squash?: (q: number) => number,
  warp?: (ring: number, j: number) => number,
  facing?: Vec3,
): number {
  const part = mb.newPart()
  const pts: Vec3[][] = []
  const uvs: [number, number][][] = []
  profile.forEach(([a, r], i) => {
    const row: Vec3[] = []
    const uv: [number, number][] = []
    for (let j = 0; j < seg; j++) {
      const phi = (2 * Math.PI * j) / seg
      row.push(at(ax, a + (warp ? warp(i, j) : 0), r, phi, squash))
      uv.push([u[i], j / seg])
    }
    pts.push(row)
    uvs.push(uv)
  })
  mb.grid(pts, uvs, 'loop', mat, part, facing)
  return part
}

/** A closed profile loop revolved (a tyre): rows go around the axis, columns around the loop. */
export function torus(
  mb: MeshBuilder,
  ax: Axis,
  loop: [number, number][],
  seg: number,
  mat: Mat,
): void {
  const part = mb.newPart()
  const pts: Vec3[][] = []
  const uvs: [number, number][][] = []
  for (let j = 0; j <= seg; j++) {
    const phi = (2 * Math.PI * (j % seg)) / seg
    pts.push(loop.map(([a, r]) => at(ax, a, r, phi)))
    uvs.push(loop.map((_, k) => [k / loop.length, j / seg]))
  }
  mb.grid(pts, uvs, 'loop', mat, part)
}

/** A flat disc (wheel hub face) perpendicular to the axis at offset a. */
export function disc(
  mb: MeshBuilder,
  ax: Axis,
  a: number,
  r: number,
  seg: number,
  outward: number,
  mat: Mat,
): void {
  const part = mb.newPart()
  const ring: Vec3[] = []
  for (let j = 0; j < seg; j++) ring.push(at(ax, a, r, (2 * Math.PI * j) / seg))
  mb.cap(ring, [ax.a[0] * outward, ax.a[1] * outward, ax.a[2] * outward], [0, 0], mat, part)
}
