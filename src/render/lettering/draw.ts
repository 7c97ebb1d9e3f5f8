/**
 * Draws set lettering (layout.ts) onto a 2D context with canvas paths. The caller's transform is a
 * surface in metres, y up, as seen from one side; `dir` -1 is for a surface seen from its other
 * face (a fuselage's right side, its x running from the nose on the reader's right): there
 * reading order runs along -x, and since that face is seen the other way round, every letter
 * still reads left to right from outside.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { Lettering } from './layout'

export interface Placement {
  /** where the em box's origin (baseline, start of the reading line) lands */
  x: number
  y: number
  /** metres per em unit */
  scale: number
  /** +1 reading towards +x, -1 towards -x */
  dir: 1 | -1
}

export function drawLettering(
  ctx: SKRSContext2D,
  l: Lettering,
  colours: string[],
  p: Placement,
): void {
  const s = l.style
  ctx.save()
  // em (x right in reading order, y up) -> surface: reading runs along dir, up stays up
  ctx.transform(p.dir * p.scale, 0, 0, p.scale, p.x, p.y)
  ctx.lineCap = s.terminals === 'round' ? 'round' : 'square'
  ctx.lineJoin = s.terminals === 'round' ? 'round' : 'miter'
  ctx.miterLimit = 2.2
  const pen = 1 - s.contrast
  for (let c = 0; c < colours.length; c++) {
    ctx.strokeStyle = colours[c]
    ctx.fillStyle = colours[c]
    strokes(ctx, l, c, pen)
    ctx.beginPath()
    for (const it of l.ink) {
      if (it.colour !== c) continue
      if (it.kind === 'fill') {
        ctx.moveTo(it.pts[0], it.pts[1])
        for (let i = 2; i < it.pts.length; i += 2) ctx.lineTo(it.pts[i], it.pts[i + 1])
        ctx.closePath()
      } else if (it.kind === 'dot') {
        const r = l.pen * 0.62
        ctx.moveTo(it.pts[0] + r, it.pts[1])
        if (s.terminals === 'round') ctx.arc(it.pts[0], it.pts[1], r, 0, 2 * Math.PI)
        else ctx.rect(it.pts[0] - r, it.pts[1] - r, 2 * r, 2 * r)
      }
    }
    ctx.fill()
  }
  ctx.restore()
}

/** one path per pen width: the pen is an ellipse, flat by the contrast, applied at stroke time */
function strokes(ctx: SKRSContext2D, l: Lettering, colour: number, pen: number): void {
  const widths = new Set(
    l.ink.filter((i) => i.colour === colour && i.kind === 'stroke').map((i) => i.w ?? l.pen),
  )
  for (const w of widths) {
    ctx.beginPath()
    for (const it of l.ink) {
      if (it.colour !== colour || it.kind !== 'stroke' || (it.w ?? l.pen) !== w) continue
      ctx.moveTo(it.pts[0], it.pts[1])
      for (let i = 2; i < it.pts.length; i += 2) ctx.lineTo(it.pts[i], it.pts[i + 1])
    }
    ctx.save()
    ctx.transform(1, 0, 0, pen, 0, 0)
    ctx.lineWidth = w
    ctx.stroke()
    ctx.restore()
  }
}
