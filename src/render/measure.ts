/**
 * What an aircraft covers seen from an angle (and a pitch), in view metres: its extents, the
 * fuselage centre and ground line, and on demand the silhouette's hull and strip profile. Cached:
 * composition measures before it draws, and measures the fleet reference too.
 */
import type { Angle, Gear, Plane } from '../catalog/types'
import { modelOf } from './parts/model'
import { cameraOf, projectAll, projectPoint, type Camera } from './raster/camera'
import { projectedHull, projectedProfile, type Profile } from './silhouette'

export interface ViewBounds {
  minX: number
  maxX: number
  minY: number
  maxY: number
  fuselageCentre: { x: number; y: number } // projected centre of the fuselage (the pitch axis passes through it)
  groundY: number // y of the main-gear ground contact; with gear up, where it would be
  /** the drawn silhouette: convex hull of the projected vertices, flat [x0, y0, x1, y1, ...], view metres (y up) */
  hull: number[]
  /** the drawn silhouette strip by strip (silhouette.ts Profile): what of it a crop window keeps */
  profile: Profile
  /** the camera these were measured with (render projects by it too: plain data, handed to render threads) */
  camera: Camera
}

/**
 * what drawing reads of a view's bounds: plain fields only. The silhouette (hull, profile) is made
 * on first use for framing; a structured clone reads every getter, so bounds posted to a render
 * thread with it would make the silhouette on the posting thread, for a thread that never reads it
 */
export type DrawBounds = Omit<ViewBounds, 'hull' | 'profile'>

export const drawBounds = (b: DrawBounds): DrawBounds => ({
  minX: b.minX,
  maxX: b.maxX,
  minY: b.minY,
  maxY: b.maxY,
  fuselageCentre: b.fuselageCentre,
  groundY: b.groundY,
  camera: b.camera,
})

const boundsCache = new Map<string, ViewBounds>()

/** the aircraft's extents seen from `angle`, pitched nose-up by `pitch` degrees */
export function measure(plane: Plane, angle: Angle, gear: Gear, pitch = 0): ViewBounds {
  const key = `${JSON.stringify(plane)}${angle}${gear}${angle === 'top' ? 0 : pitch}`
  const hit = boundsCache.get(key)
  if (hit) return hit
  let hull: number[] | undefined
  let profile: Profile | undefined
  const m = modelOf(plane, gear)
  const v = cameraOf(
    angle,
    angle === 'top' ? 0 : pitch,
    m.centre,
    Math.max(plane.lengthM, plane.wingspanM),
  )
  const p = m.mesh.pos
  const nv = p.length / 3
  const xs = new Float64Array(nv),
    ys = new Float64Array(nv)
  projectAll(v, p, xs, ys)
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity
  for (let i = 0; i < nv; i++) {
    const x = xs[i],
      y = ys[i]
    if (x < minX) minX = x
    if (x > maxX) maxX = x
    if (y < minY) minY = y
    if (y > maxY) maxY = y
  }
  const b: ViewBounds = {
    minX,
    maxX,
    minY,
    maxY,
    fuselageCentre: projectPoint(v, m.centre),
    groundY: projectPoint(v, m.ground).y,
    camera: v,
    // made on first use (pre-rendered views never need them; a fill's framing reads the profile)
    get hull() {
      return (hull ??= projectedHull(modelOf(plane, gear).mesh.pos, v))
    },
    get profile() {
      const mesh = modelOf(plane, gear).mesh
      return (profile ??= projectedProfile(mesh.pos, mesh.idx, v))
    },
  }
  if (boundsCache.size > 2048) boundsCache.clear()
  boundsCache.set(key, b)
  return b
}
