/** Cheatline styles and the tail colour wrapping onto the rear fuselage, in side coordinates. */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { SideFrame } from './fuselage'

export function drawCheatline(ctx: SKRSContext2D, f: SideFrame): void {
  const c = f.scheme.design.cheatline
  if (c.style === 'none' || c.colors.length === 0) return
  const { L, H } = f
  const w = f.model.shape.windows
  const wy = w.height * H
  const c1 = c.colors[1] ?? c.colors[0]
  const start = f.model.shape.nose.length * 0.35
  const end = L - f.model.shape.tail.length * 0.25
  // the first colour, or its fade from the line's front end to its rear
  const from = c.style === 'swoosh' ? 0.14 * L : c.style === 'tail-sweep' ? 0.5 * L : start
  const c0: Fill = c.gradient ? fade(ctx, [c.colors[0], ...c.gradient], from, 0, L, 0) : c.colors[0]
  switch (c.style) {
    case 'stripe':
      band(ctx, c0, start, end, wy - w.h / 2 - 0.16 * H, 0.09 * H)
      break
    case 'double':
      band(ctx, c0, start, end, wy - w.h / 2 - 0.1 * H, 0.07 * H)
      band(ctx, c1, start, end, wy - w.h / 2 - 0.2 * H, 0.05 * H)
      break
    case 'window-band':
      band(ctx, c0, start, end, wy - w.h / 2 - 0.06 * H, w.h + 0.12 * H)
      if (c.colors[1]) band(ctx, c1, start, end, wy - w.h / 2 - 0.1 * H, 0.03 * H)
      break
    case 'swoosh': {
      // a band rising from the forward belly to the rear crown, widening as it goes
      ctx.fillStyle = c0
      ctx.beginPath()
      ctx.moveTo(0.18 * L, 0)
      ctx.bezierCurveTo(0.45 * L, 0.05 * H, 0.62 * L, 0.22 * H, L + 1, 0.75 * H)
      ctx.lineTo(L + 1, 0.2 * H)
      ctx.bezierCurveTo(0.7 * L, 0.05 * H, 0.5 * L, -0.02 * H, 0.3 * L, -0.05 * H)
      ctx.closePath()
      ctx.fill()
      if (c.colors[1]) {
        ctx.strokeStyle = c1
        ctx.lineWidth = 0.035 * H
        ctx.beginPath()
        ctx.moveTo(0.14 * L, 0.02 * H)
        ctx.bezierCurveTo(0.42 * L, 0.1 * H, 0.6 * L, 0.3 * H, L + 1, 0.85 * H)
        ctx.stroke()
      }
      break
    }
    case 'tail-sweep': {
      // the rear fuselage in colour, the edge sweeping up and back from the belly
      ctx.fillStyle = c0
      ctx.beginPath()
      ctx.moveTo(0.5 * L, -1)
      ctx.bezierCurveTo(0.62 * L, 0.25 * H, 0.7 * L, 0.75 * H, 0.76 * L, H + 1)
      ctx.lineTo(L + 1, H + 1)
      ctx.lineTo(L + 1, -1)
      ctx.closePath()
      ctx.fill()
      if (c.colors[1]) {
        ctx.strokeStyle = c1
        ctx.lineWidth = 0.05 * H
        ctx.beginPath()
        ctx.moveTo(0.47 * L, -1)
        ctx.bezierCurveTo(0.59 * L, 0.25 * H, 0.67 * L, 0.75 * H, 0.73 * L, H + 1)
        ctx.stroke()
      }
      break
    }
  }
}

type Fill = string | ReturnType<SKRSContext2D['createLinearGradient']>

function band(ctx: SKRSContext2D, color: Fill, x0: number, x1: number, y: number, h: number): void {
  ctx.fillStyle = color
  ctx.beginPath()
  // slanted ends read as a deliberate stripe rather than a cut-off rectangle
  ctx.moveTo(x0 + h * 1.2, y)
  ctx.lineTo(x1, y)
  ctx.lineTo(x1 + h * 1.2, y + h)
  ctx.lineTo(x0, y + h)
  ctx.closePath()
  ctx.fill()
}

/** the fin's base colour continued down the rear fuselage below the fin */
export function drawTailWrap(ctx: SKRSContext2D, f: SideFrame): void {
  const fin = f.model.fin
  const { L, H } = f
  ctx.fillStyle = f.scheme.design.tail.base
  ctx.beginPath()
  ctx.moveTo(fin.x0 - 1.2, H + 1)
  ctx.bezierCurveTo(
    fin.x0 + 0.5,
    0.55 * H,
    fin.x0 + 2,
    0.25 * H,
    L - f.model.shape.tail.length * 0.55,
    -1,
  )
  ctx.lineTo(L + 1, -1)
  ctx.lineTo(L + 1, H + 1)
  ctx.closePath()
  ctx.fill()
}

/** a linear gradient from (x0, y0) to (x1, y1) through colours spaced evenly */
export function fade(
  ctx: SKRSContext2D,
  colors: readonly string[],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): ReturnType<SKRSContext2D['createLinearGradient']> {
  const grad = ctx.createLinearGradient(x0, y0, x1, y1)
  colors.forEach((c, i) => grad.addColorStop(colors.length > 1 ? i / (colors.length - 1) : 0, c))
  return grad
}
