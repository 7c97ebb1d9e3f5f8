/**
 * Airline titles on the fuselage, on both sides, lettered by src/render/lettering (our own glyphs
 * bent into the airline's wordmark). In side coordinates the right side is seen with the nose to
 * the right, so there the text runs towards the nose (X decreasing); on the left side it runs
 * towards the tail. Either way it reads left-to-right and upright from outside, never mirrored.
 * Letters stay below the crown limit: above it a side's paint is seen from the other side's
 * oblique views (13 degrees from above, 15 from the nose), as if it showed through the crown.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { LiveryDesign } from '../../catalog/types'
import { drawLettering } from '../lettering/draw'
import { missingGlyphs } from '../lettering/glyphs'
import { type Lettering, layOut } from '../lettering/layout'
import { placementOn, type Resolved, resolveWordmark } from '../lettering/wordmarks'
import type { SideFrame } from './fuselage'
import { drawLead, leadSpan } from './lead'

/** highest paint of a title or mark, as a fraction of the height above the belly */
export const CROWN = 0.84

type Titles = LiveryDesign['titles']

interface Room {
  /** forward end of a title behind door 1 (behind a 747's hump) */
  front: number
  /** where plain titles are centred by default */
  centre: number
  /** the window row's top and centre line, the crown limit */
  winTop: number
  winMid: number
  /** how low a wordmark's baseline may dip when the room above the windows is short */
  floor: number
  top: number
  /** a plain title's default cap height, metres */
  cap: number
}

function roomOf(f: SideFrame): Room {
  const w = f.model.shape.windows
  const upper = w.upper && f.model.fus.plane.decks === 2
  const winMid = (upper && w.upper ? w.upper.height : w.height) * f.H
  const hump = f.model.shape.hump
  const front = hump
    ? hump.length - 0.25 * (hump.fairing ?? 0.3 * hump.length)
    : Math.max(f.model.shape.nose.length * 1.1, f.model.shape.doors[0] * f.L + 1.2)
  const end = Math.max(
    front + 4,
    hump ? front + 0.3 * f.L : f.model.wing.x0 + 0.2 * f.L * (f.L > 50 ? 0.8 : 1.1),
  )
  return {
    front,
    centre: (front + end) / 2,
    winTop: winMid + w.h / 2 + 0.06,
    winMid,
    // the A380's upper-deck titles would otherwise be half the size of a 787's: there the letters
    // may cover the upper windows
    floor: upper ? winMid - w.h / 2 : winMid,
    top: CROWN * f.H,
    // narrowbodies get relatively taller letters: titles must still read on a 4 m fuselage
    cap: 0.73 * Math.min((f.H < 4.5 ? 0.26 : 0.24) * f.H, 1.9),
  }
}

/** metres per em unit and the baseline height of a title on this model */
function fit(f: SideFrame, r: Resolved, l: Lettering, room: Room) {
  const p = placementOn(r.placement, f.model.fus.plane, f.H >= 4.5)
  const len = l.x1 - l.x0
  const plain = r.size !== undefined
  let scale = p.length
    ? (p.length * f.L) / len
    : Math.min(
        (room.cap * (r.size ?? 1)) / 100,
        ((plain && (r.size ?? 1) >= 1.5 ? 0.6 : 0.45) * f.L) / len,
      )
  const y = p.y ?? 'above'
  let base: number
  if (y === 'above') {
    base = Math.min(room.winTop, room.top - l.y1 * scale)
    // short of room the letters dip over the windows (to their centre line, on the A380 their foot; plain
    // titles, as before, to the belly), and shrink beyond that
    const floor = plain ? 0.05 * f.H - l.y0 * scale : room.floor
    if (base < floor) {
      scale = Math.min(scale, (room.top - floor) / l.y1)
      base = Math.max(floor, room.top - l.y1 * scale)
    }
  } else {
    const centre = y === 'windows' ? room.winMid : y === 'belly' ? 0.3 * f.H : y * f.H
    base = centre - ((l.y0 + l.y1) / 2) * scale
  }
  // never above the crown limit, never off the belly
  if (base + l.y1 * scale > room.top) base = room.top - l.y1 * scale
  const low = 0.04 * f.H
  if (base + l.y0 * scale < low) {
    scale = Math.min(scale, (room.top - low) / (l.y1 - l.y0))
    base = low - l.y0 * scale
  }
  const length = len * scale
  // a leading emblem takes its room ahead of the letters: the title moves aft by it (by half when centred)
  const lead = leadSpan(r, l) * scale
  const fwd =
    p.x !== undefined
      ? p.x * f.L - length / 2 + lead / 2
      : p.start !== undefined || !plain
        ? room.front + (p.start ?? 0.01) * f.L + lead
        : room.centre - length / 2 + lead / 2
  return { scale, base, fwd, length }
}

/** the main title's lettering and where it goes on this side (metres), null when none */
export function titleGeometry(f: SideFrame) {
  const t = f.scheme.design.titles
  if (f.scheme.blank || !t.text.trim()) return null
  const r = resolveWordmark(t)
  const l = layOut(r.text, r.style, r.overrides, r.colourAt)
  const room = roomOf(f)
  return { r, l, room, ...fit(f, r, l, room) }
}

/** draws the titles; returns their extent along the fuselage (side X, metres), null when none */
export function drawTitles(ctx: SKRSContext2D, f: SideFrame): { x0: number; x1: number } | null {
  const t = f.scheme.design.titles
  const g = titleGeometry(f)
  if (!g) return null
  const { r, l, scale, base, fwd, length } = g
  const dir = f.side === 'R' ? -1 : 1
  place(ctx, l, r.colours, fwd, length, base, scale, dir)
  let x0 = fwd,
    x1 = fwd + length
  const lead = drawLead(ctx, g, dir)
  if (lead) {
    x0 = Math.min(x0, lead.x0)
    x1 = Math.max(x1, lead.x1)
  }
  const s = r.second
  if (s) {
    const cap = 100 * scale * s.size
    const gap = 0.025 * f.L
    const below = s.at === 'below'
    const y = below ? base - 1.35 * cap - 0.1 * 100 * scale : base
    const at = (w: number) => (below ? fwd : s.at === 'before' ? x0 - gap - w : x1 + gap)
    const colour = s.colour ?? r.colours[0]
    // a line with a character our letters lack is left out (the catalog tests hold every line to them)
    if (!s.text || missingGlyphs(s.text).length) return { x0, x1 }
    const l2 = layOut(s.text, s.style ? { ...r.style, ...s.style } : r.style)
    const k = cap / 100
    const w = (l2.x1 - l2.x0) * k
    place(ctx, l2, [colour], at(w), w, y, k, dir)
    const a = at(w)
    x0 = Math.min(x0, a)
    x1 = Math.max(x1, a + w)
  }
  return { x0, x1 }
}

/** lettering between fwd and fwd + length along the side, reading from outside on either side */
function place(
  ctx: SKRSContext2D,
  l: Lettering,
  colours: string[],
  fwd: number,
  length: number,
  base: number,
  scale: number,
  dir: 1 | -1,
): void {
  // the reading line starts at the forward end on the left side, at the aft end on the right
  const x = dir === 1 ? fwd - l.x0 * scale : fwd + length + l.x0 * scale
  drawLettering(ctx, l, colours, { x, y: base, scale, dir })
}
