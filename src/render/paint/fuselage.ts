/**
 * Paints the fuselage texture with skia. Each side is drawn in "side coordinates": X = metres from
 * the nose tip, Y = metres above the belly on the main section (h * H); a transform per side maps them
 * to the texture rows (see fuselage.ts girth). Titles are drawn so they read correctly from outside.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { Model } from '../parts/model'
import { paintTexture, type Texture } from '../raster/texture'
import { drawCheatline, drawTailWrap, fade } from './cheatline'
import { drawCockpit } from './cockpit'
import { drawMarks } from './marks'
import { drawPanels } from './panels'
import { drawTitles } from './titles'
import type { Scheme } from './scheme'

export type Side = 'R' | 'L'

export interface SideFrame {
  L: number
  H: number
  model: Model
  scheme: Scheme
  side: Side
  k: number // texels per metre
  /** draw panel outlines (parts/detail.ts panelsFor) */
  panels: boolean
}

export function fuselageTexture(model: Model, scheme: Scheme, k: number, panels = false): Texture {
  const L = model.fus.L
  const H = model.fus.H
  const w = Math.ceil(L * k) + 2
  const h = Math.max(8, Math.round(2 * H * k))
  const data = paintTexture(w, h, (ctx) => {
    // rows are rounded to whole texels: scale height so the crown lands exactly on rows 0 and h
    const kv = h / (2 * H)
    // the base colour once over the whole texture: every texel is painted again when the picture
    // is played back and read, so each full-size fill costs a first composition its time
    ctx.fillStyle = scheme.design.fuselage
    ctx.fillRect(0, 0, w, h)
    for (const side of ['R', 'L'] as Side[]) {
      ctx.save()
      // side coordinates -> texture: R rows run crown to belly, L rows belly to crown
      if (side === 'R') ctx.setTransform(k, 0, 0, -kv, 0, h / 2)
      else ctx.setTransform(k, 0, 0, kv, 0, h / 2)
      ctx.beginPath()
      ctx.rect(-1, 0, L + 2, H)
      ctx.clip()
      paintSide(ctx, { L, H, model, scheme, side, k, panels })
      ctx.restore()
    }
  })
  return { w, h, data, su: k, sv: h, u0: 0, v0: 0, wrapV: true }
}

function paintSide(ctx: SKRSContext2D, f: SideFrame): void {
  const d = f.scheme.design
  const H = f.H
  if (d.fuselageGradient) drawFuselageGradient(ctx, f)
  if (f.scheme.bellyLine > 0) drawBelly(ctx, f)
  drawCheatline(ctx, f)
  if (d.tail.wrap) drawTailWrap(ctx, f)
  if (f.scheme.nose !== d.fuselage) {
    const nl = f.model.shape.nose.length
    ctx.fillStyle = f.scheme.nose
    ctx.beginPath()
    // the radome ends just ahead of the windscreen, its edge leaning forward at the top
    ctx.moveTo(-1, 0)
    ctx.lineTo(0.42 * nl, 0)
    ctx.bezierCurveTo(0.36 * nl, 0.3 * H, 0.26 * nl, 0.6 * H, 0.19 * nl, H)
    ctx.lineTo(-1, H)
    ctx.fill()
  }
  drawDoors(ctx, f)
  drawPanels(ctx, f)
  const title = drawTitles(ctx, f)
  if (!f.scheme.blank && d.marks) drawMarks(ctx, f, d.marks, title)
  // windows and cockpit are cut through the paint: letters running over them leave them dark
  drawWindows(ctx, f)
  drawCockpit(ctx, f)
}

/** the fuselage colour fading along or up the body (fuselageGradient), under everything else */
function drawFuselageGradient(ctx: SKRSContext2D, f: SideFrame): void {
  const g = f.scheme.design.fuselageGradient
  if (!g) return
  const up = g.direction === 'up'
  const span = up ? f.H : f.L
  const a = (g.from ?? 0) * span
  const b = Math.max(a + 1e-3, (g.to ?? 1) * span)
  ctx.fillStyle = up
    ? fade(ctx, [f.scheme.design.fuselage, ...g.colors], 0, a, 0, b)
    : fade(ctx, [f.scheme.design.fuselage, ...g.colors], a, 0, b, 0)
  ctx.fillRect(-1, -1, f.L + 2, f.H + 2)
}

/**
 * the belly colour up to one height above the ground all along (not one fraction of each section):
 * where nose and tail cone narrow, the boundary stays level, so seen nose-on the two sides meet in
 * a straight line instead of a V pointing at the nose tip, and the colour ends where the belly
 * sweeps up past that height
 */
function drawBelly(ctx: SKRSContext2D, f: SideFrame): void {
  const fus = f.model.fus
  const { nose, tail } = f.model.shape
  const z = fus.zBelly + f.scheme.bellyLine * f.H
  // where the texture follows true height (the nose, the tail cone's end: Fuselage.trueHeightWeight)
  // the line is simply at that height; elsewhere at its fraction of the section's own height
  const yAt = (x: number) => {
    const xc = Math.min(Math.max(x, 0), f.L)
    const s = fus.section(xc)
    const own = Math.min(1, Math.max(0, (z - s.zBot) / Math.max(1e-3, s.zTop - s.zBot))) * f.H
    const w = fus.trueHeightWeight(xc)
    return w * Math.min(f.H, Math.max(0, z - fus.zBelly)) + (1 - w) * own
  }
  // sections change only along the nose and the tail cone: a rectangle between them, a traced edge
  // over each (a path along the whole body cost more to fill than the rest of the side together)
  const x0 = Math.max(nose.length, nose.bottomLength)
  const x1 = f.L - tail.length
  ctx.fillStyle = f.scheme.design.belly
  ctx.fillRect(x0 - 0.05, -1, x1 - x0 + 0.1, yAt(x0) + 1)
  // steps of t^2 over the nose: its sections change fastest near the tip
  const end = (a: number, b: number, ease: (t: number) => number) => {
    ctx.beginPath()
    ctx.moveTo(a, -1)
    for (let i = 0; i <= 64; i++) {
      const x = a + (b - a) * ease(i / 64)
      ctx.lineTo(x, yAt(x))
    }
    ctx.lineTo(b, -1)
    ctx.closePath()
    ctx.fill()
  }
  end(0, x0, (t) => t * t)
  end(x1, f.L + 1, (t) => t)
}

export function windowRows(f: SideFrame): { from: number; to: number; y: number }[] {
  const w = f.model.shape.windows
  const rows = [{ from: w.from * f.L, to: w.to * f.L, y: w.height * f.H }]
  if (w.upper)
    rows.push({ from: w.upper.from * f.L, to: w.upper.to * f.L, y: w.upper.height * f.H })
  return rows
}

function drawWindows(ctx: SKRSContext2D, f: SideFrame): void {
  const w = f.model.shape.windows
  const doors = f.model.shape.doors.map((d) => d * f.L)
  ctx.fillStyle = '#27313c'
  // one path and one fill for every window: a fill each cost more than the rest of the side
  ctx.beginPath()
  for (const row of windowRows(f)) {
    for (let x = row.from; x <= row.to; x += w.pitch) {
      if (doors.some((d) => Math.abs(d - x) < 0.75)) continue
      ctx.roundRect(x - w.w / 2, row.y - w.h / 2, w.w, w.h, Math.min(w.w, w.h) * 0.45)
    }
  }
  ctx.fill()
}

function drawDoors(ctx: SKRSContext2D, f: SideFrame): void {
  const w = f.model.shape.windows
  const wide = f.H > 5
  const dw = wide ? 1.07 : 0.82
  const dh = Math.min(1.95, 0.48 * f.H)
  const top = w.height * f.H + w.h / 2 + 0.2
  ctx.strokeStyle = 'rgba(40,50,60,0.35)'
  ctx.lineWidth = Math.max(0.035, 1.2 / f.k)
  // every outline in one path, stroked once (they never overlap, so the translucent ink is the same)
  ctx.beginPath()
  for (const d of f.model.shape.doors) ctx.roundRect(d * f.L - dw / 2, top - dh, dw, dh, 0.18)
  // gear bay doors on the belly (closed when the gear is up; the outline stays when it is down)
  const g = f.model.shape.gear
  const bay = (x0: number, x1: number, h: number) => ctx.roundRect(x0, -0.5, x1 - x0, h + 0.5, 0.12)
  bay(g.nose * f.L - 1.4, g.nose * f.L + 0.9, 0.06 * f.H)
  bay(g.main * f.L - 0.9 - 0.1 * f.H, g.main * f.L + 0.9 + 0.1 * f.H, 0.13 * f.H)
  if (f.model.fus.plane.gear.mainLegs > 2)
    bay(g.bodyMain * f.L - 1.2, g.bodyMain * f.L + 2.4, 0.1 * f.H)
  // upper-deck doors of the A380
  if (w.upper && f.model.fus.plane.decks === 2) {
    const ut = w.upper.height * f.H + w.h / 2 + 0.2
    for (const d of f.model.shape.doors.slice(0, 3))
      ctx.roundRect(d * f.L + 1.5 - dw / 2, ut - dh, dw, dh, 0.18)
  }
  ctx.stroke()
}

export function roundRect(
  ctx: SKRSContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath()
  ctx.roundRect(x, y, w, h, r)
}
