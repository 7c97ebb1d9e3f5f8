/**
 * The pipeline's view of the renderer, injected so tests can count calls. Rendering is
 * asynchronous because a picture may be drawn by several threads (render-threads.ts);
 * measuring is cheap and cached, so it stays synchronous.
 */
import { measure, render, type RenderResult, type RenderSpec } from '../../render'

export interface Renderer {
  render(spec: RenderSpec): Promise<RenderResult>
  measure: typeof measure
}

/** everything on the calling thread */
export const defaultRenderer: Renderer = { render: async (spec) => render(spec), measure }
