/**
 * Cockpit windows per family style. A pane's corners are (x as a fraction of the nose length,
 * height as a fraction of the local section), placed on the true surface (Fuselage.sideHeight), as
 * the nose is painted by true height. The front panes reach up to the crown, where the two sides'
 * meet at a thin centre post: that is the windscreen seen from ahead.
 * The families differ here at a glance: Boeing's classic row with its sloping second pane (the
 * 737NG with its eyebrow windows, the 777 larger and rounder), the 787's four large panes, the
 * Airbus straight sill and cut-corner side window (the A330/A340's a slimmer band on a bigger nose), the A350's black mask, the A380's cockpit low
 * between its decks, the 747's on the front of the upper deck.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { CockpitStyle } from '../parts/shape'
import type { SideFrame } from './fuselage'

/** corners: [x / nose length, height as a fraction of the local section, belly 0 to crown 1] */
type Pane = [number, number][]

// the crown: the front panes reach up to it, leaving a thin centre post between the sides
const C = 0.993

const PANES: Record<CockpitStyle, Pane[]> = {
  // classic Boeing (737, 757, 767, 777): the front pane, then a second whose top slopes down aft
  boeing: [
    [
      [0.2, C],
      [0.27, C],
      [0.36, 0.8],
      [0.35, 0.64],
      [0.28, 0.67],
    ],
    [
      [0.37, 0.795],
      [0.455, 0.755],
      [0.455, 0.635],
      [0.36, 0.635],
    ],
    [
      [0.47, 0.745],
      [0.53, 0.72],
      [0.54, 0.655],
      [0.47, 0.64],
    ],
  ],
  // the 737NG keeps the classic row and its "eyebrow" windows above the side panes
  b737ng: [
    [
      [0.2, C],
      [0.27, C],
      [0.36, 0.8],
      [0.35, 0.64],
      [0.28, 0.67],
    ],
    [
      [0.37, 0.795],
      [0.455, 0.755],
      [0.455, 0.635],
      [0.36, 0.635],
    ],
    [
      [0.47, 0.745],
      [0.53, 0.72],
      [0.54, 0.655],
      [0.47, 0.64],
    ],
    [
      [0.375, 0.855],
      [0.45, 0.83],
      [0.45, 0.8],
      [0.38, 0.82],
    ],
    [
      [0.465, 0.825],
      [0.525, 0.805],
      [0.525, 0.78],
      [0.465, 0.795],
    ],
  ],
  // the 777: larger panes on its big round nose, the side window's lower edge curving up aft
  b777: [
    [
      [0.2, C],
      [0.28, C],
      [0.37, 0.81],
      [0.36, 0.625],
      [0.28, 0.66],
    ],
    [
      [0.38, 0.805],
      [0.47, 0.775],
      [0.47, 0.66],
      [0.44, 0.62],
      [0.375, 0.615],
    ],
    [
      [0.485, 0.765],
      [0.545, 0.74],
      [0.55, 0.68],
      [0.485, 0.655],
    ],
  ],
  // the 787: four large panes, a long swept rear edge on the side window
  b787: [
    [
      [0.19, C],
      [0.3, C],
      [0.41, 0.8],
      [0.4, 0.62],
      [0.28, 0.67],
    ],
    [
      [0.42, 0.8],
      [0.545, 0.755],
      [0.51, 0.635],
      [0.415, 0.62],
    ],
  ],
  // Airbus: a straight sill, upright side panes, the rear one with its corner cut
  airbus: [
    [
      [0.19, C],
      [0.26, C],
      [0.345, 0.79],
      [0.34, 0.62],
      [0.26, 0.66],
    ],
    [
      [0.355, 0.79],
      [0.45, 0.79],
      [0.45, 0.62],
      [0.355, 0.62],
    ],
    [
      [0.465, 0.79],
      [0.515, 0.785],
      [0.545, 0.69],
      [0.54, 0.625],
      [0.465, 0.62],
    ],
  ],
  // the A330/A340: panes of the A320's size on a far larger nose, so a slimmer band sitting higher
  // above a deep radome; the side windows' tops follow the crown down aft, the rear pane rounded aft
  a330: [
    [
      [0.225, C],
      [0.29, C],
      [0.355, 0.79],
      [0.35, 0.655],
      [0.29, 0.675],
    ],
    [
      [0.365, 0.788],
      [0.44, 0.775],
      [0.44, 0.655],
      [0.365, 0.655],
    ],
    [
      [0.453, 0.772],
      [0.49, 0.765],
      [0.512, 0.735],
      [0.515, 0.69],
      [0.5, 0.66],
      [0.453, 0.655],
    ],
  ],
  a220: [
    [
      [0.18, C],
      [0.255, C],
      [0.345, 0.8],
      [0.34, 0.62],
      [0.255, 0.65],
    ],
    [
      [0.355, 0.8],
      [0.45, 0.79],
      [0.45, 0.62],
      [0.36, 0.62],
    ],
    [
      [0.465, 0.785],
      [0.53, 0.77],
      [0.52, 0.63],
      [0.465, 0.62],
    ],
  ],
  a350: [
    [
      [0.19, C],
      [0.26, C],
      [0.345, 0.79],
      [0.34, 0.63],
      [0.26, 0.66],
    ],
    [
      [0.355, 0.79],
      [0.45, 0.79],
      [0.45, 0.63],
      [0.36, 0.63],
    ],
    [
      [0.465, 0.78],
      [0.515, 0.77],
      [0.53, 0.645],
      [0.465, 0.63],
    ],
  ],
  // the A380's flight deck sits between its decks, low on the bulbous nose
  a380: [
    [
      [0.018, C],
      [0.045, C],
      [0.125, 0.655],
      [0.125, 0.575],
      [0.06, 0.6],
    ],
    [
      [0.135, 0.655],
      [0.215, 0.64],
      [0.235, 0.53],
      [0.135, 0.56],
    ],
    [
      [0.225, 0.64],
      [0.3, 0.62],
      [0.31, 0.49],
      [0.245, 0.52],
    ],
    [
      [0.32, 0.62],
      [0.41, 0.62],
      [0.41, 0.49],
      [0.32, 0.49],
    ],
    [
      [0.43, 0.62],
      [0.5, 0.61],
      [0.49, 0.5],
      [0.43, 0.49],
    ],
  ],
  // on the steep front of the upper deck, the side panes low on its side walls: from above a thin
  // band across the front of the hump, not a visor over its roof
  b747: [
    [
      [0.3, C],
      [0.345, C],
      [0.4, 0.86],
      [0.4, 0.8],
      [0.35, 0.81],
    ],
    [
      [0.41, 0.86],
      [0.49, 0.855],
      [0.49, 0.8],
      [0.41, 0.8],
    ],
    [
      [0.505, 0.853],
      [0.565, 0.85],
      [0.565, 0.805],
      [0.505, 0.8],
    ],
  ],
}

/** how far aft the last pane reaches, as a fraction of the nose length: a door must start behind it */
export function cockpitEnd(style: CockpitStyle): number {
  return Math.max(...PANES[style].flat().map(([a]) => a))
}

/** the windscreen's lower front corner in side coordinates (m from the tip, m above the belly): the radome ends there */
export function windscreenFoot(f: SideFrame): [number, number] {
  const nl = f.model.shape.nose.length
  const front = PANES[f.model.shape.nose.cockpit][0]
  const [a, h] = front[front.length - 1]
  return [a * nl, f.model.fus.sideHeight(a * nl, h)]
}

// the A350's black "raccoon mask" around its panes
const MASK: Pane = [
  [0.17, 0.999],
  [0.285, 0.999],
  [0.55, 0.81],
  [0.55, 0.6],
  [0.27, 0.62],
  [0.22, 0.72],
]

export function drawCockpit(ctx: SKRSContext2D, f: SideFrame): void {
  const style = f.model.shape.nose.cockpit
  const nl = f.model.shape.nose.length
  const fus = f.model.fus
  // a corner at the crown is painted on up past it, and the edge between two such corners runs
  // above the crown: v follows true height on the nose, so the facets either side of the crown
  // all sample the texel rows at the crown, and an edge there (a thin post, the outline, the paint
  // beyond) was smeared across them in stripes that changed from one texel column to the next.
  // The two sides' front panes now meet in glass
  const over = (x: number) => fus.sideHeight(x, 1) + 0.4
  const poly = (p: Pane) => {
    ctx.beginPath()
    const n = p.length
    const to = (x: number, y: number) => ctx.lineTo(x, y)
    ctx.moveTo(p[0][0] * nl, fus.sideHeight(p[0][0] * nl, p[0][1]))
    p.forEach(([a, h], i) => {
      const x = a * nl
      if (h < C) return to(x, fus.sideHeight(x, h))
      const [pa, ph] = p[(i + n - 1) % n]
      if (ph >= C)
        for (let k = 1; k < 8; k++)
          to((pa + ((a - pa) * k) / 8) * nl, over((pa + ((a - pa) * k) / 8) * nl))
      else to(x, fus.sideHeight(x, h))
      to(x, over(x))
      if (p[(i + 1) % n][1] < C) to(x, fus.sideHeight(x, h))
    })
    ctx.closePath()
  }
  if (style === 'a350') {
    ctx.fillStyle = '#15191e'
    poly(MASK)
    ctx.fill()
  }
  ctx.lineJoin = 'round'
  ctx.strokeStyle = '#1c252e'
  ctx.lineWidth = 0.05
  for (const p of PANES[style]) {
    // glass: dark, with a sky reflection along each pane's top edge
    // the gradient spans the pane as seen (up to the crown), not as painted past it
    const ys = p.map(([a, h]) => fus.sideHeight(a * nl, Math.min(h, 1)))
    const lo = Math.min(...ys),
      hi = Math.max(...ys)
    const glass = ctx.createLinearGradient(0, lo, 0, hi)
    glass.addColorStop(0, '#141b23')
    glass.addColorStop(0.6, style === 'a350' ? '#2c3946' : '#243140')
    glass.addColorStop(1, '#51667a')
    ctx.fillStyle = glass
    poly(p)
    ctx.fill()
    ctx.stroke()
  }
}
