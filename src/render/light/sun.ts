/**
 * The daylight the aircraft stands in, fixed to the aircraft (model axes: x backwards from the
 * nose, y starboard, z up), not to the camera: a sun high on the front right, so the default view
 * (90, the right side) and the front quarter are sunlit while the left side and the tail views
 * stand in the sky's light. Every view of one aircraft then shows one consistent scene.
 */
import type { Vec3 } from '../parts/mesh'
import type { View } from '../raster/camera'

const ELEVATION = (40 * Math.PI) / 180
// from the nose towards the right wing
const AZIMUTH = (50 * Math.PI) / 180

/** unit vector towards the sun, model axes */
export const SUN: Vec3 = [
  -Math.cos(ELEVATION) * Math.cos(AZIMUTH),
  Math.cos(ELEVATION) * Math.sin(AZIMUTH),
  Math.sin(ELEVATION),
]

/** the sun's colour times its strength, linear (a little warm: afternoon light, not noon) */
export const SUN_RGB: Vec3 = [3.1, 2.95, 2.7]

/** the sun, the zenith and the viewer in a view's axes (x right, y up, z towards the camera) */
export interface ViewLight {
  sun: Vec3
  up: Vec3
  /** half vector between the sun and the viewer (the viewer is +z: the projection is orthographic) */
  half: Vec3
}

const lights = new WeakMap<View, ViewLight>()

export function viewLight(view: View): ViewLight {
  let l = lights.get(view)
  if (l) return l
  const toView = (w: Vec3): Vec3 => [dot(w, view.r), dot(w, view.u), dot(w, view.d)]
  const sun = toView(SUN)
  l = { sun, up: toView([0, 0, 1]), half: unit([sun[0], sun[1], sun[2] + 1]) }
  lights.set(view, l)
  return l
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

function unit(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1
  return [v[0] / l, v[1] / l, v[2] / l]
}
