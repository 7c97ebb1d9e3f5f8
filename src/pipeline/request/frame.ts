/**
 * Framing of a composition, as pure geometry: from the aircraft's drawn silhouette in metres
 * to a scale and an origin on the canvas (zoomType, zoomLevel, margin, scale mode, pitch,
 * vertical alignment). No pixels here, so every rule is testable by numbers.
 *
 * Everything is measured on the silhouette as it will be drawn (turned by the pitch), never
 * on a rectangle around the unturned aircraft: its corners are empty sky, and an oblique view
 * seen from above reaches lower than the main-gear ground contact.
 * Nothing is cut unless `zoomType=fill` or a `zoomLevel` above 1 asks for it.
 */
import type { Angle } from '../../catalog/types'
import type { Align, ScaleMode, ZoomType } from '../../params/image-options'

export interface Bounds {
  minX: number
  maxX: number
  minY: number
  maxY: number
  fuselageCentre: { x: number; y: number }
  /** the drawn silhouette's convex hull, flat [x0, y0, ...]; without it, the rectangle above stands for it */
  hull?: readonly number[]
}

export interface FrameInput {
  width: number
  height: number
  bounds: Bounds
  angle: Angle
  zoomType: ZoomType
  zoomLevel: number
  marginPercent: number
  scale: ScaleMode
  /** real length of the fleet reference plane and of this plane, metres */
  referenceLengthM: number
  planeLengthM: number
  /** the fleet reference plane seen from the same angle with the same gear (scale=fleet) */
  reference?: Bounds
  pitch: number
  align: Align
}

export interface Frame {
  metresPerPixel: number
  originX: number
  originY: number
  /** canvas rotation in radians about the fuselage centre (pixels) */
  rotation: number
  pivot: { x: number; y: number }
  align: Align // the alignment applied (center when the requested one could not be)
}

/**
 * The safety line of align=bottom / top, as a fraction of the canvas height from that edge
 * (decisions.md: about 4%). On the aligned side it takes the place of the margin (a ground
 * line, the way a photographer puts the wheels near the bottom of the frame); the margin
 * keeps the three other sides.
 */
export const ALIGN_SAFETY = 0.04

/** Screen rotation for a nose-up pitch: the nose points right for angles 1-179, left for 181-359; none at 0, 180, top. */
export function screenRotation(angle: Angle, pitchDeg: number): number {
  if (angle === 'top' || pitchDeg === 0) return 0
  const side = Math.sign(Math.round(Math.sin((Number(angle) * Math.PI) / 180) * 1000))
  return side === 0 ? 0 : (-side * pitchDeg * Math.PI) / 180
}

interface Box {
  minX: number
  maxX: number
  minY: number
  maxY: number
}

/** Extents (metres, y up) of the silhouette turned by `rotation` about the fuselage centre. */
export function turnedExtents(b: Bounds, rotation: number): Box {
  const pts = b.hull ?? [b.minX, b.minY, b.maxX, b.minY, b.maxX, b.maxY, b.minX, b.maxY]
  if (!rotation) return { minX: b.minX, maxX: b.maxX, minY: b.minY, maxY: b.maxY }
  const { x: cx, y: cy } = b.fuselageCentre
  // metres are y-up; canvas rotation is y-down, so turn by -rotation here
  const c = Math.cos(-rotation)
  const s = Math.sin(-rotation)
  const box = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity }
  for (let i = 0; i < pts.length; i += 2) {
    const dx = pts[i] - cx
    const dy = pts[i + 1] - cy
    const x = cx + dx * c - dy * s
    const y = cy + dx * s + dy * c
    if (x < box.minX) box.minX = x
    if (x > box.maxX) box.maxX = x
    if (y < box.minY) box.minY = y
    if (y > box.maxY) box.maxY = y
  }
  return box
}

/** pixels per metre that fit a box inside w x h */
const containScale = (b: Box, w: number, h: number) => Math.min(w / (b.maxX - b.minX), h / (b.maxY - b.minY))

/** pixels per metre the scale mode and zoom ask for, never beyond what cuts nothing unless fill or zoom > 1 asks */
function scaleOf(f: FrameInput, box: Box, innerW: number, innerH: number, rotation: number): number {
  const zoom = f.zoomLevel
  // the largest scale that keeps the whole silhouette inside the margins; zoom above 1 asks to go beyond
  const uncut = containScale(box, innerW, innerH) * Math.max(1, zoom)
  if (f.scale === 'absolute') return Math.min((innerW * zoom) / (box.maxX - box.minX), uncut)
  if (f.scale === 'fleet') {
    // the reference's real length spans the inner width, unless the reference itself, seen from
    // this angle, would not fit: then it fits, and every model shares that scale
    const ref = f.reference ? containScale(turnedExtents(f.reference, rotation), innerW, innerH) : Infinity
    return Math.min(Math.min(innerW / f.referenceLengthM, ref) * zoom, uncut)
  }
  if (f.zoomType === 'fill') return Math.max(innerW / (box.maxX - box.minX), innerH / (box.maxY - box.minY)) * zoom
  return containScale(box, innerW, innerH) * zoom
}

export function planFrame(f: FrameInput): Frame {
  // at least a pixel even at marginPercent=0: an edge drawn on the canvas border reads as cut
  const margin = Math.max(1, (f.width * f.marginPercent) / 100)
  const innerW = Math.max(1, f.width - 2 * margin)
  const innerH = Math.max(1, f.height - 2 * margin)
  const b = f.bounds
  const rotation = screenRotation(f.angle, f.pitch)
  const box = turnedExtents(b, rotation)
  const pxPerM = scaleOf(f, box, innerW, innerH, rotation)

  const contentH = (box.maxY - box.minY) * pxPerM
  const safety = f.height * ALIGN_SAFETY
  // aligned, the silhouette runs from the safety line to the opposite margin; when it is taller
  // than that (zoom, fill, or a margin thinner than the safety line) it is centred instead
  let align = f.align
  if (align !== 'center' && contentH > f.height - safety - margin + 1e-6) align = 'center'

  // place the turned silhouette: horizontally centred, vertically by alignment, in pixels
  const originX = f.width / 2 - ((box.minX + box.maxX) / 2) * pxPerM
  let originY: number
  if (align === 'top') originY = safety + box.maxY * pxPerM // the highest drawn point on the top line
  else if (align === 'bottom') originY = f.height - safety + box.minY * pxPerM // the lowest drawn point on the bottom line
  else originY = f.height / 2 + ((box.minY + box.maxY) / 2) * pxPerM

  // the turned silhouette was placed, but the renderer draws unturned: the pivot is where the
  // fuselage centre lands, a fixed point of the rotation, so rotating there lands it as placed
  const pivot = { x: originX + b.fuselageCentre.x * pxPerM, y: originY - b.fuselageCentre.y * pxPerM }
  return { metresPerPixel: 1 / pxPerM, originX, originY, rotation, pivot, align }
}
