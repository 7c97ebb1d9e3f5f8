/**
 * After start, builds every model's mesh and per-angle caches in the background
 * (tiny renders, one at a time, yielding between them) so that the first request
 * for a model does not pay 50-100 ms of geometry work. About 4 s of one core.
 */
import type { Catalog } from '../catalog/load'
import { ANGLES, GEARS } from '../catalog/types'
import { log } from '../log'
import type { Renderer } from './renderer'

export interface WarmState {
  ready: boolean
}

export async function warmUp(renderer: Renderer, catalog: Catalog, state: WarmState = { ready: false }): Promise<void> {
  const started = performance.now()
  for (const plane of catalog.planes)
    for (const gear of GEARS)
      for (const angle of ANGLES) {
        renderer.render({ plane, livery: null, angle, gear, width: 64, height: 36 })
        await new Promise((resolve) => setTimeout(resolve, 0)) // let waiting requests in
      }
  state.ready = true
  log.info('renderer warmed up', { ms: Math.round(performance.now() - started) })
}
