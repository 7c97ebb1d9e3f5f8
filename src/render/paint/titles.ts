/**
 * Airline titles on the fuselage, on both sides, in the bundled font. In side coordinates the right
 * side is seen with the nose to the right, so there the text runs towards the nose (X decreasing);
 * on the left side it runs towards the tail. Either way it reads left-to-right and upright from
 * outside, never mirrored. Letters stay below CROWN: above it a side's paint is seen from the other
 * side's oblique views (13 degrees from above, 15 from the nose), as if it showed through the crown.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { LiveryDesign } from '../../catalog/types'
import { SANS, SERIF } from './fonts'
import type { SideFrame } from './fuselage'

/** highest paint of a title or mark, as a fraction of the height above the belly */
export const CROWN = 0.83

export function titleBox(f: SideFrame): { x0: number; x1: number; y: number; size: number } {
  const w = f.model.shape.windows
  // above the top row of windows: the A380's upper deck, otherwise the main deck
  const top = (w.upper && f.model.fus.plane.decks === 2 ? w.upper.height : w.height) * f.H + w.h / 2
  // narrowbodies get relatively taller letters: titles must still read on a 4 m fuselage; drawTitles
  // lowers letters too tall for the room above the windows
  const size = Math.min((f.H < 4.5 ? 0.26 : 0.24) * f.H, 1.9)
  const y = top + 0.06 + size * 0.42 // text centre
  const hump = f.model.shape.hump
  // behind a 747's hump, where the crown is level again; else just aft of the first door
  const x0 = hump ? hump.length - 0.25 * (hump.fairing ?? 0.3 * hump.length) : Math.max(f.model.shape.nose.length * 1.1, f.model.shape.doors[0] * f.L + 1.2)
  const x1 = Math.max(x0 + 4, hump ? x0 + 0.3 * f.L : f.model.wing.x0 + 0.2 * f.L * (f.L > 50 ? 0.8 : 1.1))
  return { x0, x1, y, size }
}

type Titles = LiveryDesign['titles']

/** draws the titles; returns their extent along the fuselage (side X, metres), null when none */
export function drawTitles(ctx: SKRSContext2D, f: SideFrame): { x0: number; x1: number } | null {
  const t = f.scheme.design.titles
  if (f.scheme.blank || !t.text.trim()) return null
  const box = titleBox(f)
  // big letters grow down over the windows (painted after them, the windows show through), never
  // above the crown limit nor below the belly
  const size = Math.min(box.size * (t.size ?? 1), 0.75 * f.H)
  // ascenders reach about half the font size above the middle line
  const y = Math.max(0.06 * f.H + 0.42 * size, Math.min(t.y !== undefined ? t.y * f.H : box.y + (size - box.size) * 0.42, CROWN * f.H - 0.5 * size))
  const room = t.x !== undefined || (t.size ?? 1) > 1.3 ? 0.6 * f.L : box.x1 - box.x0
  const cx = t.x !== undefined ? t.x * f.L : (box.x0 + box.x1) / 2
  const main = line(ctx, f, t.text, t, size, room)
  const x0 = cx - main.width / 2
  drawLine(ctx, f, t.text, t.color, t, main.px, main.fit, cx, y)
  let x1 = x0 + main.width
  if (t.second?.text.trim()) {
    // the second script follows the first, aft of it, on the same line
    const s2 = size * (t.second.size ?? 0.8)
    const style = { ...t, font: t.second.font ?? t.font, italic: false }
    const sec = line(ctx, f, t.second.text, style, s2, 0.35 * f.L)
    const c2 = x1 + 0.06 * f.L + sec.width / 2
    drawLine(ctx, f, t.second.text, t.second.color ?? t.color, style, sec.px, sec.fit, c2, y)
    x1 = c2 + sec.width / 2
  }
  return { x0, x1 }
}

function fontOf(t: Titles, px: number): string {
  const family = t.font === 'serif' ? SERIF : SANS
  return `${t.weight === 'regular' ? '' : 'bold '}${px}px ${family}`
}

/** font size in texels (crisp glyph outlines) and the squeeze that fits the text into room metres */
function line(ctx: SKRSContext2D, f: SideFrame, text: string, t: Titles, size: number, room: number) {
  const px = Math.max(4, size * f.k)
  ctx.font = fontOf(t, px)
  const natural = ctx.measureText(text).width / f.k
  const fit = Math.min(1, room / natural)
  return { px, fit, width: natural * fit }
}

function drawLine(ctx: SKRSContext2D, f: SideFrame, text: string, color: string, t: Titles, px: number, fit: number, cx: number, y: number): void {
  ctx.save()
  ctx.font = fontOf(t, px)
  const dir = f.side === 'R' ? -1 : 1
  // text space (x right, y down, texels) -> side coordinates (metres); a squeeze keeps the letter height
  const s = 1 / f.k
  ctx.transform(dir * s * fit, 0, t.italic ? -0.2 * s * dir : 0, -s, cx, y)
  ctx.fillStyle = color
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(text, 0, 0)
  ctx.restore()
}
