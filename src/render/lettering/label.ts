/**
 * Small text on a plain 2D canvas (sheet labels, the watermark, the stand-in picture), lettered by
 * our own glyphs in the grotesk: no font is loaded, so every host draws the same letters. Sizes are
 * given as a font's pixel size would be, so a label keeps the height it had when set in a font.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import { drawLettering } from './draw'
import { type Lettering, layOut } from './layout'
import { styleOf } from './style'

/** a sans face's cap height as a share of its pixel size */
const CAP = 0.73

export interface LabelOptions {
  bold?: boolean
  /** where x is: the start, the middle or the end of the text */
  align?: 'left' | 'center' | 'right'
  /** y is the baseline, or the middle of the capitals */
  baseline?: 'alphabetic' | 'middle'
  /** an outline under the letters, px wide each side, so they show on any ground */
  halo?: { colour: string; width: number }
}

function lettering(text: string, bold: boolean): Lettering {
  return layOut(text, styleOf({ preset: bold ? 'grotesk-bold' : 'grotesk' }))
}

/** pixels per em unit at a font size of px */
const scaleOf = (px: number) => (CAP * px) / 100

/** the width text takes, in pixels, at a font size of px */
export function labelWidth(text: string, px: number, bold = false): number {
  const l = lettering(text, bold)
  return (l.x1 - l.x0) * scaleOf(px)
}

/** draws text at (x, y) on a y-down canvas; returns its width in pixels */
export function drawLabel(
  ctx: SKRSContext2D,
  text: string,
  x: number,
  y: number,
  px: number,
  colour: string,
  o: LabelOptions = {},
): number {
  const l = lettering(text, !!o.bold)
  const scale = scaleOf(px)
  const w = (l.x1 - l.x0) * scale
  const start = o.align === 'right' ? x - w : o.align === 'center' ? x - w / 2 : x
  const at = {
    x: -l.x0 * scale,
    y: o.baseline === 'middle' ? -50 * scale : 0,
    scale,
    dir: 1 as const,
  }
  ctx.save()
  // lettering is drawn y up
  ctx.translate(start, y)
  ctx.scale(1, -1)
  if (o.halo)
    drawLettering(ctx, { ...l, pen: l.pen + (2 * o.halo.width) / scale }, [o.halo.colour], at)
  drawLettering(ctx, l, [colour], at)
  ctx.restore()
  return w
}
