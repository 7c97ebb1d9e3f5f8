/**
 * Framing of a composition, as pure geometry: from the aircraft's bounds in metres
 * to a scale and an origin on the canvas (zoomType, zoomLevel, margin, scale mode,
 * pitch, vertical alignment). No pixels here, so every rule is testable by numbers.
 */
import type { Angle } from '../../catalog/types'
import type { Align, ScaleMode, ZoomType } from '../../params/image-options'

export interface Bounds {
  minX: number
  maxX: number
  minY: number
  maxY: number
  fuselageCentre: { x: number; y: number }
  groundY: number
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

export const ALIGN_SAFETY = 0.04

/** Screen rotation for a nose-up pitch: the nose points right for angles 1-179, left for 181-359; none at 0, 180, top. */
export function screenRotation(angle: Angle, pitchDeg: number): number {
  if (angle === 'top' || pitchDeg === 0) return 0
  const side = Math.sign(Math.round(Math.sin((Number(angle) * Math.PI) / 180) * 1000))
  return side === 0 ? 0 : (-side * pitchDeg * Math.PI) / 180
}

/** Half extents of the bounds box after rotating it about the pivot. */
function rotatedBox(b: Bounds, rotation: number) {
  const { x: cx, y: cy } = b.fuselageCentre
  const corners = [
    [b.minX, b.minY],
    [b.maxX, b.minY],
    [b.minX, b.maxY],
    [b.maxX, b.maxY],
  ].map(([x, y]) => {
    // metres are y-up; canvas rotation is y-down, so rotate by -rotation here
    const dx = x - cx
    const dy = y - cy
    const c = Math.cos(-rotation)
    const s = Math.sin(-rotation)
    return [cx + dx * c - dy * s, cy + dx * s + dy * c]
  })
  const xs = corners.map((p) => p[0])
  const ys = corners.map((p) => p[1])
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) }
}

export function planFrame(f: FrameInput): Frame {
  const margin = (f.width * f.marginPercent) / 100
  const innerW = Math.max(1, f.width - 2 * margin)
  const innerH = Math.max(1, f.height - 2 * margin)
  const b = f.bounds
  const bw = b.maxX - b.minX
  const bh = b.maxY - b.minY

  let pxPerM: number
  if (f.scale === 'absolute') pxPerM = (innerW * f.zoomLevel) / bw
  else if (f.scale === 'fleet') pxPerM = (innerW * f.zoomLevel) / f.referenceLengthM
  else if (f.zoomType === 'fill') pxPerM = Math.max(innerW / bw, innerH / bh) * f.zoomLevel
  else pxPerM = Math.min(innerW / bw, innerH / bh) * f.zoomLevel

  const rotation = screenRotation(f.angle, f.pitch)
  const box = rotation ? rotatedBox(b, rotation) : b
  if (rotation) {
    // shrink only as much as the rotation needs: what fitted still fits, what overflowed overflows no more
    const before = Math.max((bw * pxPerM) / innerW, (bh * pxPerM) / innerH)
    const after = Math.max(((box.maxX - box.minX) * pxPerM) / innerW, ((box.maxY - box.minY) * pxPerM) / innerH)
    const allowed = Math.max(before, 1)
    if (after > allowed) pxPerM *= allowed / after
  }

  const contentH = (box.maxY - box.minY) * pxPerM
  const safety = f.height * ALIGN_SAFETY
  let align = f.align
  if (align !== 'center' && contentH > f.height - 2 * safety) align = 'center'

  // place the (rotated) box: horizontally centred, vertically by alignment, in pixels
  const originX = f.width / 2 - ((box.minX + box.maxX) / 2) * pxPerM
  let originY: number
  if (align === 'top') originY = safety + box.maxY * pxPerM
  else if (align === 'bottom') {
    // the ground line of every angle sits on one row; with pitch the lowest point does
    const lowest = rotation ? box.minY : b.groundY
    originY = f.height - safety + lowest * pxPerM
    if (originY - box.maxY * pxPerM < safety) {
      align = 'center'
      originY = f.height / 2 + ((box.minY + box.maxY) / 2) * pxPerM
    }
  } else originY = f.height / 2 + ((box.minY + box.maxY) / 2) * pxPerM

  // the rotated box was placed, but the renderer draws unrotated: shift the origin so
  // that rotating about the pivot lands the aircraft where the box was placed
  const pivot = { x: originX + b.fuselageCentre.x * pxPerM, y: originY - b.fuselageCentre.y * pxPerM }
  return { metresPerPixel: 1 / pxPerM, originX, originY, rotation, pivot, align }
}
