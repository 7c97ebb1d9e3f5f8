/**
 * After start, in the background and yielding between steps:
 * 1. every model's meshes (both cuts: render/detail.ts) and per-angle caches, from small
 *    renders, so that the first request for a model does not pay 50-100 ms of geometry work;
 * 2. a few card-size compositions through the real request steps (drawn and encoded,
 *    kept nowhere), so that the compiler of every render thread has seen the
 *    per-pixel loops and the request path at work: a cold service drew its first
 *    dozen cards 30-50% slower than the ones after.
 * About 4 s of one core.
 */
import { ANGLES, GEARS } from '../../catalog/types'
import type { Detail } from '../../render'
import { log } from '../../log'
import { compose } from '../request/compose'
import { encode } from '../pixels/encode'
import { handleImageRequest, type ImagePipelineDeps } from '../request/image-request'

export interface WarmState {
  ready: boolean
}

/** big enough that each render thread gets rows with aircraft in them */
const MODEL_PASS = { width: 256, height: 144 }
const REHEARSALS = 10
const DETAILS: Detail[] = ['light', 'full']

const yieldToRequests = () => new Promise((resolve) => setTimeout(resolve, 0))

/** the whole pipeline warms the request path too; a renderer and catalog alone warm the models */
type WarmDeps = ImagePipelineDeps | Pick<ImagePipelineDeps, 'renderer' | 'catalog'>

export async function warmUp(deps: WarmDeps, state: WarmState = { ready: false }): Promise<void> {
  const started = performance.now()
  for (const plane of deps.catalog.planes)
    for (const gear of GEARS)
      for (const angle of ANGLES)
        for (const detail of DETAILS) {
          await deps.renderer.render({ plane, livery: null, angle, gear, detail, ...MODEL_PASS })
          await yieldToRequests()
        }
  if ('composed' in deps) await rehearse(deps)
  state.ready = true
  log.info('renderer warmed up', { ms: Math.round(performance.now() - started) })
}

/** card compositions of airlines' own aircraft, through every request step but the caches */
async function rehearse(deps: ImagePipelineDeps): Promise<void> {
  const uncached: ImagePipelineDeps = {
    ...deps,
    composed: async (key, req) => {
      const composition = await compose(deps.renderer, req)
      const bytes = await encode(composition.raster, 'png', 'latency')
      return { key, bytes, etag: '', contentType: 'image/png', origin: 'rehearsal' }
    },
  }
  const airlines = deps.catalog.airlines.filter((a) => a.fleet.length).slice(0, REHEARSALS)
  for (const [i, airline] of airlines.entries()) {
    const query = {
      plane: airline.fleet[i % airline.fleet.length],
      airline: airline.slug,
      angle: ANGLES[i % ANGLES.length],
      resolution: 'card',
      pitch: String(4 + i),
      backgroundGradient: 'linear:180:#87ceeb-0,#ffffff-1',
    }
    await handleImageRequest(uncached, query, true)
    await yieldToRequests()
  }
}
