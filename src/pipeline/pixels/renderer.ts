/**
 * The pipeline's view of the renderer, injected so tests can count calls. Rendering is
 * asynchronous because a picture may be drawn by several threads (render-threads.ts);
 * measuring is cheap and cached, so it stays synchronous.
 */
import { measure, render, type RenderResult, type RenderSpec } from '../../render'
import type { FinishJob } from './finish'

export interface Renderer {
  /** `callerDraws`: the calling thread may take a band (when it has nothing else to answer) */
  render(spec: RenderSpec, opts?: { callerDraws?: boolean }): Promise<RenderResult>
  measure: typeof measure
  /** where the renderer has threads of its own: a composition's last steps, done there */
  finish?(job: FinishJob): Promise<Uint8Array>
}

/** everything on the calling thread */
export const defaultRenderer: Renderer = { render: async (spec) => render(spec), measure }
