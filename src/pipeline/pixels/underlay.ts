/**
 * What a composition paints under the aircraft, before the aircraft is drawn over it (the
 * renderer's `over`): a linear gradient, a solid colour or nothing (transparent), over every pixel
 * of the canvas, and on it, when asked (shadow=ground), the aircraft's soft shadow on the ground.
 * Painting it is a job of its own, so a render thread with nothing else to do can paint it
 * while the picture's textures are painted.
 */
import type { Rgba } from '../../params/colour'
import type { LinearGradient } from '../../params/gradient'
import { fillLinearGradient } from './gradient-fill'
import { fillSolid, type Raster } from './raster'

/**
 * a soft shadow on the ground: an ellipse centred at (x, y) px with radii rx, ry, darkest
 * (`opacity`) at its centre and fading to nothing at its rim
 */
export interface GroundShadow {
  x: number
  y: number
  rx: number
  ry: number
  opacity: number
}

export type Underlay = ({ gradient: LinearGradient } | { colour: Rgba } | { transparent: true }) & {
  shadow?: GroundShadow
}

export function paintUnderlay(r: Raster, underlay: Underlay): void {
  if ('gradient' in underlay) fillLinearGradient(r, underlay.gradient)
  else if ('colour' in underlay) fillSolid(r, underlay.colour)
  else r.pixels.fill(0)
  if (underlay.shadow) paintGroundShadow(r, underlay.shadow)
}

/** black at alpha a(x, y) over the straight-alpha pixels; a falls off as (1 - d^2)^2 towards the rim */
export function paintGroundShadow(r: Raster, s: GroundShadow): void {
  const p = r.pixels
  const x0 = Math.max(0, Math.floor(s.x - s.rx)),
    x1 = Math.min(r.width - 1, Math.ceil(s.x + s.rx))
  const y0 = Math.max(0, Math.floor(s.y - s.ry)),
    y1 = Math.min(r.height - 1, Math.ceil(s.y + s.ry))
  const kx = 1 / Math.max(s.rx, 0.5),
    ky = 1 / Math.max(s.ry, 0.5)
  for (let y = y0; y <= y1; y++) {
    const dy = (y + 0.5 - s.y) * ky
    for (let x = x0; x <= x1; x++) {
      const dx = (x + 0.5 - s.x) * kx
      const d2 = dx * dx + dy * dy
      if (d2 >= 1) continue
      const a = s.opacity * (1 - d2) * (1 - d2)
      const o = 4 * (y * r.width + x)
      const A = p[o + 3] / 255
      const outA = a + A * (1 - a)
      // straight alpha: the colour under it keeps its share, the shadow adds black
      const k = outA > 0 ? (A * (1 - a)) / outA : 0
      p[o] *= k
      p[o + 1] *= k
      p[o + 2] *= k
      p[o + 3] = Math.round(outA * 255)
    }
  }
}
