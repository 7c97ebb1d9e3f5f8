/**
 * Composed images, kept by their normalised options (resolved slugs, applied livery,
 * rounded numbers, manifest version, watermark or not) in memory and in the store.
 * Identical concurrent requests compose once; at most `cores` compositions run at a
 * time and a bounded number wait (beyond that: 503).
 */
import type { AssetStore } from '../../store'
import type { ByteCache, CachedImage } from './byte-cache'
import { compose, type ComposeRequest } from '../request/compose'
import { CONTENT_TYPES, encode, etagOf } from '../pixels/encode'
import type { Limiter } from '../util/limiter'
import type { PixelBuffers } from '../pixels/pixel-buffers'
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

export function createEdgeCache(deps: { store: AssetStore; writes: WriteBehind; memory: ByteCache<CachedImage>; renderer: Renderer; limiter: Limiter; buffers: PixelBuffers }) {
  const flights = singleFlight<ComposedImage>()
  return async function composed(key: string, req: ComposeRequest): Promise<ComposedImage> {
    const inMemory = deps.memory.get(key)
    if (inMemory) return { ...inMemory, key, origin: 'memory' }
    return flights.run(key, async () => {
      const stored = await deps.store.get(`${key}`)
      if (stored) {
        const image = { bytes: stored, etag: etagOf(stored), contentType: CONTENT_TYPES.png }
        deps.memory.set(key, image)
        return { ...image, key, origin: 'store' }
      }
      const bytes = await deps.limiter.run(async () => {
        const composition = await compose(deps.renderer, req, deps.buffers)
        const encoded = await encode(composition.raster, 'png', 'latency')
        composition.release()
        return encoded
      })
      const image = { bytes, etag: etagOf(bytes), contentType: CONTENT_TYPES.png }
      deps.memory.set(key, image)
      deps.writes.put(key, bytes)
      return { ...image, key, origin: 'composed' }
    })
  }
}
