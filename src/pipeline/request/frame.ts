/**
 * Framing of a composition, as pure geometry: from the aircraft's extents as drawn (view metres,
 * y up, already pitched: the renderer pitches in 3D and measures what it draws) to a scale and an
 * origin on the canvas. No pixels here, so every rule is testable by numbers.
 *
 * The rules (decisions.md, composition), each from its own definition:
 * - contain: the whole aircraft inside the margin box, times zoomLevel;
 * - fill: the aircraft covers the canvas, reaching past every edge by the margin (the margin as
 *   crop offset); zoomLevel above 1 crops tighter, below 1 shrinks the cover (fill.ts);
 * - absolute: the drawn width is (width - 2 x margin) x zoomLevel at every angle;
 * - fleet: one metres-per-pixel for every model: the reference's real length spans
 *   (width - 2 x margin) x zoomLevel, unless the reference itself, seen from this angle, would
 *   cross the margin box: then it spans the margin box, and every model shares that scale.
 * Nothing else shrinks an aircraft to fit: what is larger reaches into the margin or past the
 * canvas, and `overflow` says so.
 */
import type { Align, ScaleMode, ZoomType } from '../../params/image-options'
import type { Profile } from '../../render/silhouette'
import { coverOf } from './fill'

/** extents of the drawn aircraft, view metres, y up */
export interface Extent {
  minX: number
  maxX: number
  minY: number
  maxY: number
}

export interface FrameInput {
  width: number
  height: number
  /** the aircraft as drawn; under align=bottom, with its gear down (the ground line is its lowest point) */
  bounds: Extent & { profile?: Profile }
  zoomType: ZoomType
  zoomLevel: number
  marginPercent: number
  scale: ScaleMode
  /** real length of the fleet reference plane, metres */
  referenceLengthM: number
  /** the fleet reference seen the same way (angle, pitch, gear) (scale=fleet) */
  reference?: Extent
  align: Align
}

/** where the drawn aircraft reaches: inside the margin box, into the margin, or past the canvas edge */
export type Overflow = 'none' | 'margin' | 'canvas'

export interface Frame {
  metresPerPixel: number
  originX: number
  originY: number
  align: Align // the alignment applied (center when the requested one could not be)
  overflow: Overflow
}

/**
 * The safety line of align=bottom / top, as a fraction of the canvas height from that edge
 * (decisions.md: about 4%). On the aligned side it takes the place of the margin (a ground
 * line, the way a photographer puts the wheels near the bottom of the frame); the margin
 * keeps the three other sides.
 */
export const ALIGN_SAFETY = 0.04

/**
 * Top and bottom margins take at most this fraction of the canvas height each. The margin is a
 * percent of the width (decisions.md); on a 16:9 canvas more than 28% of the width above and
 * below would leave no height at all, and the aircraft would vanish. Capped, a wide margin
 * narrows the aircraft to the middle of the width, as asked, and keeps half the height for it.
 */
export const VERTICAL_MARGIN_CAP = 0.25

/** the margins in pixels: x on the left and right, y on the top and bottom */
export function margins(
  width: number,
  height: number,
  marginPercent: number,
): { x: number; y: number } {
  const x = (width * marginPercent) / 100
  return { x, y: Math.min(x, height * VERTICAL_MARGIN_CAP) }
}

const widthOf = (b: Extent) => b.maxX - b.minX
const heightOf = (b: Extent) => b.maxY - b.minY
/** pixels per metre that fit a box inside w x h */
const containScale = (b: Extent, w: number, h: number) => Math.min(w / widthOf(b), h / heightOf(b))

/** pixels per metre before zoomLevel, by the scale mode, or by zoomType under scale=none */
function scaleOf(f: FrameInput, mx: number, my: number): number {
  const b = f.bounds
  if (f.scale === 'absolute') return (f.width - 2 * mx) / widthOf(b)
  if (f.scale === 'fleet') {
    const innerW = f.width - 2 * mx
    const ref = f.reference ? containScale(f.reference, innerW, f.height - 2 * my) : Infinity
    return Math.min(innerW / f.referenceLengthM, ref)
  }
  // at least a pixel even at marginPercent=0: an edge drawn on the canvas border reads as cut
  return containScale(b, f.width - 2 * Math.max(1, mx), f.height - 2 * Math.max(1, my))
}

/** pixels per metre (zoomLevel applied) and the point of the aircraft (view metres) put at the middle of the canvas */
function fitOf(f: FrameInput): { pxPerM: number; centreX: number; centreY: number } {
  const { x: mx, y: my } = margins(f.width, f.height, f.marginPercent)
  const b = f.bounds
  if (f.scale === 'none' && f.zoomType === 'fill')
    return coverOf(b, b.profile, f.width, f.height, mx, my, f.zoomLevel)
  return {
    pxPerM: scaleOf(f, mx, my) * f.zoomLevel,
    centreX: (b.minX + b.maxX) / 2,
    centreY: (b.minY + b.maxY) / 2,
  }
}

export function planFrame(f: FrameInput): Frame {
  const b = f.bounds
  const { pxPerM, centreX, centreY } = fitOf(f)
  const my = margins(f.width, f.height, f.marginPercent).y
  const safety = f.height * ALIGN_SAFETY
  // aligned, the aircraft runs from the safety line to the opposite margin; when it is taller
  // than that (zoom, fill, a fleet giant, or a margin thinner than the safety line) it is centred
  let align = f.align
  if (align !== 'center' && heightOf(b) * pxPerM > f.height - safety - my + 1e-6) align = 'center'

  const originX = f.width / 2 - centreX * pxPerM
  let originY: number
  if (align === 'top')
    originY = safety + b.maxY * pxPerM // the highest drawn point on the top line
  else if (align === 'bottom')
    originY = f.height - safety + b.minY * pxPerM // the ground line on the bottom line
  else originY = f.height / 2 + centreY * pxPerM
  const frame = { metresPerPixel: 1 / pxPerM, originX, originY, align }
  return { ...frame, overflow: overflowOf(f, frame) }
}

/** how far the placed aircraft reaches; half a pixel of slack for rounding */
function overflowOf(f: FrameInput, p: Omit<Frame, 'overflow'>): Overflow {
  const b = f.bounds
  const k = 1 / p.metresPerPixel
  const left = p.originX + b.minX * k
  const right = p.originX + b.maxX * k
  const top = p.originY - b.maxY * k
  const bottom = p.originY - b.minY * k
  const past = (inset: { l: number; r: number; t: number; b: number }) =>
    left < inset.l - 0.5 ||
    right > f.width - inset.r + 0.5 ||
    top < inset.t - 0.5 ||
    bottom > f.height - inset.b + 0.5
  if (past({ l: 0, r: 0, t: 0, b: 0 })) return 'canvas'
  const m = margins(f.width, f.height, f.marginPercent)
  const safety = f.height * ALIGN_SAFETY
  const inset = {
    l: m.x,
    r: m.x,
    t: p.align === 'top' ? safety : m.y,
    b: p.align === 'bottom' ? safety : m.y,
  }
  return past(inset) ? 'margin' : 'none'
}
