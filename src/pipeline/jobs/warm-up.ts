/**
 * After start, in the background and at low priority:
 * 1. a few card compositions of the default plane through the real request steps (drawn
 *    and encoded, kept nowhere), so that the compiler of every render thread has seen the
 *    per-pixel loops and the request path at work (a cold service drew its first dozen
 *    cards 30-50% slower than the ones after);
 * 2. every plane's gear-down models, both cuts, the most flown first, while the model
 *    cache has room (render/index.ts prebuildModel): a model's first composition would
 *    otherwise pay its geometry (10-40 ms). Gear-up models and per-angle data come with traffic.
 * Nothing has to be built before the service can draw (models are also built on first
 * use), so the renderer is ready at once. Each step waits for a quiet moment of the event
 * loop, or at most STEP_GAP_MS, so that requests arriving meanwhile go first: under steady
 * load warm-up takes a few percent of a core; on 2 idle cores it is done within 2 s.
 */
import type { Catalog } from '../../catalog/load'
import { ANGLES, type Plane } from '../../catalog/types'
import { prebuildModel } from '../../render'
import { log } from '../../log'
import { compose } from '../request/compose'
import { encode } from '../pixels/encode'
import { handleImageRequest, type ImagePipelineDeps } from '../request/image-request'

export interface WarmState {
  ready: boolean
}

const REHEARSALS = 8
/** the longest a step waits for a quiet moment: under steady load warm-up still ends, a step a second */
const STEP_GAP_MS = 1000

/** resolves when timers fire on time again (no request work queued), or after maxWaitMs */
export async function quietMoment(maxWaitMs = STEP_GAP_MS): Promise<void> {
  const started = performance.now()
  let quiet = 0
  while (quiet < 3 && performance.now() - started < maxWaitMs) {
    const t = performance.now()
    await new Promise((resolve) => setTimeout(resolve, 1))
    quiet = performance.now() - t < 4 ? quiet + 1 : 0
  }
}

export async function warmUp(deps: ImagePipelineDeps, state: WarmState = { ready: false }): Promise<void> {
  const started = performance.now()
  state.ready = true
  const uncached: ImagePipelineDeps = {
    ...deps,
    composed: async (key, req) => {
      const composition = await compose(deps.renderer, req)
      const bytes = await encode(composition.raster, 'png', 'latency')
      composition.release()
      return { key, bytes, etag: '', contentType: 'image/png', origin: 'rehearsal' }
    },
  }
  // airlines that fly the default plane: their own livery on the one model built for the rehearsals
  const flying = deps.catalog.airlines.filter((a) => a.fleet.includes(deps.defaultPlane.slug))
  const airlines = (flying.length ? flying : deps.catalog.airlines).slice(0, REHEARSALS)
  for (const [i, airline] of airlines.entries()) {
    await quietMoment()
    const query = {
      plane: deps.defaultPlane.slug,
      airline: airline.slug,
      angle: ANGLES[i % ANGLES.length],
      resolution: 'card',
      pitch: String(4 + i),
      backgroundGradient: 'linear:180:#87ceeb-0,#ffffff-1',
    }
    await handleImageRequest(uncached, query, true)
  }
  let models = 0
  prebuild: for (const plane of mostFlownFirst(deps.catalog))
    for (const detail of ['light', 'full'] as const) {
      await quietMoment()
      if (!prebuildModel(plane, 'down', detail)) break prebuild
      models++
    }
  log.info('renderer warmed up', { ms: Math.round(performance.now() - started), rehearsals: airlines.length, models })
}

function mostFlownFirst(catalog: Catalog): Plane[] {
  const fleets = new Map<string, number>()
  for (const a of catalog.airlines) for (const slug of a.fleet) fleets.set(slug, (fleets.get(slug) ?? 0) + 1)
  return [...catalog.planes].sort((a, b) => (fleets.get(b.slug) ?? 0) - (fleets.get(a.slug) ?? 0))
}
