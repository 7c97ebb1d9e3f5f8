/**
 * Lifting surfaces (wings, winglets, stabilisers, fin, pylons) as a loft of airfoil stations.
 * A station is a leading-edge point, a chord (always along +x, backwards) and a roll angle that
 * turns the thickness direction: 0 = a flat wing (thickness up), 90 deg = a vertical surface.
 */
import { Mat } from './materials'
import { MeshBuilder, type Vec3 } from './mesh'

export interface Station {
  le: Vec3
  chord: number
  roll: number // radians
  thick: number // thickness / chord
  camber?: number // max camber / chord
}

const K = 12 // points per surface side; loop has 2K points (a thin plate: 2, a diamond section)

/** NACA 4-digit half thickness for unit thickness ratio */
function halfThickness(xi: number): number {
  return (
    5 *
    (0.2969 * Math.sqrt(xi) - 0.126 * xi - 0.3516 * xi * xi + 0.2843 * xi ** 3 - 0.1036 * xi ** 4)
  )
}

/** the airfoil loop of a station: TE, upper surface to LE, lower surface back; v = loop fraction */
export function airfoil(st: Station, K = 12): { pts: Vec3[]; v: number[] } {
  const n: Vec3 = [0, -Math.sin(st.roll), Math.cos(st.roll)]
  const pts: Vec3[] = []
  const v: number[] = []
  const cam = st.camber ?? 0
  for (let j = 0; j < 2 * K; j++) {
    const upper = j <= K
    const k = upper ? K - j : j - K
    const xi = (1 - Math.cos((Math.PI * k) / K)) / 2
    const t = halfThickness(xi) * st.thick * st.chord
    const c = cam * st.chord * 4 * xi * (1 - xi)
    const off = (upper ? t : -t) + c
    pts.push([st.le[0] + xi * st.chord, st.le[1] + n[1] * off, st.le[2] + n[2] * off])
    v.push(j / (2 * K))
  }
  return { pts, v }
}

/**
 * Build a surface from stations; mirror = also the left-hand copy (y negated). u = span fraction.
 * tip: close the last station with a flat cap.
 */
export function buildSurface(
  mb: MeshBuilder,
  stations: Station[],
  mat: Mat,
  opts: {
    mirror?: boolean
    tip?: boolean
    rootCap?: boolean
    yScale?: number
    plate?: boolean
  } = {},
): void {
  // a plate (a door, an antenna) needs no airfoil: a diamond section, a dozen triangles
  const loops = stations.map((st) => airfoil(st, opts.plate ? 2 : K))
  const ys = opts.yScale ?? 1
  const sides = opts.mirror ? [1, -1] : [1]
  for (const side of sides) {
    const part = mb.newPart()
    const pts = loops.map((l) => l.pts.map((p): Vec3 => [p[0], p[1] * ys * side, p[2]]))
    const uvs = loops.map((l, i) =>
      l.v.map((v): [number, number] => [i / Math.max(1, loops.length - 1), v]),
    )
    mb.grid(pts, uvs, 'loop', mat, part)
    if (opts.tip) {
      const last = pts[pts.length - 1]
      const prev = pts[pts.length - 2]
      mb.cap(last, spanDir(prev, last), [1, 0.5], mat, part)
    }
    if (opts.rootCap) {
      mb.cap(pts[0], spanDir(pts[1], pts[0]), [0, 0.5], mat, part)
    }
  }
}

function spanDir(a: Vec3[], b: Vec3[]): Vec3 {
  let x = 0,
    y = 0,
    z = 0
  for (let i = 0; i < a.length; i++) {
    x += b[i][0] - a[i][0]
    y += b[i][1] - a[i][1]
    z += b[i][2] - a[i][2]
  }
  return [x, y, z]
}

/** max |y| that a set of stations reaches (to normalise the span exactly) */
export function maxY(stations: Station[]): number {
  let m = 0
  for (const st of stations) for (const p of airfoil(st).pts) m = Math.max(m, Math.abs(p[1]))
  return m
}
