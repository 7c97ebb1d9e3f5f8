/**
 * The last steps of a composition once the aircraft is drawn: background under it, the
 * preview mark over it, PNG out. Run on a render thread (render-thread.ts) so that a
 * composition's heaviest pixel loops (at ultra: a 9-megapixel background, blend and mark,
 * then the encoder) never hold up the request thread, or on the calling thread when there
 * are no render threads.
 */
import type { Rgba } from '../../params/colour'
import type { LinearGradient } from '../../params/gradient'
import { encode } from './encode'
import { fillLinearGradient } from './gradient-fill'
import { alphaOver, fillSolid, type Box, type Raster } from './raster'
import { watermark } from './watermark'

export interface FinishJob {
  width: number
  height: number
  /** the drawn aircraft, straight RGBA (shared memory when sent to a thread) */
  pixels: Uint8ClampedArray
  /** where the aircraft's pixels are: blending is limited to it */
  bbox: Box
  background: { gradient: LinearGradient } | { colour: Rgba } | null
  watermark: boolean
}

export async function finishComposition(job: FinishJob): Promise<Uint8Array> {
  const { width, height } = job
  let raster: Raster = { width, height, pixels: job.pixels }
  if (job.background) {
    const under: Raster = { width, height, pixels: new Uint8ClampedArray(width * height * 4) }
    if ('gradient' in job.background) fillLinearGradient(under, job.background.gradient)
    else fillSolid(under, job.background.colour)
    alphaOver(under, job.pixels, job.bbox)
    raster = under
  }
  if (job.watermark) watermark(raster)
  return encode(raster, 'png', 'latency')
}
