/**
 * The aircraft renderer: a render spec in, an RGBA canvas and framing metadata out.
 * Pure and deterministic (same spec, same bytes): no I/O at render time, geometry from the Plane
 * record plus assets/shapes.json, a software rasteriser with supersampled coverage.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas'
import type { Angle, Gear, LiveryDesign, Plane } from '../catalog/types'
import { perspectiveWeights, projectToPixels, viewOf, type View } from './raster/camera'
import { throughLens } from './raster/lens'
import { detailFor, panelsFor, type Detail } from './parts/detail'
import {
  MODEL_CACHE_BYTES,
  limitModelCache,
  modelCacheStats,
  modelOf,
  type Model,
} from './parts/model'
import { schemeOf } from './paint/scheme'
import { limitTextureCache, textures, type Surfaces } from './textures'
import { rasterize, type Band } from './raster/raster'
import { neighbours, viewFaces, type ViewFaces } from './faces'
import { makeShader } from './raster/shade'
import { lightOf, type LightBake } from './light/bake'
import type { Texture } from './raster/texture'
import type { Mesh } from './parts/mesh'
import { drawBounds, measure, type DrawBounds, type ViewBounds } from './measure'

export interface RenderSpec {
  plane: Plane
  livery: LiveryDesign | null // null = blank, unpainted, no titles
  angle: Angle
  gear: Gear
  width: number
  height: number // output canvas size in px (transparent background)
  /**
   * degrees nose-up (negative: nose-down) about the aircraft's lateral axis through the fuselage
   * centre, in 3D, seen from `angle`; none at `top` (decisions.md). View-plane metres, bounds and
   * placement are those of the pitched aircraft (measure(plane, angle, gear, pitch))
   */
  pitch?: number
  /** where to draw: view-plane metres -> pixels, px = originX + x / metresPerPixel, py = originY - y / metresPerPixel */
  placement?: { metresPerPixel: number; originX: number; originY: number }
  /** without placement: fit the whole aircraft (contain) inside the canvas less marginPx on each side, centred */
  marginPx?: number
  /**
   * draw only this band of interleaved row strips (a picture split between threads, each
   * drawing its band into one shared buffer); the bbox is then the band's own
   */
  band?: Band
  /** write into this buffer (width x height x 4, transparent where nothing is drawn) instead of a new one */
  into?: Uint8ClampedArray
  /**
   * `into` holds a picture already (straight alpha): the aircraft is drawn over it, its edges
   * blended exactly as pixels/raster.ts alphaOver would blend this render's own pixels
   */
  over?: boolean
  /** the livery's textures for this spec, painted already (texturesFor); painted here when absent */
  textures?: Surfaces
  /** how finely surfaces are cut; by default from the drawn size (detailFor) */
  detail?: Detail
  /**
   * the model's geometry for this spec, prepared already (geometryFor): a render thread is
   * handed it in shared memory instead of building and caching models of its own
   */
  geometry?: Geometry
}

/** what a render reads of a model, for one spec: all of it in shared memory, none of it copied per thread */
export interface Geometry {
  mesh: Mesh
  bounds: DrawBounds
  adj: Int32Array
  faces: ViewFaces
  chevrons: boolean
  /** the sun's shadow map and the sky's occlusion per vertex (light/bake.ts) */
  light: LightBake
}

export type { Band, Detail, Surfaces, Texture, ViewBounds }
export { measure }

export interface RenderResult {
  canvas: Canvas
  /** the same picture as straight (unpremultiplied) RGBA, width x height, for callers that composite or encode raw pixels */
  pixels: Uint8ClampedArray
  bbox: { x: number; y: number; width: number; height: number } // aircraft's pixel bounding box on the canvas
  fuselageCentre: { x: number; y: number } // px
  groundLineY: number // px
  metresPerPixel: number
}

/** contain-fit placement for a spec without one */
function fit(
  b: DrawBounds,
  W: number,
  H: number,
  margin: number,
): { metresPerPixel: number; originX: number; originY: number } {
  const aw = Math.max(1, W - 2 * margin)
  const ah = Math.max(1, H - 2 * margin)
  const mpp = Math.max((b.maxX - b.minX) / aw, (b.maxY - b.minY) / ah)
  return {
    metresPerPixel: mpp,
    originX: W / 2 - (b.minX + b.maxX) / 2 / mpp,
    originY: H / 2 + (b.minY + b.maxY) / 2 / mpp,
  }
}

/**
 * smaller bounds for this thread's model and texture caches: a render thread prepares pictures
 * only under a flood of compositions, and whatever it holds, the request thread may hold too
 */
export function limitCaches(bytes: { models: number; textures: number }): void {
  limitModelCache(bytes.models)
  limitTextureCache(bytes.textures)
}

/** where a spec draws: its placement, or the contain-fit of the whole aircraft */
function placementOf(
  spec: RenderSpec,
  b: DrawBounds,
  W: number,
  H: number,
): NonNullable<RenderSpec['placement']> {
  return spec.placement ?? fit(b, W, H, spec.marginPx ?? 0)
}

/** the textures render(spec) samples (cached), for a caller that hands them to several threads */
export function texturesFor(spec: RenderSpec): Surfaces {
  const { model, mpp } = surfaceScale(spec)
  return textures(model, spec.livery, mpp)
}

/** the model a spec's textures are painted for, and its metres per pixel */
function surfaceScale(spec: RenderSpec): { model: Model; mpp: number } {
  const W = Math.max(1, Math.round(spec.width))
  const H = Math.max(1, Math.round(spec.height))
  const pl = placementOf(spec, measure(spec.plane, spec.angle, spec.gear, spec.pitch), W, H)
  return { model: modelOf(spec.plane, spec.gear), mpp: pl.metresPerPixel }
}

// projected vertices, reused across calls (render is synchronous and keeps none of them):
// fresh arrays per picture cost the collector and page faults
let projected = new Float64Array(0)
let perVertex = new Float64Array(0)
const weights = (nv: number) =>
  (perVertex.length < nv ? (perVertex = new Float64Array(nv)) : perVertex).subarray(0, nv)

/**
 * builds a model and its edge adjacency ahead of its first render, if the model cache has room
 * to spare (a quarter of it is left for what traffic brings); false when it had none
 */
export function prebuildModel(plane: Plane, gear: Gear, detail: Detail): boolean {
  if (modelCacheStats().bytes > MODEL_CACHE_BYTES * 0.75) return false
  const model = modelOf(plane, gear, detail)
  neighbours(model)
  lightOf(model, detail)
  return true
}

/** the geometry render(spec) reads (models built or taken from the cache), for a caller that hands it to threads */
export function geometryFor(spec: RenderSpec): Geometry {
  return prepare(spec).geometry
}

function prepare(spec: RenderSpec) {
  const W = Math.max(1, Math.round(spec.width))
  const H = Math.max(1, Math.round(spec.height))
  const view: View = viewOf(spec.angle, spec.pitch)
  const b =
    spec.geometry?.bounds ?? drawBounds(measure(spec.plane, spec.angle, spec.gear, spec.pitch))
  const pl = placementOf(spec, b, W, H)
  if (spec.geometry) return { W, H, view, pl, model: null, geometry: spec.geometry }
  const detail = spec.detail ?? detailFor(spec.plane.lengthM / pl.metresPerPixel)
  const model = modelOf(spec.plane, spec.gear, detail)
  const geometry: Geometry = {
    mesh: model.mesh,
    bounds: b,
    adj: neighbours(model),
    faces: viewFaces(model, spec.angle, spec.pitch ?? 0, b.camera),
    chevrons: !!model.shape.engines.chevrons,
    light: lightOf(model, detail),
  }
  return { W, H, view, pl, model, geometry }
}

/** a skia canvas holding straight RGBA pixels (for callers that draw on a picture) */
export function canvasOf(pixels: Uint8ClampedArray, W: number, H: number): Canvas {
  const canvas = createCanvas(W, H)
  const ctx = canvas.getContext('2d')
  const img = ctx.createImageData(W, H)
  img.data.set(pixels)
  ctx.putImageData(img, 0, 0)
  return canvas
}

export function render(spec: RenderSpec): RenderResult {
  const { W, H, view, pl, model, geometry } = prepare(spec)
  const b = geometry.bounds
  const mpp = pl.metresPerPixel
  const mesh = geometry.mesh
  const nv = mesh.pos.length / 3
  if (projected.length < 3 * nv) projected = new Float64Array(3 * nv)
  const sx = projected.subarray(0, nv)
  const sy = projected.subarray(nv, 2 * nv)
  const sz = projected.subarray(2 * nv, 3 * nv)
  projectToPixels(b.camera, mesh.pos, pl, sx, sy, sz)
  const {
    fuselage: fus,
    fin,
    nacelle,
    winglet,
  } = spec.textures ?? textures(model ?? modelOf(spec.plane, spec.gear), spec.livery, mpp)
  const scheme = schemeOf(spec.livery)
  const vf = geometry.faces
  const shade = throughLens(
    makeShader({
      mesh,
      view,
      sx,
      sy,
      scheme,
      fuselage: fus,
      fin,
      nacelle,
      winglet,
      chevrons: geometry.chevrons,
      skip: vf.skip,
      panels: panelsFor(spec.plane.lengthM / mpp),
      light: geometry.light,
    }),
    {
      mesh,
      sx,
      sy,
      weights: perspectiveWeights(b.camera, mesh.pos, weights(nv)),
      fuselage: fus,
      fin,
      nacelle,
      skip: vf.skip,
    },
  )
  if (spec.into && spec.into.length !== W * H * 4)
    throw new RangeError(`render: into holds ${spec.into.length} bytes, not ${W} x ${H} x 4`)
  const pixels = spec.into ?? new Uint8ClampedArray(W * H * 4)
  // more coverage samples where pixels are few (edges show most at small sizes)
  const ss = W * H <= 1_100_000 ? 4 : W * H <= 4_000_000 ? 3 : 2
  const bbox = rasterize(
    {
      sx,
      sy,
      sz,
      idx: mesh.idx,
      part: mesh.part,
      skip: vf.skip,
      adj: geometry.adj,
      code: vf.code,
      contour: vf.contour,
    },
    W,
    H,
    ss,
    shade,
    pixels,
    spec.band,
    spec.over === true && spec.into !== undefined,
  )
  // the canvas is made on first use: compositing and encoding work on the raw pixels
  let canvas: Canvas | undefined
  return {
    get canvas() {
      canvas ??= canvasOf(pixels, W, H)
      return canvas
    },
    pixels,
    bbox,
    fuselageCentre: {
      x: pl.originX + b.fuselageCentre.x / mpp,
      y: pl.originY - b.fuselageCentre.y / mpp,
    },
    groundLineY: pl.originY - b.groundY / mpp,
    metresPerPixel: mpp,
  }
}
