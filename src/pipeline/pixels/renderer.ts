/**
 * The pipeline's view of the renderer, injected so tests can count calls. Rendering is
 * asynchronous because a picture may be drawn by several threads (render-threads.ts);
 * measuring is cheap and cached, so it stays synchronous.
 */
import type { Gear, Plane } from '../../catalog/types'
import { measure, prebuildModel, render, type Detail, type RenderResult, type RenderSpec } from '../../render'
import type { FinishJob } from './finish'

export interface Renderer {
  render(spec: RenderSpec): Promise<RenderResult>
  measure: typeof measure
  /** where the renderer has threads of its own: a composition's last steps, done there */
  finish?(job: FinishJob): Promise<Uint8Array>
  /** builds a model ahead of its first picture where pictures are prepared; false when the cache is full */
  prebuild?(plane: Plane, gear: Gear, detail: Detail): Promise<boolean>
}

/** everything on the calling thread */
export const defaultRenderer: Renderer = { render: async (spec) => render(spec), measure, prebuild: async (plane, gear, detail) => prebuildModel(plane, gear, detail) }
