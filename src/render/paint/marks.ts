/**
 * Emblems on the fuselage sides (livery.marks): a ribbon beside the titles, a heart on the belly,
 * a sweep from the fin down the rear fuselage. x and w count in fuselage lengths from the nose, in
 * fin root chords from the fin's leading edge (anchor 'fin'), or in title widths from the titles'
 * nose end (anchor 'title'). Drawn in side coordinates on both sides with the
 * front of the shape towards the nose, like the fin's emblems.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { Mark } from '../../catalog/types'
import { drawEmblem } from './emblems'
import type { SideFrame } from './fuselage'

export function drawMarks(
  ctx: SKRSContext2D,
  f: SideFrame,
  marks: readonly Mark[],
  title: { x0: number; x1: number } | null,
): void {
  for (const m of marks) {
    let x0: number, w: number
    if (m.anchor === 'title') {
      if (!title) continue
      x0 = title.x0 + m.x * (title.x1 - title.x0)
      w = m.w * (title.x1 - title.x0)
    } else if (m.anchor === 'fin') {
      const fin = f.model.fin
      x0 = fin.x0 + m.x * fin.rootChord
      w = m.w * fin.rootChord
    } else {
      x0 = m.x * f.L
      w = m.w * f.L
    }
    const y0 = m.y * f.H
    const h = m.h * f.H
    ctx.save()
    ctx.transform(w / 100, 0, 0, -h / 100, x0, y0 + h)
    drawEmblem(ctx, m.shape, m.colors)
    ctx.restore()
  }
}
