/**
 * What a composition paints under the aircraft, before the aircraft is drawn over it (the
 * renderer's `over`): a linear gradient or a solid colour, over every pixel of the canvas.
 * Painting it is a job of its own, so a render thread with nothing else to do can paint it
 * while the picture's textures are painted.
 */
import type { Rgba } from '../../params/colour'
import type { LinearGradient } from '../../params/gradient'
import { fillLinearGradient } from './gradient-fill'
import { fillSolid, type Raster } from './raster'

export type Underlay = { gradient: LinearGradient } | { colour: Rgba }

export function paintUnderlay(r: Raster, underlay: Underlay): void {
  if ('gradient' in underlay) fillLinearGradient(r, underlay.gradient)
  else fillSolid(r, underlay.colour)
}
