/**
 * Pre-rendered assets: served from memory, else from the store, else rendered
 * once (concurrent first requests share one render), stored and served. A fresh
 * install needs no bake. Watermarked variants are separate entries.
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
import { singleFlight } from '../util/single-flight'
import { watermarkBytes } from '../pixels/watermark'
import type { WriteBehind } from './write-behind'

export interface AssetServer {
  keyFor(decision: Decision, filetype: Filetype): string
  /** the clean asset; throws only if it can neither be read nor rendered */
  get(decision: Decision, filetype: Filetype): Promise<CachedImage & { key: string }>
  /** the asset with the preview mark */
  getWatermarked(decision: Decision, filetype: Filetype): Promise<CachedImage & { key: string }>
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

const renderAsset = async (renderer: Renderer, view: View, filetype: Filetype) => encode(await renderPrerendered(renderer, view), filetype)

export function createAssetServer(store: AssetStore, renderer: Renderer, memory: ByteCache<CachedImage>, writes: WriteBehind): AssetServer {
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

  async function readOrMake(key: string, filetype: Filetype, make: () => Promise<Uint8Array>) {
    const cached = memory.get(key)
    if (cached) return cached
    return flights.run(key, async () => {
      const stored = await store.get(key)
      if (stored) {
        const hit = image(stored, filetype)
        memory.set(key, hit)
        return hit
      }
      const made = image(await make(), filetype)
      memory.set(key, made)
      writes.put(key, made.bytes)
      return made
    })
  }

  const get = async (d: Decision, filetype: Filetype) => {
    const key = keyFor(d, filetype)
    return { key, ...(await readOrMake(key, filetype, () => renderAsset(renderer, d, filetype))) }
  }

  return {
    keyFor,
    get,
    async getWatermarked(d, filetype) {
      const clean = await get(d, filetype)
      const key = `watermarked/${clean.key}`
      return { key, ...(await readOrMake(key, filetype, () => watermarkBytes(clean.bytes, filetype))) }
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
