/**
 * Second wordmark parts in another script, as our own stylised path art (never a font's or an
 * airline's drawing): strokes in an em box (cap height 100, y up, x as seen by the reader), set
 * like lettering so they read the same from both sides.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import { drawLettering } from './draw'
import type { Lettering } from './layout'
import { arc, path, type Stroke } from './pen'
import { styleOf } from './style'

interface Art {
  w: number
  pen: number
  strokes: Stroke[]
  dots?: [number, number][]
}

/**
 * a calligraphic Arabic line in the manner of a thuluth title: tall uprights, a long baseline
 * sweep with teeth, a closing bowl below it; it suggests the script, it does not spell
 */
const ARABIC_SWEEP: Art = {
  w: 330,
  pen: 9,
  strokes: [
    path([330, 96, 326, 10], arc(300, 12, 26, 16, 0, -150)),
    [280, 92, 278, 20],
    path(
      [262, 30],
      arc(240, 24, 22, 16, 20, 200),
      [120, 18],
      arc(120, 34, 14, 16, -90, 90),
      [118, 50],
    ),
    [196, 84, 196, 22],
    [174, 90, 172, 20],
    path([150, 40, 142, 22]),
    [96, 94, 94, 16],
    path([70, 60], arc(60, 46, 12, 14, 0, 360)),
    path([60, 18, 6, 18], arc(26, 8, 22, 22, 180, 300)),
  ],
  dots: [
    [238, 0],
    [150, 62],
    [40, 42],
  ],
}

/** a two-word Arabic title in a rounder hand (Gulf carriers' second lines) */
const ARABIC_ROUND: Art = {
  w: 220,
  pen: 11,
  strokes: [
    [216, 96, 214, 14],
    path([200, 40], arc(178, 30, 22, 16, 10, 200), [150, 14, 120, 14]),
    [132, 78, 130, 14],
    path([104, 36], arc(92, 30, 12, 12, 0, 360)),
    path([92, 18, 30, 18], arc(30, 4, 24, 22, 90, 250)),
    [60, 70, 58, 18],
  ],
  dots: [
    [178, 62],
    [30, 40],
  ],
}

export const ARTS: Record<string, Art> = {
  'arabic-sweep': ARABIC_SWEEP,
  'arabic-round': ARABIC_ROUND,
}

/** draws an art cap metres tall with its start where at(width) says; returns its width */
export function drawArt(
  ctx: SKRSContext2D,
  name: string,
  colour: string,
  at: (w: number) => number,
  base: number,
  cap: number,
  dir: 1 | -1,
): number {
  const a = ARTS[name]
  if (!a) return 0
  const scale = cap / 100
  const w = a.w * scale
  const l: Lettering = {
    ink: [
      ...a.strokes.map((pts) => ({ kind: 'stroke' as const, pts, colour: 0 })),
      ...(a.dots ?? []).map(([x, y]) => ({ kind: 'dot' as const, pts: [x, y], colour: 0 })),
    ],
    pen: a.pen,
    style: styleOf({ terminals: 'round', contrast: 0.35, weight: a.pen }),
    x0: 0,
    x1: a.w,
    y0: 0,
    y1: 100,
  }
  const fwd = at(w)
  drawLettering(ctx, l, [colour], { x: dir === 1 ? fwd : fwd + w, y: base, scale, dir })
  return w
}
