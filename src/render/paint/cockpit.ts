/**
 * Cockpit windows per family style, as polygons in (fraction of nose length, fraction of height).
 * The families differ here at a glance: the A350's black "raccoon mask", the 787's four large
 * panes, Boeing's classic stepped row, the A380's low cockpit between its decks.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { CockpitStyle } from '../parts/shape'
import type { SideFrame } from './fuselage'

type Poly = [number, number][]

const PANES: Record<CockpitStyle, Poly[]> = {
  airbus: [
    [[0.25, 0.67], [0.33, 0.62], [0.345, 0.79], [0.275, 0.82]],
    [[0.355, 0.62], [0.45, 0.62], [0.45, 0.79], [0.36, 0.79]],
    [[0.465, 0.62], [0.54, 0.635], [0.525, 0.78], [0.465, 0.79]],
  ],
  a220: [
    [[0.25, 0.66], [0.33, 0.62], [0.345, 0.79], [0.275, 0.82]],
    [[0.355, 0.62], [0.44, 0.62], [0.44, 0.79], [0.36, 0.79]],
    [[0.455, 0.62], [0.52, 0.63], [0.51, 0.78], [0.455, 0.79]],
  ],
  a350: [
    [[0.25, 0.67], [0.33, 0.63], [0.345, 0.79], [0.275, 0.82]],
    [[0.355, 0.63], [0.45, 0.63], [0.45, 0.79], [0.36, 0.79]],
    [[0.465, 0.63], [0.53, 0.645], [0.515, 0.77], [0.465, 0.78]],
  ],
  a380: [
    [[0.22, 0.52], [0.3, 0.49], [0.31, 0.62], [0.24, 0.64]],
    [[0.32, 0.49], [0.41, 0.49], [0.41, 0.62], [0.32, 0.62]],
    [[0.43, 0.49], [0.5, 0.5], [0.49, 0.61], [0.43, 0.62]],
  ],
  boeing: [
    [[0.27, 0.7], [0.345, 0.63], [0.36, 0.79], [0.295, 0.82]],
    [[0.37, 0.63], [0.455, 0.635], [0.455, 0.78], [0.375, 0.79]],
    [[0.47, 0.64], [0.54, 0.66], [0.53, 0.76], [0.47, 0.77]],
  ],
  // on top of the hump, at the front of the upper deck (fractions of the 10 m nose)
  b747: [
    [[0.42, 0.905], [0.49, 0.875], [0.5, 0.955], [0.44, 0.972]],
    [[0.51, 0.875], [0.585, 0.878], [0.585, 0.95], [0.515, 0.955]],
    [[0.6, 0.878], [0.66, 0.886], [0.655, 0.943], [0.6, 0.948]],
  ],
  b787: [
    [[0.26, 0.68], [0.4, 0.62], [0.41, 0.8], [0.29, 0.84]],
    [[0.42, 0.62], [0.51, 0.635], [0.495, 0.78], [0.42, 0.8]],
  ],
}

const MASK: Poly = [[0.2, 0.68], [0.3, 0.58], [0.58, 0.59], [0.66, 0.7], [0.58, 0.83], [0.26, 0.88]]

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
  // glass: a sky reflection along the top edge fading to dark
  const glass = ctx.createLinearGradient(0, 0.62 * H, 0, 0.95 * H)
  glass.addColorStop(0, '#141b23')
  glass.addColorStop(0.55, style === 'a350' ? '#2c3946' : '#243140')
  glass.addColorStop(1, '#51667a')
  ctx.fillStyle = glass
  ctx.lineJoin = 'round'
  ctx.strokeStyle = '#1c252e'
  ctx.lineWidth = 0.06
  const panes = PANES[style]
  // the forward-facing windscreen: ahead of the first side pane, higher up, seen in front views
  const first = panes[0]
  // the A380's windscreen meets at the centreline low on its bulbous nose, close to the tip
  const lowFront = style === 'a380' ? 0.06 : 0
  const front: Poly = [
    [first[0][0] - 0.09, first[0][1] + 0.1],
    [first[0][0] - 0.01, first[0][1]],
    [first[3][0] - 0.005, first[3][1] + 0.02],
    // up to the crown line, where the two sides' panes meet at a thin centre post
    [first[3][0] - 0.05 - lowFront, 0.993],
    [first[0][0] - 0.11 - lowFront, 0.993],
  ]
  for (const p of [front, ...panes]) {
    poly(p)
    ctx.fill()
    ctx.stroke()
  }
}
