/**
 * Pre-rendered assets: served from memory, else from the store, else rendered
 * once (concurrent first requests share one render), stored and served. A fresh
 * install needs no bake. Watermarked variants are separate entries.
 * Bytes in memory or in the store never wait; drawing or watermarking goes through the
 * same limiter as compositions (bounded queue, deadline, then 503), since a flood of
 * distinct first views costs as much memory and time as a flood of compositions.
 */
import type { Filetype } from '../../params/image-options'
import type { AssetStore } from '../../store'
import { PRERENDER_FRAMING, assetKey } from '../request/asset-key'
import { ByteCache, type CachedImage } from './byte-cache'
import type { Decision } from '../request/cascade'
import { canvasSize } from '../request/compose'
import { CONTENT_TYPES, encode, etagOf } from '../pixels/encode'
import type { Raster } from '../pixels/raster'
import type { Renderer } from '../pixels/renderer'
import type { Limiter } from '../util/limiter'
import type { StageTimings } from '../util/stages'
import { singleFlight } from '../util/single-flight'
import { watermarkBytes } from '../pixels/watermark'
import type { WriteBehind } from './write-behind'

export interface AssetServer {
  keyFor(decision: Decision, filetype: Filetype): string
  /** the clean asset; throws if it can neither be read nor rendered, or its turn to render does not come (OverloadError) */
  get(decision: Decision, filetype: Filetype, signal?: AbortSignal): Promise<CachedImage & { key: string }>
  /** the asset with the preview mark */
  getWatermarked(decision: Decision, filetype: Filetype, signal?: AbortSignal): Promise<CachedImage & { key: string }>
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

const renderAsset = async (renderer: Renderer, view: View, filetype: Filetype, timings?: StageTimings) => {
  if (!timings) return encode(await renderPrerendered(renderer, view), filetype)
  const raster = await timings.time('render', () => renderPrerendered(renderer, view))
  return timings.time('encode', () => encode(raster, filetype))
}

/** `admit`: the limiter every render waits in (none: render at once, as the bake does) */
export function createAssetServer(store: AssetStore, renderer: Renderer, memory: ByteCache<CachedImage>, writes: WriteBehind, admit?: Limiter, timings?: StageTimings): AssetServer {
  const flights = singleFlight<CachedImage>()
  const keyFor = (d: Decision, filetype: Filetype) =>
    assetKey(
      { plane: d.plane.slug, airline: d.airline?.slug ?? null, liveryType: d.livery.liveryType, angle: d.angle, gear: d.gear },
      PRERENDER_FRAMING,
      filetype,
    )
  const image = (bytes: Uint8Array, filetype: Filetype): CachedImage => ({
    bytes,
    etag: etagOf(bytes),
    contentType: CONTENT_TYPES[filetype],
  })

  async function readOrMake(key: string, filetype: Filetype, make: () => Promise<Uint8Array>, signal?: AbortSignal) {
    const cached = memory.get(key)
    if (cached) return cached
    return flights.run(key, async (flightSignal) => {
      const stored = await store.get(key)
      if (stored) {
        const hit = image(stored, filetype)
        memory.set(key, hit)
        return hit
      }
      const made = image(await (admit ? admit.run(make, flightSignal) : make()), filetype)
      memory.set(key, made)
      writes.put(key, made.bytes)
      return made
    }, signal)
  }

  const get = async (d: Decision, filetype: Filetype, signal?: AbortSignal) => {
    const key = keyFor(d, filetype)
    return { key, ...(await readOrMake(key, filetype, () => renderAsset(renderer, d, filetype, timings), signal)) }
  }

  return {
    keyFor,
    get,
    async getWatermarked(d, filetype, signal) {
      const clean = await get(d, filetype, signal)
      const key = `watermarked/${clean.key}`
      return { key, ...(await readOrMake(key, filetype, () => watermarkBytes(clean.bytes, filetype), signal)) }
    },
    async ensure(d, filetype) {
      const key = keyFor(d, filetype)
      if (await store.has(key)) return false
      await flights.run(key, async () => {
        const made = image(await renderAsset(renderer, d, filetype), filetype)
        await store.put(key, made.bytes)
        return made
      })
      return true
    },
  }
}
