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
import type { Fuselage } from '../parts/fuselage'
import type { SideFrame } from './fuselage'

/** corners: [x / nose length, height as a fraction of the local section, belly 0 to crown 1] */
type Pane = [number, number][]

// the crown: the front panes reach up to it, leaving a thin centre post between the sides
const C = 0.993

const PANES: Record<CockpitStyle, Pane[]> = {
  // classic Boeing (737 MAX, 757, 767): the front pane, then two whose tops slope down aft
  boeing: [
    [
      [0.16, C],
      [0.29, C],
      [0.37, 0.84],
      [0.36, 0.66],
      [0.26, 0.7],
    ],
    [
      [0.385, 0.835],
      [0.47, 0.79],
      [0.47, 0.66],
      [0.375, 0.66],
    ],
    [
      [0.485, 0.785],
      [0.545, 0.755],
      [0.55, 0.68],
      [0.485, 0.665],
    ],
  ],
  // the 737NG keeps the classic row and its "eyebrow" windows above the side panes
  b737ng: [
    [
      [0.16, C],
      [0.29, C],
      [0.37, 0.84],
      [0.36, 0.66],
      [0.26, 0.7],
    ],
    [
      [0.385, 0.835],
      [0.47, 0.79],
      [0.47, 0.66],
      [0.375, 0.66],
    ],
    [
      [0.485, 0.785],
      [0.545, 0.755],
      [0.55, 0.68],
      [0.485, 0.665],
    ],
    [
      [0.39, 0.885],
      [0.465, 0.845],
      [0.465, 0.815],
      [0.39, 0.855],
    ],
    [
      [0.48, 0.84],
      [0.535, 0.81],
      [0.535, 0.785],
      [0.48, 0.812],
    ],
  ],
  // the 777: larger panes on its big round nose, the side windows' lower edges curving up aft
  b777: [
    [
      [0.16, C],
      [0.29, C],
      [0.375, 0.83],
      [0.365, 0.64],
      [0.26, 0.68],
    ],
    [
      [0.39, 0.825],
      [0.48, 0.795],
      [0.48, 0.67],
      [0.45, 0.635],
      [0.385, 0.63],
    ],
    [
      [0.495, 0.79],
      [0.55, 0.765],
      [0.565, 0.72],
      [0.55, 0.675],
      [0.495, 0.66],
    ],
  ],
  // the 787: four large panes, the front's lower edge curving, the side window's sweeping up to a point aft
  b787: [
    [
      [0.15, C],
      [0.3, C],
      [0.41, 0.83],
      [0.4, 0.62],
      [0.33, 0.625],
      [0.26, 0.65],
      [0.2, 0.71],
    ],
    [
      [0.425, 0.83],
      [0.52, 0.81],
      [0.555, 0.78],
      [0.565, 0.755],
      [0.545, 0.7],
      [0.5, 0.65],
      [0.46, 0.628],
      [0.42, 0.62],
    ],
  ],
  // Airbus (A320 family): a straight level sill, the sliding window upright, the rear one with its top aft corner cut
  airbus: [
    [
      [0.15, C],
      [0.3, C],
      [0.375, 0.85],
      [0.365, 0.69],
      [0.25, 0.72],
    ],
    [
      [0.39, 0.85],
      [0.49, 0.845],
      [0.49, 0.69],
      [0.38, 0.69],
    ],
    [
      [0.505, 0.843],
      [0.55, 0.84],
      [0.585, 0.77],
      [0.585, 0.69],
      [0.505, 0.69],
    ],
  ],
  // the A330/A340: panes little larger than the A320's on a far larger nose, a slimmer band above a deep radome
  a330: [
    [
      [0.17, C],
      [0.29, C],
      [0.35, 0.83],
      [0.345, 0.7],
      [0.26, 0.72],
    ],
    [
      [0.363, 0.83],
      [0.445, 0.82],
      [0.445, 0.7],
      [0.36, 0.7],
    ],
    [
      [0.46, 0.818],
      [0.495, 0.815],
      [0.522, 0.765],
      [0.522, 0.7],
      [0.46, 0.7],
    ],
  ],
  // the A220: large panes, the rear side window tapering aft
  a220: [
    [
      [0.14, C],
      [0.3, C],
      [0.38, 0.86],
      [0.37, 0.67],
      [0.25, 0.7],
    ],
    [
      [0.395, 0.86],
      [0.5, 0.85],
      [0.5, 0.66],
      [0.39, 0.67],
    ],
    [
      [0.51, 0.848],
      [0.56, 0.835],
      [0.575, 0.7],
      [0.51, 0.66],
    ],
  ],
  // the A350: Airbus panes inside a black mask (MASK)
  a350: [
    [
      [0.16, C],
      [0.29, C],
      [0.36, 0.84],
      [0.35, 0.68],
      [0.25, 0.71],
    ],
    [
      [0.375, 0.84],
      [0.46, 0.835],
      [0.46, 0.68],
      [0.37, 0.68],
    ],
    [
      [0.475, 0.833],
      [0.52, 0.83],
      [0.55, 0.75],
      [0.55, 0.68],
      [0.475, 0.68],
    ],
  ],
  // the A380: Airbus panes low on the nose between its decks, under the tall forehead
  a380: [
    [
      [0.14, C],
      [0.245, C],
      [0.285, 0.8],
      [0.28, 0.64],
      [0.2, 0.69],
    ],
    [
      [0.296, 0.79],
      [0.36, 0.75],
      [0.36, 0.61],
      [0.292, 0.625],
    ],
    [
      [0.372, 0.745],
      [0.4, 0.73],
      [0.418, 0.68],
      [0.418, 0.6],
      [0.372, 0.607],
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
  return [a * nl, f.model.fus.texY(a * nl, h)]
}

// the A350's black "raccoon mask" around its panes
const MASK: Pane = [
  [0.135, C],
  [0.31, C],
  [0.4, 0.87],
  [0.52, 0.862],
  [0.575, 0.845],
  [0.575, 0.655],
  [0.3, 0.665],
  [0.22, 0.69],
  [0.17, 0.75],
]

/** half the width of the centre post between the two front panes, m, per style */
const POST: Record<CockpitStyle, number> = {
  airbus: 0.06,
  a330: 0.07,
  a350: 0.06,
  a380: 0.08,
  a220: 0.06,
  boeing: 0.07,
  b737ng: 0.07,
  b777: 0.08,
  b747: 0.08,
  b787: 0.065,
}

/** the girth angle from the crown at which the surface at x stands `half` m beside the centreline */
function postAngle(fus: Fuselage, x: number, half: number): number {
  const sec = fus.section(x)
  let lo = 0,
    hi = Math.PI / 2
  for (let i = 0; i < 30; i++) {
    const m = (lo + hi) / 2
    if (fus.point(x, sec, m)[1] > half) hi = m
    else lo = m
  }
  return (lo + hi) / 2
}

/** steps along each pane edge: the texture's side coordinate curves, so a long edge is traced, not drawn straight */
const STEPS = 10

export function drawCockpit(ctx: SKRSContext2D, f: SideFrame): void {
  const style = f.model.shape.nose.cockpit
  const nl = f.model.shape.nose.length
  const fus = f.model.fus
  // a corner on the crown is painted past it: the centre post's clip (below) makes the inner edge
  const at = (a: number, h: number): [number, number] => [
    a * nl,
    h >= C ? f.H + 0.2 : fus.texY(a * nl, h),
  ]
  const poly = (p: Pane) => {
    ctx.beginPath()
    p.forEach(([a, h], i) => {
      const [b, g] = p[(i + 1) % p.length]
      for (let k = 0; k < STEPS; k++) {
        const t = k / STEPS
        const [x, y] = at(a + (b - a) * t, h >= C && g >= C ? C : h + (g - h) * t)
        if (i === 0 && k === 0) ctx.moveTo(x, y)
        else ctx.lineTo(x, y)
      }
    })
    ctx.closePath()
  }
  // the A350's mask is black paint (not glass) round the panes, over the centre post too
  if (style === 'a350') {
    ctx.fillStyle = '#121212'
    poly(MASK)
    ctx.fill()
  }
  ctx.save()
  // the centre post: glass stops a post's half width beside the crown, the paint shows between
  const a0 = Math.min(...PANES[style].flat().map(([a]) => a)) - 0.02
  const a1 = cockpitEnd(style) + 0.02
  ctx.beginPath()
  ctx.moveTo(a0 * nl, -1)
  for (let i = 0; i <= 96; i++) {
    const x = (a0 + ((a1 - a0) * i) / 96) * nl
    ctx.lineTo(x, fus.sideY(x, postAngle(fus, x, POST[style])))
  }
  ctx.lineTo(a1 * nl, -1)
  ctx.closePath()
  ctx.clip()
  ctx.lineJoin = 'round'
  // a thin dark seal round each pane: the frames between are the fuselage's own paint
  ctx.strokeStyle = 'rgba(20,28,36,0.55)'
  ctx.lineWidth = 0.025
  for (const p of PANES[style]) {
    // glass: dark, with a sky reflection along each pane's top edge
    const ys = p.map(([a, h]) => at(a, Math.min(h, C))[1])
    const lo = Math.min(...ys),
      hi = Math.max(...ys)
    const glass = ctx.createLinearGradient(0, lo, 0, hi)
    glass.addColorStop(0, '#141b23')
    glass.addColorStop(0.55, style === 'a350' ? '#2c3946' : '#26323f')
    glass.addColorStop(1, '#51667a')
    ctx.fillStyle = glass
    poly(p)
    ctx.fill()
    ctx.stroke()
  }
  ctx.restore()
}
