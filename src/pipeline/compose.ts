/**
 * On-the-fly composition, as a literal list of steps: canvas -> background ->
 * framing -> aircraft (with pitch) -> watermark -> PNG. The aircraft is rendered
 * at the output's own scale, so a 4096-wide image is as sharp as a 4096 render.
 */
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas'
import type { Catalog } from '../catalog/load'
import type { Plane } from '../catalog/types'
import type { ImageOptions } from '../params/image-options'
import { cssColour } from '../params/colour'
import { gradientLine } from '../params/gradient'
import type { Decision } from './cascade'
import { planFrame, type Frame } from './frame'
import type { Renderer } from './renderer'
import { drawWatermark } from './watermark'

export interface ComposeRequest {
  decision: Decision
  options: ImageOptions
  referencePlane: Plane
  watermark: boolean
}

export interface Composition {
  canvas: Canvas
  frame: Frame
}

function canvasStep(width: number) {
  const canvas = createCanvas(width, Math.round((width * 9) / 16))
  return { canvas, ctx: canvas.getContext('2d') }
}

function backgroundStep(ctx: SKRSContext2D, width: number, height: number, options: ImageOptions['compose']) {
  const { gradient, background } = options
  if (gradient) {
    const l = gradientLine(gradient.angleDeg, width, height)
    const fill = ctx.createLinearGradient(l.x0, l.y0, l.x1, l.y1)
    for (const stop of gradient.stops) fill.addColorStop(stop.offset, cssColour(stop.colour))
    ctx.fillStyle = fill
    ctx.fillRect(0, 0, width, height)
  } else if (background) {
    ctx.fillStyle = cssColour(background)
    ctx.fillRect(0, 0, width, height)
  }
}

export function planComposition(renderer: Renderer, req: ComposeRequest, width: number, height: number): Frame {
  const { decision, options } = req
  return planFrame({
    width,
    height,
    bounds: renderer.measure(decision.plane, decision.angle, decision.gear),
    angle: decision.angle,
    zoomType: options.render.zoomType,
    zoomLevel: options.render.zoomLevel,
    marginPercent: options.render.marginPercent,
    scale: options.compose.scale,
    referenceLengthM: req.referencePlane.lengthM,
    planeLengthM: decision.plane.lengthM,
    pitch: options.compose.pitch,
    align: options.compose.align,
  })
}

function aircraftStep(renderer: Renderer, ctx: SKRSContext2D, req: ComposeRequest, frame: Frame, width: number, height: number) {
  const { canvas: layer } = renderer.render({
    plane: req.decision.plane,
    livery: req.decision.livery.design,
    angle: req.decision.angle,
    gear: req.decision.gear,
    width,
    height,
    placement: { metresPerPixel: frame.metresPerPixel, originX: frame.originX, originY: frame.originY },
  })
  ctx.save()
  if (frame.rotation) {
    ctx.translate(frame.pivot.x, frame.pivot.y)
    ctx.rotate(frame.rotation)
    ctx.translate(-frame.pivot.x, -frame.pivot.y)
  }
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(layer, 0, 0)
  ctx.restore()
}

export function compose(renderer: Renderer, req: ComposeRequest): Composition {
  const width = req.options.render.width
  const { canvas, ctx } = canvasStep(width)
  const height = canvas.height
  backgroundStep(ctx, width, height, req.options.compose)
  const frame = planComposition(renderer, req, width, height)
  aircraftStep(renderer, ctx, req, frame, width, height)
  if (req.watermark) drawWatermark(ctx, width, height)
  return { canvas, frame }
}

export function referencePlaneFor(catalog: Catalog, options: ImageOptions): Plane {
  return (options.compose.referencePlane && catalog.plane(options.compose.referencePlane)) || catalog.largestPlane()
}
