/**
 * Cockpit windows per family style, as polygons in (fraction of nose length, fraction of height).
 * The families differ here at a glance: the A350's black "raccoon mask", the 787's four large
 * panes, Boeing's classic stepped row, the A380's low cockpit between its decks.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { CockpitStyle } from '../shape'
import type { SideFrame } from './fuselage'

type Poly = [number, number][]

const PANES: Record<CockpitStyle, Poly[]> = {
  airbus: [
    [[0.4, 0.73], [0.5, 0.68], [0.5, 0.84], [0.43, 0.86]],
    [[0.52, 0.68], [0.63, 0.68], [0.63, 0.85], [0.52, 0.84]],
    [[0.65, 0.68], [0.74, 0.7], [0.72, 0.84], [0.65, 0.85]],
  ],
  a220: [
    [[0.4, 0.72], [0.5, 0.68], [0.5, 0.84], [0.43, 0.86]],
    [[0.52, 0.68], [0.62, 0.68], [0.62, 0.85], [0.52, 0.84]],
    [[0.64, 0.68], [0.72, 0.69], [0.71, 0.84], [0.64, 0.85]],
  ],
  a350: [
    [[0.4, 0.73], [0.5, 0.69], [0.5, 0.84], [0.43, 0.86]],
    [[0.52, 0.69], [0.63, 0.69], [0.63, 0.85], [0.52, 0.84]],
    [[0.65, 0.7], [0.73, 0.71], [0.71, 0.83], [0.65, 0.84]],
  ],
  a380: [
    [[0.3, 0.55], [0.4, 0.52], [0.41, 0.64], [0.33, 0.66]],
    [[0.42, 0.52], [0.52, 0.52], [0.52, 0.65], [0.42, 0.64]],
    [[0.54, 0.52], [0.62, 0.53], [0.6, 0.64], [0.54, 0.65]],
  ],
  boeing: [
    [[0.44, 0.74], [0.53, 0.68], [0.54, 0.83], [0.47, 0.86]],
    [[0.55, 0.68], [0.65, 0.69], [0.65, 0.82], [0.56, 0.83]],
    [[0.67, 0.7], [0.75, 0.72], [0.74, 0.81], [0.67, 0.82]],
  ],
  b787: [
    [[0.42, 0.72], [0.58, 0.67], [0.59, 0.84], [0.46, 0.87]],
    [[0.61, 0.67], [0.72, 0.69], [0.7, 0.82], [0.61, 0.84]],
  ],
}

const MASK: Poly = [[0.34, 0.7], [0.46, 0.64], [0.8, 0.64], [0.9, 0.76], [0.8, 0.88], [0.4, 0.9]]

export function drawCockpit(ctx: SKRSContext2D, f: SideFrame): void {
  const style = f.model.shape.nose.cockpit
  const nl = f.model.shape.nose.length
  const H = f.H
  const poly = (p: Poly) => {
    ctx.beginPath()
    p.forEach(([x, y], i) => (i ? ctx.lineTo(x * nl, y * H) : ctx.moveTo(x * nl, y * H)))
    ctx.closePath()
  }
  if (style === 'a350') {
    ctx.fillStyle = '#15191e'
    poly(MASK)
    ctx.fill()
  }
  ctx.fillStyle = style === 'a350' ? '#2f3b48' : '#1f2831'
  ctx.lineJoin = 'round'
  ctx.strokeStyle = ctx.fillStyle
  ctx.lineWidth = 0.06
  for (const p of PANES[style]) {
    poly(p)
    ctx.fill()
    ctx.stroke()
  }
}
