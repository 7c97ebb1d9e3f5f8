/**
 * Panel outlines, drawn only where they can be seen: from the drawn length at which the full cut
 * is used (parts/detail.ts panelsFor: hd and above; card and thumb stay plain). The radome's
 * joint, the cargo doors on the right side (ahead of and behind the wing), the avionics hatch
 * behind the nose-gear bay: thin lines a shade darker than the paint, as the passenger doors are;
 * and at each passenger door its second seam (the door's skin inside the frame's) and the sill
 * plate under it, which tell a door from a painted rectangle up close.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import { windscreenFoot } from './cockpit'
import { roundRect, type SideFrame } from './fuselage'

export function drawPanels(ctx: SKRSContext2D, f: SideFrame): void {
  if (!f.panels) return
  const { L, H } = f
  const s = f.model.shape
  const nl = s.nose.length
  ctx.strokeStyle = 'rgba(40,50,60,0.28)'
  // at least a texel and a half: a line of one texel, sampled where the skin turns away, broke
  // into dashes
  ctx.lineWidth = Math.max(0.03, 1.5 / f.k)
  // the radome's joint, from the belly up to the windscreen's lower front corner, leaning forward
  const [fx, fy] = windscreenFoot(f)
  const bx = Math.min(0.42 * nl, fx + 0.25 * nl)
  ctx.beginPath()
  ctx.moveTo(bx, 0)
  ctx.bezierCurveTo(bx - 0.05 * nl, 0.45 * fy, fx + 0.03 * nl, 0.85 * fy, fx, fy)
  ctx.stroke()
  // the avionics hatch just behind the nose-gear bay
  const g = s.gear.nose * L
  roundRect(ctx, g + 1.2, 0.04 * H, 0.7, 0.1 * H, 0.08)
  ctx.stroke()
  doorSeams(ctx, f)
  if (f.side !== 'R') return
  // cargo doors, low on the right side: one between the first door and the wing, one behind the wing
  const wide = H > 5
  const cw = wide ? 2.7 : 1.3
  const ch = Math.min(wide ? 1.7 : 1.2, 0.36 * H)
  const fwd = (s.doors[0] * L + s.fairing.from * L) / 2
  const aft = s.fairing.to * L + 0.6 + cw
  for (const x of [fwd, aft]) {
    roundRect(ctx, x - cw / 2, 0.1 * H, cw, ch, 0.15)
    ctx.stroke()
  }
}

/** each passenger door's inner seam and its sill plate, where paint/fuselage.ts drawDoors outlines the door */
function doorSeams(ctx: SKRSContext2D, f: SideFrame): void {
  const w = f.model.shape.windows
  const dw = f.H > 5 ? 1.07 : 0.82
  const dh = Math.min(1.95, 0.48 * f.H)
  const top = w.height * f.H + w.h / 2 + 0.2
  const inset = 0.06
  ctx.save()
  ctx.strokeStyle = 'rgba(40,50,60,0.2)'
  ctx.beginPath()
  for (const d of f.model.shape.doors)
    ctx.roundRect(d * f.L - dw / 2 + inset, top - dh + inset, dw - 2 * inset, dh - 2 * inset, 0.14)
  ctx.stroke()
  // the sill: a bare-metal scuff plate just below the door, a little wider than it
  ctx.fillStyle = 'rgba(120,128,138,0.55)'
  for (const d of f.model.shape.doors)
    ctx.fillRect(d * f.L - dw / 2 - 0.06, top - dh - 0.09, dw + 0.12, 0.05)
  ctx.restore()
}
