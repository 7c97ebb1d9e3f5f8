/**
 * Cameras for the 10 angles (decisions.md): azimuth measured from the nose towards the right
 * (starboard) side; oblique angles look down a little so the wing planform reads, and are seen
 * through a lens (Camera below); the level views and the top are orthographic.
 * Model axes: x backwards from the nose, y starboard, z up. View: r = image right, u = image up,
 * d = towards the camera (larger = nearer).
 * A pitch turns the aircraft about its lateral axis (y) through the fuselage centre; that is the
 * camera turned the other way about the same axis, so a pitched view is the angle's view with its
 * axes turned: exactly, through a lens too, since a lens looks at the fuselage centre (Camera);
 * orthographic, the picture moves only by a constant offset, which framing absorbs (it places
 * the pitched silhouette as measured).
 */
import type { Angle } from '../../catalog/types'
import type { Vec3 } from '../parts/mesh'

export interface View {
  r: Vec3
  u: Vec3
  d: Vec3
}

const ELEVATION_DEG = 13
// the rear quarters from a lower eye: through the lens, an eye as high as the front quarters' puts
// a wide-body's near wingtip below its wheels, and align=bottom stands the aircraft on its wheels
const REAR_ELEVATION_DEG = 7
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
  const c = Math.cos(a),
    s = Math.sin(a)
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
    const e = level
      ? 0
      : ((angle === '135' || angle === '225' ? REAR_ELEVATION_DEG : ELEVATION_DEG) * Math.PI) / 180
    const d: Vec3 = comb(
      Math.cos(e) * Math.cos(phi),
      FWD,
      Math.cos(e) * Math.sin(phi),
      RIGHT,
      Math.sin(e),
      UP,
    )
    const r: Vec3 = comb(Math.sin(phi), FWD, -Math.cos(phi), RIGHT, 0, UP)
    const u: Vec3 = [
      d[1] * r[2] - d[2] * r[1],
      d[2] * r[0] - d[0] * r[2],
      d[0] * r[1] - d[1] * r[0],
    ]
    v = { r: clean(r), u: clean(u), d: clean(d) }
  }
  cache.set(angle, v)
  return v
}

function comb(a: number, A: Vec3, b: number, B: Vec3, c: number, C: Vec3): Vec3 {
  return [
    a * A[0] + b * B[0] + c * C[0],
    a * A[1] + b * B[1] + c * C[1],
    a * A[2] + b * B[2] + c * C[2],
  ]
}

/** exact zeros for level views (cos 90deg is 6e-17), so measured bounds are exact too */
function clean(v: Vec3): Vec3 {
  return v.map((x) => (Math.abs(x) < 1e-12 ? 0 : x)) as Vec3
}

/**
 * A camera: a view's axes, the point it looks at (the fuselage centre, which a pitch turns the
 * aircraft about) and the eye's distance from it along d; Infinity is orthographic.
 * The oblique views are seen through a lens, as a photograph from beside the apron would be (the
 * near engine larger than the far one, the nose growing towards the camera); the level views and
 * the top view stay orthographic, true to the dimensions they are measured by.
 * A point projects to view metres (x, y) scaled about the centre by dist / (dist - depth): at the
 * centre's depth a metre is a metre in every view, so framing, fleet scale and pitch read the
 * same numbers, and placement stays one linear map from view metres to pixels.
 */
export interface Camera extends View {
  centre: Vec3
  dist: number
}

/** focal length (35 mm film equivalent) and how much of the frame's width the aircraft's largest dimension fills */
export const LENS_MM = 60
const FRAME_MM = 36
const FILL = 0.85

/** whether an angle is seen through the lens (the oblique views) */
export function inPerspective(angle: Angle): boolean {
  return angle !== 'top' && angle !== '0' && angle !== '90' && angle !== '180' && angle !== '270'
}

/** the camera of an angle and pitch for an aircraft of largest dimension `size` metres centred at `centre` */
export function cameraOf(angle: Angle, pitchDeg: number, centre: Vec3, size: number): Camera {
  const v = viewOf(angle, pitchDeg)
  const dist = inPerspective(angle) ? (LENS_MM / (FRAME_MM * FILL)) * size : Infinity
  return { r: v.r, u: v.u, d: v.d, centre, dist }
}

/**
 * the mesh's vertices (flat x, y, z) in view metres: xs, ys (y up) and depth zs (larger =
 * nearer; affine across a triangle's screen image, as a depth buffer needs, and in metres near
 * the centre's depth). Orthographic cameras project exactly as before: x . r, y . u, depth x . d
 */
export function projectAll(
  cam: View | Camera,
  pos: ArrayLike<number>,
  xs: Float64Array,
  ys: Float64Array,
  zs?: Float64Array,
): void {
  const { r, u, d } = cam
  const n = pos.length / 3
  const dist = 'dist' in cam ? cam.dist : Infinity
  if (!(dist < Infinity)) {
    for (let i = 0; i < n; i++) {
      const x = pos[3 * i],
        y = pos[3 * i + 1],
        z = pos[3 * i + 2]
      xs[i] = x * r[0] + y * r[1] + z * r[2]
      ys[i] = x * u[0] + y * u[1] + z * u[2]
      if (zs) zs[i] = x * d[0] + y * d[1] + z * d[2]
    }
    return
  }
  const c = (cam as Camera).centre
  const cx = c[0] * r[0] + c[1] * r[1] + c[2] * r[2],
    cy = c[0] * u[0] + c[1] * u[1] + c[2] * u[2]
  for (let i = 0; i < n; i++) {
    const x = pos[3 * i] - c[0],
      y = pos[3 * i + 1] - c[1],
      z = pos[3 * i + 2] - c[2]
    const depth = x * d[0] + y * d[1] + z * d[2]
    const s = dist / (dist - depth)
    xs[i] = cx + (x * r[0] + y * r[1] + z * r[2]) * s
    ys[i] = cy + (x * u[0] + y * u[1] + z * u[2]) * s
    if (zs) zs[i] = depth * s
  }
}

/** a point's view metres, as projectAll */
export function projectPoint(cam: View | Camera, p: Vec3): { x: number; y: number } {
  const xs = new Float64Array(1),
    ys = new Float64Array(1)
  projectAll(cam, p, xs, ys)
  return { x: xs[0], y: ys[0] }
}

/**
 * per vertex, how much nearer than the centre's depth it is in scale (dist / (dist - depth)):
 * the weights that make interpolation across a triangle's screen image perspective-correct; null
 * for an orthographic camera
 */
export function perspectiveWeights(
  cam: View | Camera,
  pos: ArrayLike<number>,
  out: Float64Array,
): Float64Array | null {
  const dist = 'dist' in cam ? cam.dist : Infinity
  if (!(dist < Infinity)) return null
  const { d } = cam
  const c = (cam as Camera).centre
  const n = pos.length / 3
  for (let i = 0; i < n; i++)
    out[i] =
      dist /
      (dist -
        ((pos[3 * i] - c[0]) * d[0] +
          (pos[3 * i + 1] - c[1]) * d[1] +
          (pos[3 * i + 2] - c[2]) * d[2]))
  return out
}

/** the mesh's vertices in pixels of a placement (view metres -> px, y down), and their depth */
export function projectToPixels(
  cam: Camera,
  pos: ArrayLike<number>,
  pl: { metresPerPixel: number; originX: number; originY: number },
  sx: Float64Array,
  sy: Float64Array,
  sz: Float64Array,
): void {
  projectAll(cam, pos, sx, sy, sz)
  const k = 1 / pl.metresPerPixel
  for (let i = 0; i < sx.length; i++) {
    sx[i] = pl.originX + sx[i] * k
    sy[i] = pl.originY - sy[i] * k
  }
}
