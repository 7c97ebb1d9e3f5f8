/**
 * Orthographic cameras for the 10 angles (decisions.md): azimuth measured from the nose towards the
 * right (starboard) side; oblique angles look down a little so the wing planform reads.
 * Model axes: x backwards from the nose, y starboard, z up. View: r = image right, u = image up,
 * d = towards the camera (larger = nearer).
 * A pitch turns the aircraft about its lateral axis (y) through the fuselage centre; for an
 * orthographic camera that is the camera turned the other way about the same axis, so a pitched
 * view is the angle's view with its axes turned (the picture moves only by a constant offset,
 * which framing absorbs: it places the pitched silhouette as measured).
 */
import type { Angle } from '../../catalog/types'
import type { Vec3 } from '../parts/mesh'

export interface View {
  r: Vec3
  u: Vec3
  d: Vec3
}

const ELEVATION_DEG = 13
const FWD: Vec3 = [-1, 0, 0]
const RIGHT: Vec3 = [0, 1, 0]
const UP: Vec3 = [0, 0, 1]

const cache = new Map<Angle, View>()
// pitched views, oldest first out: the same object for the same pitch, so per-view caches hit
const pitched = new Map<string, View>()
const PITCHED_KEPT = 32

/** the camera of an angle, with the aircraft pitched nose-up by `pitchDeg` (none at top: decisions.md) */
export function viewOf(angle: Angle, pitchDeg = 0): View {
  if (!pitchDeg || angle === 'top') return unpitchedView(angle)
  const key = `${angle} ${pitchDeg}`
  let v = pitched.get(key)
  if (v) return v
  v = turned(unpitchedView(angle), (pitchDeg * Math.PI) / 180)
  pitched.set(key, v)
  if (pitched.size > PITCHED_KEPT) pitched.delete(pitched.keys().next().value!)
  return v
}

/**
 * a view of the aircraft turned nose-up by `a` about y: projecting the turned point R p on an axis
 * w equals projecting p on R^T w. Nose-up moves the nose (x < 0) up (z > 0): R = [[c,0,s],[0,1,0],[-s,0,c]]
 */
function turned(v: View, a: number): View {
  const c = Math.cos(a), s = Math.sin(a)
  const t = (w: Vec3): Vec3 => [c * w[0] - s * w[2], w[1], s * w[0] + c * w[2]]
  return { r: t(v.r), u: t(v.u), d: t(v.d) }
}

function unpitchedView(angle: Angle): View {
  let v = cache.get(angle)
  if (v) return v
  if (angle === 'top') {
    // looking straight down, nose to the top of the image
    v = { r: RIGHT, u: FWD, d: UP }
  } else {
    const phi = (Number(angle) * Math.PI) / 180
    const level = angle === '0' || angle === '90' || angle === '180' || angle === '270'
    const e = level ? 0 : (ELEVATION_DEG * Math.PI) / 180
    const d: Vec3 = comb(Math.cos(e) * Math.cos(phi), FWD, Math.cos(e) * Math.sin(phi), RIGHT, Math.sin(e), UP)
    const r: Vec3 = comb(Math.sin(phi), FWD, -Math.cos(phi), RIGHT, 0, UP)
    const u: Vec3 = [d[1] * r[2] - d[2] * r[1], d[2] * r[0] - d[0] * r[2], d[0] * r[1] - d[1] * r[0]]
    v = { r: clean(r), u: clean(u), d: clean(d) }
  }
  cache.set(angle, v)
  return v
}

function comb(a: number, A: Vec3, b: number, B: Vec3, c: number, C: Vec3): Vec3 {
  return [a * A[0] + b * B[0] + c * C[0], a * A[1] + b * B[1] + c * C[1], a * A[2] + b * B[2] + c * C[2]]
}

/** exact zeros for level views (cos 90deg is 6e-17), so measured bounds are exact too */
function clean(v: Vec3): Vec3 {
  return v.map((x) => (Math.abs(x) < 1e-12 ? 0 : x)) as Vec3
}
