/**
 * The last steps of a composition once the aircraft is drawn over its background (underlay.ts):
 * the preview mark over it, PNG out. Run on a render thread (render-thread.ts) while compositions
 * queue, so that a composition's heaviest steps (at ultra: a 9-megapixel mark and the encoder)
 * never hold up the request thread, or on the calling thread when there are no render threads.
 */
import { encode } from './encode'
import type { Raster } from './raster'
import { watermark } from './watermark'

export interface FinishJob {
  width: number
  height: number
  /** the composition, straight RGBA (shared memory when sent to a thread) */
  pixels: Uint8ClampedArray
  watermark: boolean
}

export async function finishComposition(job: FinishJob): Promise<Uint8Array> {
  const raster: Raster = { width: job.width, height: job.height, pixels: job.pixels }
  if (job.watermark) watermark(raster)
  return encode(raster, 'png', 'latency')
}
