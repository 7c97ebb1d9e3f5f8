/**
 * A fast-level PNG made on several threads at once: the picture is cut into horizontal bands,
 * the first encoded here (by the encoder's own thread) while render threads encode the others,
 * and the bands' PNGs are joined into one (png-join.ts) without compressing anything again.
 * Much of the encoder's time on a large picture is not compressing: it copies the pixels into
 * memory of its own first, fresh pages each time, and each band's copy is made by the thread
 * that encodes it.
 */
import { log } from '../../log'
import { fastPng } from './encode'
import { joinPngBands } from './png-join'
import type { Raster } from './raster'

/** a band as small as this is encoded in one piece: the threads' round trip costs more than it saves */
const MIN_BAND_ROWS = 64

/** `count` horizontal bands of `r` (fewer when it is short), top to bottom, sharing its memory */
export function bandsOf(r: Raster, count: number): Raster[] {
  const n = Math.max(1, Math.min(count, Math.floor(r.height / MIN_BAND_ROWS)))
  const rows = Math.ceil(r.height / n)
  const stride = r.width * 4
  const bands: Raster[] = []
  for (let y = 0; y < r.height; y += rows) {
    const y1 = Math.min(r.height, y + rows)
    bands.push({
      width: r.width,
      height: y1 - y,
      pixels: r.pixels.subarray(y * stride, y1 * stride),
    })
  }
  return bands
}

/**
 * the fast PNG of `r` from `count` bands, the first encoded here and the others by `elsewhere`
 * (which encodes a band itself when its thread fails); in one piece when the bands cannot be
 * joined, a marked fallback
 */
export async function pngInBands(
  r: Raster,
  count: number,
  elsewhere: (band: Raster, index: number) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const bands = bandsOf(r, count)
  if (bands.length === 1) return fastPng(r)
  // the others are sent first: this thread's own band starts with a copy that holds it
  const others = bands.slice(1).map((band, i) => elsewhere(band, i + 1))
  const encoded = await Promise.all([fastPng(bands[0]), ...others])
  const joined = joinPngBands(encoded, r.width, r.height)
  if (joined) return joined
  log.warn('fallback: PNG encoded in one piece', {
    reason: 'its bands could not be joined',
    width: r.width,
    height: r.height,
  })
  return fastPng(r)
}
