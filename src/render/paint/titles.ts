/**
 * Airline titles on the fuselage, on both sides, in the bundled font. In side coordinates the right
 * side is seen with the nose to the right, so there the text runs towards the nose (X decreasing);
 * on the left side it runs towards the tail. Either way it reads left-to-right and upright from
 * outside, never mirrored. Letters stay below CROWN: above it a side's paint is seen from the other
 * side's oblique views (13 degrees from above, 15 from the nose), as if it showed through the crown.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { LiveryDesign } from '../../catalog/types'
import { FALLBACK, SANS, SERIF } from './fonts'
import type { SideFrame } from './fuselage'

/** highest paint of a title or mark, as a fraction of the height above the belly */
export const CROWN = 0.84
/** a title at least this much larger than the default is a "big title" livery: it may run over the windows */
const BIG = 1.5

type Titles = LiveryDesign['titles']

/** where titles go by default: above the top row of windows, aft of the first door (behind a 747's hump) */
function titleRoom(f: SideFrame): { x0: number; x1: number; bottom: number; size: number } {
  const w = f.model.shape.windows
  // the A380's upper deck, otherwise the main deck
  const bottom =
    (w.upper && f.model.fus.plane.decks === 2 ? w.upper.height : w.height) * f.H + w.h / 2 + 0.06
  // narrowbodies get relatively taller letters: titles must still read on a 4 m fuselage
  const size = Math.min((f.H < 4.5 ? 0.26 : 0.24) * f.H, 1.9)
  const hump = f.model.shape.hump
  const x0 = hump
    ? hump.length - 0.25 * (hump.fairing ?? 0.3 * hump.length)
    : Math.max(f.model.shape.nose.length * 1.1, f.model.shape.doors[0] * f.L + 1.2)
  const x1 = Math.max(
    x0 + 4,
    hump ? x0 + 0.3 * f.L : f.model.wing.x0 + 0.2 * f.L * (f.L > 50 ? 0.8 : 1.1),
  )
  return { x0, x1, bottom, size }
}

/** draws the titles; returns their extent along the fuselage (side X, metres), null when none */
export function drawTitles(ctx: SKRSContext2D, f: SideFrame): { x0: number; x1: number } | null {
  const t = f.scheme.design.titles
  if (f.scheme.blank || !t.text.trim()) return null
  const room = titleRoom(f)
  const scale = t.size ?? 1
  const big = scale >= BIG || t.y !== undefined
  const m = metrics(ctx, t.text, t, t.second?.text)
  const top = CROWN * f.H
  // letters fit between the windows and the crown limit, unless the livery wants them bigger
  let size = Math.min(room.size * scale, (0.75 * f.H) / (m.asc + m.desc))
  // the baseline sits on the windows' top; only descenders (p, y, g) may dip towards them
  if (!big) size = Math.min(size, (top - room.bottom) / m.asc)
  let base = t.y !== undefined ? t.y * f.H - ((m.asc - m.desc) / 2) * size : room.bottom
  base = Math.max(0.05 * f.H + m.desc * size, Math.min(base, top - m.asc * size))
  const span = big ? 0.6 * f.L : room.x1 - room.x0
  const cx = t.x !== undefined ? t.x * f.L : (room.x0 + room.x1) / 2
  const main = line(ctx, f, t.text, t, size, span)
  const x0 = cx - main.width / 2
  drawLine(ctx, f, t.text, t.color, t, main, cx, base)
  let x1 = x0 + main.width
  if (t.second?.text.trim()) {
    // the second script follows the first, aft of it, on the same baseline
    const style = { ...t, font: t.second.font ?? t.font, italic: false }
    const sec = line(ctx, f, t.second.text, style, size * (t.second.size ?? 0.8), 0.35 * f.L)
    const c2 = x1 + 0.05 * f.L + sec.width / 2
    drawLine(ctx, f, t.second.text, t.second.color ?? t.color, style, sec, c2, base)
    x1 = c2 + sec.width / 2
  }
  return { x0, x1 }
}

/** the bundled font of a title's (or tail text's) family and weight, at px */
export function fontOf(t: Pick<Titles, 'font' | 'weight'>, px: number): string {
  const family = t.font === 'serif' ? SERIF : SANS
  return `${t.weight === 'regular' ? '' : 'bold '}${px}px ${family}, ${FALLBACK}`
}

const emCache = new Map<string, { asc: number; desc: number; width: number }>()

/**
 * ink above and below the baseline and advance width of a text, per unit of font size; measured once
 * per text and font (setting a font and measuring cost more than the rest of the titles)
 */
function em(
  ctx: SKRSContext2D,
  text: string,
  t: Titles,
): { asc: number; desc: number; width: number } {
  const font = fontOf(t, 100)
  const key = font + '\u0000' + text
  let m = emCache.get(key)
  if (!m) {
    ctx.font = font
    const r = ctx.measureText(text)
    m = {
      asc: r.actualBoundingBoxAscent / 100,
      desc: r.actualBoundingBoxDescent / 100,
      width: r.width / 100,
    }
    if (emCache.size > 512) emCache.clear()
    emCache.set(key, m)
  }
  return m
}

/** ink above and below the baseline of the titles and their second line, per unit of font size */
function metrics(
  ctx: SKRSContext2D,
  text: string,
  t: Titles,
  second?: string,
): { asc: number; desc: number } {
  const a = em(ctx, text, t)
  const b = second ? em(ctx, second, t) : a
  return { asc: Math.max(0.5, a.asc, b.asc), desc: Math.max(0, a.desc, b.desc) }
}

/** font size in texels (crisp glyph outlines) and the squeeze that fits the text into room metres */
function line(
  ctx: SKRSContext2D,
  f: SideFrame,
  text: string,
  t: Titles,
  size: number,
  room: number,
) {
  const px = Math.max(4, size * f.k)
  const natural = (em(ctx, text, t).width * px) / f.k
  const fit = Math.min(1, room / natural)
  return { px, fit, width: natural * fit }
}

function drawLine(
  ctx: SKRSContext2D,
  f: SideFrame,
  text: string,
  color: string,
  t: Titles,
  l: { px: number; fit: number },
  cx: number,
  base: number,
): void {
  ctx.save()
  ctx.font = fontOf(t, l.px)
  const dir = f.side === 'R' ? -1 : 1
  // text space (x right, y down, texels) -> side coordinates (metres); a squeeze keeps the letter height
  const s = 1 / f.k
  ctx.transform(dir * s * l.fit, 0, t.italic ? -0.2 * s * dir : 0, -s, cx, base)
  ctx.fillStyle = color
  ctx.textAlign = 'center'
  ctx.textBaseline = 'alphabetic'
  ctx.fillText(text, 0, 0)
  ctx.restore()
}
