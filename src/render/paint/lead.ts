/**
 * A wordmark's leading emblem (Delta's widget before DELTA): set just before the first letter in
 * reading order, its foot on the letters' foot, sized to the letters. Like them it is never
 * mirrored, so it stands ahead of the title on the left side and aft of it on the right.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { Lettering } from '../lettering/layout'
import type { Resolved } from '../lettering/wordmarks'
import { drawEmblem, emblemInk, type Ink } from './emblems'

type Lead = NonNullable<Resolved['lead']>

/** a title as placed on a side: its letters' metres per em unit, baseline and extent (metres) */
export interface PlacedTitle {
  r: Resolved
  l: Lettering
  room: { top: number }
  scale: number
  base: number
  fwd: number
  length: number
}

/** a box on a side, metres */
export interface Box {
  x0: number
  x1: number
  y0: number
  y1: number
}

/** the drawn shape's bounds in its 100 x 100 box (y down); the whole box for a shape that draws nothing */
const boundsOf = (shape: string): Ink => emblemInk(shape) ?? { x0: 0, x1: 100, y0: 0, y1: 100 }

function aspectOf(m: Lead): number {
  if (m.aspect !== undefined) return m.aspect
  const b = boundsOf(m.shape)
  return (b.x1 - b.x0) / Math.max(1e-6, b.y1 - b.y0)
}

/** the emblem's width and its gap before the first letter, in the lettering's em units */
export function leadSpan(r: Resolved, l: Lettering): number {
  const m = r.lead
  return m ? (l.y1 - l.y0) * (m.size * aspectOf(m) + (m.gap ?? 0.25)) : 0
}

/** where the emblem is drawn on a side (metres); dir is the reading direction along side X */
export function leadBox(g: PlacedTitle, dir: 1 | -1): Box | null {
  const m = g.r.lead
  if (!m) return null
  const tall = (g.l.y1 - g.l.y0) * g.scale
  const y0 = g.base + g.l.y0 * g.scale
  // never above the crown limit, like the letters
  const h = Math.min(m.size * tall, g.room.top - y0)
  const w = h * aspectOf(m)
  const gap = (m.gap ?? 0.25) * tall
  // reading starts at the forward end on the left side, at the aft end on the right
  const x0 = dir === 1 ? g.fwd - gap - w : g.fwd + g.length + gap
  return { x0, x1: x0 + w, y0, y1: y0 + h }
}

/** draws the emblem; returns its box, null when the wordmark has none */
export function drawLead(ctx: SKRSContext2D, g: PlacedTitle, dir: 1 | -1): Box | null {
  const m = g.r.lead
  const at = leadBox(g, dir)
  if (!m || !at) return null
  const b = boundsOf(m.shape)
  const sx = (at.x1 - at.x0) / (b.x1 - b.x0)
  const sy = (at.y1 - at.y0) / (b.y1 - b.y0)
  // the shape's drawn bounds fill the box; its left, in reading order, comes first
  const left = dir === 1 ? at.x0 : at.x1
  ctx.save()
  ctx.transform(dir * sx, 0, 0, -sy, left - dir * b.x0 * sx, at.y1 + b.y0 * sy)
  drawEmblem(ctx, m.shape, m.colours)
  ctx.restore()
  return at
}
