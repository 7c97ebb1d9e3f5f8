/**
 * Airline titles on the forward upper fuselage, on both sides, in the bundled font. In side
 * coordinates the right side is seen with the nose to the right, so there the text runs towards
 * the nose (X decreasing); on the left side it runs towards the tail. Either way it reads
 * left-to-right and upright from outside, never mirrored.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import { SANS, SERIF } from './fonts'
import type { SideFrame } from './fuselage'

export function titleBox(f: SideFrame): { x0: number; x1: number; y: number; size: number } {
  const w = f.model.shape.windows
  // above the top row of windows: the A380's upper deck, otherwise the main deck
  const top = (w.upper && f.model.fus.plane.decks === 2 ? w.upper.height : w.height) * f.H + w.h / 2
  // big, airline-style lettering between the window line and the upper curve of the crown
  // narrowbodies get relatively taller letters: titles must still read on a 4 m fuselage
  const size = Math.min((f.H < 4.5 ? 0.33 : 0.28) * f.H, 1.8, f.H * 0.985 - top - 0.06)
  const y = top + 0.08 + size * 0.42 // text centre
  const hump = f.model.shape.hump
  // behind a 747's hump, where the crown is level again; else just aft of the first door
  const x0 = hump ? hump.length - 0.25 * (hump.fairing ?? 0.3 * hump.length) : Math.max(f.model.shape.nose.length * 1.1, f.model.shape.doors[0] * f.L + 1.2)
  const x1 = Math.max(x0 + 4, hump ? x0 + 0.3 * f.L : f.model.wing.x0 + 0.2 * f.L * (f.L > 50 ? 0.8 : 1.1))
  return { x0, x1, y, size }
}

export function drawTitles(ctx: SKRSContext2D, f: SideFrame): void {
  const t = f.scheme.design.titles
  if (f.scheme.blank || !t.text.trim()) return
  const box = titleBox(f)
  const family = t.font === 'serif' ? SERIF : SANS
  const weight = t.weight === 'regular' ? '' : 'bold '
  // font size in texels keeps glyph outlines crisp; scale back to metres by the transform
  const px = Math.max(4, box.size * f.k)
  ctx.font = `${weight}${px}px ${family}`
  const width = ctx.measureText(t.text).width / f.k
  const fit = Math.min(1, (box.x1 - box.x0) / width)
  ctx.save()
  const cx = (box.x0 + box.x1) / 2
  const dir = f.side === 'R' ? -1 : 1
  // text space (x right, y down, texels) -> side coordinates (metres)
  const s = fit / f.k
  ctx.transform(dir * s, 0, t.italic ? -0.2 * s * dir : 0, -s, cx, box.y)
  ctx.fillStyle = t.color
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(t.text, 0, 0)
  ctx.restore()
}
