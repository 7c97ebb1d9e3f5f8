/**
 * On-the-fly composition, as a literal list of steps: canvas -> framing ->
 * aircraft (with pitch) and background -> watermark -> PNG. The aircraft is rendered
 * at the output's own scale, so a 4096-wide image is as sharp as a 4096 render, and
 * pitched in 3D by the renderer: framing measures the pitched aircraft it will draw.
 */
import type { Catalog } from '../../catalog/load'
import type { Plane } from '../../catalog/types'
import type { ImageOptions } from '../../params/image-options'
import type { Decision } from './cascade'
import { planFrame, type Frame } from './frame'
import { encode } from '../pixels/encode'
import { PixelBuffers } from '../../memory/pixel-buffers'
import type { Raster } from '../pixels/raster'
import type { Renderer } from '../pixels/renderer'
import type { GroundShadow, Underlay } from '../pixels/underlay'
import { watermark } from '../pixels/watermark'

export interface ComposeRequest {
  decision: Decision
  options: ImageOptions
  referencePlane: Plane
  watermark: boolean
  /** the framing, when the caller planned it already (it needs the applied alignment for its headers) */
  frame?: Frame
}

export interface Composition {
  raster: Raster
  frame: Frame
  /** hands the raster's memory back for the next composition: call once it is encoded, then leave it */
  release(): void
}

/** without a pool of its own, a composition's buffers are simply left to the collector */
const unpooled = new PixelBuffers(0)

/** every image is width wide and 16:9 */
export const canvasSize = (width: number) => ({ width, height: Math.round((width * 9) / 16) })

/** what is painted under the aircraft, or null for a transparent background without a ground shadow */
function underlayOf(
  options: ImageOptions['compose'],
  shadow: GroundShadow | null,
): Underlay | null {
  const more = shadow ? { shadow } : {}
  if (options.gradient) return { gradient: options.gradient, ...more }
  if (options.background) return { colour: options.background, ...more }
  return shadow ? { transparent: true, shadow } : null
}

/**
 * shadow=ground: a soft ellipse on the line the gear stands on (with the gear up, where it would),
 * as long as the aircraft is drawn; seen from the side the ground is edge-on and the shadow a thin
 * band, from the oblique views (13 degrees down) a flatter ellipse, from above a wide one
 */
function groundShadowOf(
  renderer: Renderer,
  req: ComposeRequest,
  frame: Frame,
): GroundShadow | null {
  if (req.options.compose.shadow !== 'ground') return null
  const { plane, angle } = req.decision
  const b = renderer.measure(plane, angle, 'down', req.options.compose.pitch)
  const mpp = frame.metresPerPixel
  const rx = (0.46 * (b.maxX - b.minX)) / mpp
  const x = frame.originX + (b.minX + b.maxX) / 2 / mpp
  // from above, the shadow falls a little aft and to the left, away from the sun (render/light/sun.ts)
  if (angle === 'top')
    return {
      x: x - 0.05 * rx,
      y: frame.originY - b.fuselageCentre.y / mpp + 0.05 * rx,
      rx,
      ry: (0.4 * (b.maxY - b.minY)) / mpp,
      opacity: 0.2,
    }
  const level = angle === '0' || angle === '90' || angle === '180' || angle === '270'
  return {
    x,
    y: frame.originY - b.groundY / mpp,
    rx,
    ry: Math.max(3, rx * (level ? 0.035 : 0.16)),
    opacity: 0.4,
  }
}

export function planComposition(renderer: Renderer, req: ComposeRequest): Frame {
  const { decision, options } = req
  const { width, height } = canvasSize(options.render.width)
  const { pitch, scale, align } = options.compose
  // align=bottom stands the aircraft on the line its gear touches; with the gear up, on the line
  // it would touch (decisions.md): framed as with the gear down, so it does not drop by the gear's height
  const gear = align === 'bottom' ? 'down' : decision.gear
  return planFrame({
    width,
    height,
    bounds: renderer.measure(decision.plane, decision.angle, gear, pitch),
    zoomType: options.render.zoomType,
    zoomLevel: options.render.zoomLevel,
    marginPercent: options.render.marginPercent,
    scale,
    referenceLengthM: req.referencePlane.lengthM,
    reference:
      scale === 'fleet'
        ? renderer.measure(req.referencePlane, decision.angle, gear, pitch)
        : undefined,
    align,
  })
}

/**
 * the aircraft drawn at the output's scale and pitch (no resampling): over its background,
 * painted first into the same canvas (the renderer's underlay), or on a transparent one
 */
function aircraftStep(
  renderer: Renderer,
  req: ComposeRequest,
  frame: Frame,
  width: number,
  height: number,
  buffers: PixelBuffers,
  callerDraws: boolean,
) {
  const underlay = underlayOf(req.options.compose, groundShadowOf(renderer, req, frame))
  return renderer.render(
    {
      // a background paints every pixel: only a transparent canvas needs clearing
      into: buffers.take(width * height * 4, underlay === null),
      plane: req.decision.plane,
      livery: req.decision.livery.design,
      angle: req.decision.angle,
      gear: req.decision.gear,
      pitch: req.options.compose.pitch,
      width,
      height,
      placement: {
        metresPerPixel: frame.metresPerPixel,
        originX: frame.originX,
        originY: frame.originY,
      },
    },
    { callerDraws, underlay: underlay ?? undefined },
  )
}

/**
 * The background is painted first and the aircraft drawn straight over it: one canvas, not a
 * transparent one blended onto the background after (at ultra that second canvas cost 38 MB of
 * fresh memory and its blend pass about 30 ms of a first composition).
 */
export async function compose(
  renderer: Renderer,
  req: ComposeRequest,
  buffers: PixelBuffers = unpooled,
): Promise<Composition> {
  const { width, height } = canvasSize(req.options.render.width)
  const frame = req.frame ?? planComposition(renderer, req)
  const aircraft = await aircraftStep(renderer, req, frame, width, height, buffers, true)
  const raster: Raster = { width, height, pixels: aircraft.pixels }
  if (req.watermark) watermark(raster)
  return { raster, frame, release: () => buffers.give(raster.pixels) }
}

/**
 * A composition as PNG bytes. `offload` (compositions are waiting: this thread has requests to
 * answer): the render threads draw and finish it and this thread only waits. Otherwise this
 * thread takes part: it prepares the picture, draws, and finishes it itself, the fastest first
 * answer when nothing else is waiting.
 */
export async function composePng(
  renderer: Renderer,
  req: ComposeRequest,
  buffers: PixelBuffers = unpooled,
  offload = false,
): Promise<Uint8Array> {
  if (!renderer.finish || !offload) {
    const composition = await compose(renderer, req, buffers)
    const bytes = await encode(composition.raster, 'png', 'latency', renderer.fastPng)
    composition.release()
    return bytes
  }
  const { width, height } = canvasSize(req.options.render.width)
  const frame = req.frame ?? planComposition(renderer, req)
  const aircraft = await aircraftStep(renderer, req, frame, width, height, buffers, false)
  const bytes = await renderer.finish({
    width,
    height,
    pixels: aircraft.pixels,
    watermark: req.watermark,
  })
  buffers.give(aircraft.pixels)
  return bytes
}

export function referencePlaneFor(catalog: Catalog, options: ImageOptions): Plane {
  return (
    (options.compose.referencePlane && catalog.plane(options.compose.referencePlane)) ||
    catalog.largestPlane()
  )
}
