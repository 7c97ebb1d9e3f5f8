/**
 * Pre-rendered assets: served from memory, else from the store, else rendered
 * once (concurrent first requests share one render), stored and served. A fresh
 * install needs no bake. Watermarked variants are separate entries.
 * Bytes in memory or in the store never wait; drawing or watermarking goes through the
 * same limiter as compositions (bounded queue, deadline, then 503), since a flood of
 * distinct first views costs as much memory and time as a flood of compositions.
 * A view at another quality than its type's default is drawn and encoded for memory only:
 * a caller can ask for a hundred qualities of every view, and the store must not fill up
 * with them.
 */
import {
  encodingOf,
  isStoredQuality,
  type Encoding,
  type Filetype,
} from '../../params/image-options'
import type { AssetStore } from '../../store'
import { PRERENDER_FRAMING, assetKey } from '../request/asset-key'
import { ByteCache, type CachedImage } from './byte-cache'
import type { Decision } from '../request/cascade'
import { canvasSize } from '../request/compose'
import { CONTENT_TYPES, encodeAs, etagOf } from '../pixels/encode'
import type { Raster } from '../pixels/raster'
import type { Renderer } from '../pixels/renderer'
import type { Limiter } from '../util/limiter'
import type { Stage, StageTimings } from '../util/stages'
import { singleFlight } from '../util/single-flight'
import { watermark, watermarkBytes } from '../pixels/watermark'
import type { WriteBehind } from './write-behind'

export interface AssetServer {
  keyFor(decision: Decision, filetype: Filetype): string
  /** the clean asset; throws if it can neither be read nor rendered, or its turn to render does not come (OverloadError) */
  get(
    decision: Decision,
    encoding: Encoding,
    signal?: AbortSignal,
  ): Promise<CachedImage & { key: string }>
  /** the asset with the preview mark */
  getWatermarked(
    decision: Decision,
    encoding: Encoding,
    signal?: AbortSignal,
  ): Promise<CachedImage & { key: string }>
  /** renders and stores an asset unless the store has it; true when it rendered */
  ensure(decision: Decision, filetype: Filetype): Promise<boolean>
}

type View = Pick<Decision, 'plane' | 'livery' | 'angle' | 'gear'>

/** The pre-rendered framing: 1280 x 720, the whole aircraft inside an 8% margin. */
export async function renderPrerendered(renderer: Renderer, view: View): Promise<Raster> {
  const { marginPercent } = PRERENDER_FRAMING
  const { width, height } = canvasSize(PRERENDER_FRAMING.width)
  const { pixels } = await renderer.render({
    plane: view.plane,
    livery: view.livery.design,
    angle: view.angle,
    gear: view.gear,
    width,
    height,
    marginPx: (width * marginPercent) / 100,
  })
  return { width, height, pixels }
}

/**
 * a view drawn and encoded, each stage timed when there are timings; `marked`: with the preview
 * mark. Encoded for size even when it is not stored: AVIF's faster speed doubles a transparent
 * view, so quality=20 would come out larger than the stored default (60), and the render costs
 * more than the slower speed anyway.
 */
async function renderAsset(
  renderer: Renderer,
  view: View,
  encoding: Encoding,
  timings?: StageTimings,
  marked = false,
) {
  const time = <T>(stage: Stage, work: () => Promise<T>) =>
    timings ? timings.time(stage, work) : work()
  const raster = await time('render', () => renderPrerendered(renderer, view))
  if (marked) watermark(raster)
  return time('encode', () => encodeAs(raster, encoding))
}

/** `admit`: the limiter every render waits in (none: render at once, as the bake does) */
export function createAssetServer(
  store: AssetStore,
  renderer: Renderer,
  memory: ByteCache<CachedImage>,
  writes: WriteBehind,
  admit?: Limiter,
  timings?: StageTimings,
): AssetServer {
  const flights = singleFlight<CachedImage>()
  const keyFor = (d: Decision, filetype: Filetype) =>
    assetKey(
      {
        plane: d.plane.slug,
        airline: d.airline?.slug ?? null,
        liveryType: d.livery.liveryType,
        angle: d.angle,
        gear: d.gear,
      },
      PRERENDER_FRAMING,
      filetype,
    )
  const image = (bytes: Uint8Array, filetype: Filetype): CachedImage => ({
    bytes,
    etag: etagOf(bytes),
    contentType: CONTENT_TYPES[filetype],
  })

  /** `stored`: read from and written to the store as well as memory */
  async function readOrMake(
    key: string,
    filetype: Filetype,
    make: () => Promise<Uint8Array>,
    signal?: AbortSignal,
    stored = true,
  ) {
    const cached = memory.get(key)
    if (cached) return cached
    return flights.run(
      key,
      async (flightSignal) => {
        const read = stored ? await store.get(key) : null
        if (read) {
          const hit = image(read, filetype)
          memory.set(key, hit)
          return hit
        }
        const made = image(await (admit ? admit.run(make, flightSignal) : make()), filetype)
        memory.set(key, made)
        if (stored) writes.put(key, made.bytes)
        return made
      },
      signal,
    )
  }

  /** a view at a quality not stored: rendered (marked if asked) and encoded for memory only */
  const variant = async (
    d: Decision,
    encoding: Encoding,
    marked: boolean,
    signal?: AbortSignal,
  ) => {
    const key = `${marked ? 'watermarked/' : ''}q-${encoding.quality}/${keyFor(d, encoding.filetype)}`
    const make = () => renderAsset(renderer, d, encoding, timings, marked)
    return { key, ...(await readOrMake(key, encoding.filetype, make, signal, false)) }
  }

  const get = async (d: Decision, encoding: Encoding, signal?: AbortSignal) => {
    if (!isStoredQuality(encoding)) return variant(d, encoding, false, signal)
    const key = keyFor(d, encoding.filetype)
    return {
      key,
      ...(await readOrMake(
        key,
        encoding.filetype,
        () => renderAsset(renderer, d, encoding, timings),
        signal,
      )),
    }
  }

  return {
    keyFor,
    get,
    async getWatermarked(d, encoding, signal) {
      if (!isStoredQuality(encoding)) return variant(d, encoding, true, signal)
      const clean = await get(d, encoding, signal)
      const key = `watermarked/${clean.key}`
      return {
        key,
        ...(await readOrMake(
          key,
          encoding.filetype,
          () => watermarkBytes(clean.bytes, encoding.filetype),
          signal,
        )),
      }
    },
    async ensure(d, filetype) {
      const key = keyFor(d, filetype)
      if (await store.has(key)) return false
      await flights.run(key, async () => {
        const made = image(await renderAsset(renderer, d, encodingOf(filetype, null)), filetype)
        await store.put(key, made.bytes)
        return made
      })
      return true
    },
  }
}
