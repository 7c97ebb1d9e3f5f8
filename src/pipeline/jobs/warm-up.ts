/**
 * After start, in the background and at low priority:
 * 1. up to sixty-four compositions through the real request steps (drawn and encoded, kept
 *    nowhere), airlines from all over the catalog on planes they fly, at every angle, over every
 *    kind of background, a quarter of them at hd: so that the compiler has seen the per-pixel
 *    loops at two sample counts, the painting of every kind of livery (emblems, tail letters,
 *    titles in other scripts) and the request path at work, so that the first real compositions
 *    do not pay for the compiler's work. Rehearsing stops for good once real compositions have
 *    begun (`traffic`): they teach the compiler as well, and rehearsals still running when a
 *    burst arrives hold memory the burst needs;
 * 2. every plane's framing bounds and silhouette at every angle and gear-down models, both cuts, the most
 *    flown first, while the model cache has room: a model's first composition would otherwise
 *    pay for them. Gear-up models and per-angle faces come with traffic.
 *    (Under a flood the first render thread prepares pictures from caches of its own, warmed
 *    by that traffic.)
 * Nothing has to be built before the service can draw (models are also built on first
 * use), so the renderer is ready at once. Each step waits for a quiet moment of the event
 * loop (at most STEP_GAP_MS) and is followed by a rest (DUTY), so that requests go first and
 * warm-up never takes more than a tenth of the time.
 */
import type { Catalog } from '../../catalog/load'
import { ANGLES, type Plane } from '../../catalog/types'
import { prebuildModel } from '../../render'
import { log } from '../../log'
import { composePng } from '../request/compose'
import { collect } from '../../memory/collect'
import { handleImageRequest, type ImagePipelineDeps } from '../request/image-request'

export interface WarmState {
  ready: boolean
}

const REHEARSALS = 64
/** the longest a step waits for a quiet moment: under steady load warm-up still ends, a step a second */
const STEP_GAP_MS = 1000
/**
 * the share of the time warm-up may take: after each step it rests nine times as long as the step
 * took. A quiet event loop is not an idle service (cached images are served between timer ticks),
 * so without this the steps would run back to back under load and starve the first requests
 */
const DUTY = 0.1

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

/** one warm-up step: after a quiet moment, then a rest that keeps warm-up within DUTY of the time */
export async function paced<T>(
  work: () => T | Promise<T>,
  duty = DUTY,
  maxWaitMs = STEP_GAP_MS,
): Promise<T> {
  await quietMoment(maxWaitMs)
  const started = performance.now()
  const result = await work()
  await Bun.sleep(((performance.now() - started) * (1 - duty)) / duty)
  return result
}

export interface WarmUpOptions {
  /** the share of the time warm-up may take (1: back to back, for tests) */
  duty?: number
  /** real compositions begun so far (the limiter's count): rehearsing stops once it moves */
  traffic?: () => number
}

export async function warmUp(
  deps: ImagePipelineDeps,
  state: WarmState = { ready: false },
  options: WarmUpOptions = {},
): Promise<void> {
  const { duty = DUTY, traffic = () => 0 } = options
  const started = performance.now()
  const quiet = traffic()
  state.ready = true
  const uncached: ImagePipelineDeps = {
    ...deps,
    // the request's own steps, its PNG in bands as well (composePng, on this thread's renderer)
    composed: async (key, req) => ({
      key,
      bytes: await composePng(deps.renderer, req),
      etag: '',
      contentType: 'image/png',
      origin: 'rehearsal',
    }),
  }
  const queries = rehearsals(deps.catalog)
  let rehearsed = 0
  for (const query of queries) {
    if (traffic() !== quiet) break
    await paced(async () => {
      const outcome = await handleImageRequest(uncached, query, 'key')
      // an hd rehearsal's canvas and textures are garbage at once: freed now, not whenever the
      // collector next runs (the tree's footprint during warm-up counts: bench/footprint.ts)
      if (query.resolution !== 'card') collect()
      return outcome
    }, duty)
    rehearsed++
  }
  let models = 0
  prebuild: for (const plane of mostFlownFirst(deps.catalog)) {
    // framing measures every view of a model on this thread: its first measure builds the bounds,
    // and a composition's framing reads the silhouette's hull
    await paced(() => {
      for (const angle of ANGLES) void deps.renderer.measure(plane, angle, 'down').hull
    }, duty)
    for (const detail of ['light', 'full'] as const) {
      // on this thread, which prepares a picture whenever it is free to draw (composePng)
      if (!(await paced(() => prebuildModel(plane, 'down', detail), duty))) break prebuild
      models++
    }
  }
  log.info('renderer warmed up', {
    ms: Math.round(performance.now() - started),
    rehearsals: rehearsed,
    models,
    ...(rehearsed < queries.length ? { rehearsalsCutShortBy: 'traffic' } : {}),
  })
}

/** backgrounds a composition is drawn over: gradients (vertical, diagonal with three stops), a solid colour, none */
const BACKGROUNDS: Record<string, string>[] = [
  { backgroundGradient: 'linear:180:#87ceeb-0,#ffffff-1' },
  { backgroundGradient: 'linear:135:#ff9a8b-0,#ff6a88-0.55,#ff99ac-1' },
  { background: '#dfe9f3' },
  {},
]

/**
 * airlines spread over the catalog, each on a plane it flies, at every angle in turn, over every
 * kind of background; every fourth at hd
 */
export function rehearsals(catalog: Catalog): Record<string, string>[] {
  const flying = catalog.airlines.filter((a) => a.fleet.length)
  const n = Math.min(REHEARSALS, flying.length)
  return Array.from({ length: n }, (_, i) => {
    const airline = flying[Math.floor((i * flying.length) / n)]
    return {
      plane: airline.fleet[i % airline.fleet.length],
      airline: airline.slug,
      angle: ANGLES[i % ANGLES.length],
      resolution: i % 4 === 3 ? 'hd' : 'card',
      pitch: String(4 + (i % 17)),
      ...BACKGROUNDS[Math.floor(i / 2) % BACKGROUNDS.length],
    }
  })
}

function mostFlownFirst(catalog: Catalog): Plane[] {
  const fleets = new Map<string, number>()
  for (const a of catalog.airlines)
    for (const slug of a.fleet) fleets.set(slug, (fleets.get(slug) ?? 0) + 1)
  return [...catalog.planes].sort((a, b) => (fleets.get(b.slug) ?? 0) - (fleets.get(a.slug) ?? 0))
}
