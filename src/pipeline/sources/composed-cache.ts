/**
 * Composed images, kept by their normalised options (resolved slugs, applied livery,
 * rounded numbers, manifest version, watermark or not) in memory, and, for work someone
 * pays for, in the store: each payer has a composition store of its own, bounded by its
 * byte budget with least-recently-used eviction (store/budget.ts), so the URLs one key
 * signed can never evict what key holders composed. A caller without a key can ask
 * for endless variations, so watermarked compositions live in memory only and never
 * cost disk. Identical concurrent requests compose once; at most `cores` compositions
 * run at a time and a bounded number wait (beyond that: 503). A composition sent as another
 * type than PNG (avif, or one negotiated by filetype=auto) is kept under a key of its own.
 */
import type { AssetStore } from '../../store'
import type { ByteCache, CachedImage } from './byte-cache'
import type { Encoding } from '../../params/image-options'
import { canvasSize, compose, composePng, type ComposeRequest } from '../request/compose'
import { collectAfterPicture, REQUEST_THREAD_GROWTH } from '../../memory/collect'
import { CONTENT_TYPES, encodeAs, etagOf } from '../pixels/encode'
import type { Payer } from '../request/image-request'
import type { Limiter } from '../util/limiter'
import type { StageTimings } from '../util/stages'
import type { PixelBuffers } from '../../memory/pixel-buffers'
import type { Renderer } from '../pixels/renderer'
import { singleFlight } from '../util/single-flight'
import type { WriteBehind } from './write-behind'

export interface ComposedImage extends CachedImage {
  key: string
  /** 'memory' | 'store' | 'composed' */
  origin: string
}

// the key is built beside the other request steps, from the same normalised options
export { cacheKey } from '../request/cache-key'

/**
 * A composition in a type other than PNG: drawn with this thread taking part (the render
 * threads finish PNG only), encoded as a first answer, and its buffers given back.
 */
async function composeEncoded(
  renderer: Renderer,
  req: ComposeRequest,
  buffers: PixelBuffers,
  encoding: Encoding,
): Promise<Uint8Array> {
  const composition = await compose(renderer, req, buffers)
  try {
    return await encodeAs(composition.raster, encoding, 'latency')
  } finally {
    composition.release()
  }
}

/** where a payer's compositions are kept, and how they get there */
export interface PaidStore {
  store: AssetStore
  writes: WriteBehind
}

export function createComposedCache(deps: {
  stores: Record<Exclude<Payer, 'anonymous'>, PaidStore>
  memory: ByteCache<CachedImage>
  renderer: Renderer
  limiter: Limiter
  buffers: PixelBuffers
  timings?: StageTimings
}) {
  const flights = singleFlight<ComposedImage>()
  /** `signal`: the client's; its work is dropped if every client waiting for it has gone before it began */
  return async function composed(
    key: string,
    req: ComposeRequest,
    encoding: Encoding,
    payer: Payer,
    signal?: AbortSignal,
  ): Promise<ComposedImage> {
    const contentType = CONTENT_TYPES[encoding.filetype]
    const inMemory = deps.memory.get(key)
    if (inMemory) return { ...inMemory, key, origin: 'memory' }
    const paid = payer === 'anonymous' || req.watermark ? null : deps.stores[payer]
    return flights.run(
      key,
      async (flightSignal) => {
        const stored = paid ? await paid.store.get(key) : null
        if (stored) {
          const image = { bytes: stored, etag: etagOf(stored), contentType }
          deps.memory.set(key, image)
          return { ...image, key, origin: 'store' }
        }
        // others waiting for their turn: leave this one wholly to the render threads, so that this
        // thread stays free for the cached and pre-rendered answers that come meanwhile
        const draw = () =>
          encoding.filetype === 'png'
            ? composePng(deps.renderer, req, deps.buffers, deps.limiter.waiting > 0)
            : composeEncoded(deps.renderer, req, deps.buffers, encoding)
        const bytes = await deps.limiter.run(
          () => (deps.timings ? deps.timings.time('compose', draw) : draw()),
          flightSignal,
        )
        collectAfterPicture(
          req.options.render.width * canvasSize(req.options.render.width).height,
          REQUEST_THREAD_GROWTH,
        )
        const image = { bytes, etag: etagOf(bytes), contentType }
        deps.memory.set(key, image)
        paid?.writes.put(key, bytes)
        return { ...image, key, origin: 'composed' }
      },
      signal,
    )
  }
}
