/**
 * The pipeline's view of the renderer, injected so tests can count calls. Rendering is
 * asynchronous because a picture may be drawn by several threads (render-threads.ts);
 * measuring is cheap and cached, so it stays synchronous.
 */
import { measure, render, type RenderResult, type RenderSpec } from '../../render'
import type { FastPng } from './encode'
import type { FinishJob } from './finish'
import { paintUnderlay, type Underlay } from './underlay'

export interface RenderOptions {
  /** the calling thread may draw (when it has nothing else to answer) */
  callerDraws?: boolean
  /** painted over the whole canvas first, the aircraft drawn over it (a composition's background) */
  underlay?: Underlay
}

export interface Renderer {
  render(spec: RenderSpec, opts?: RenderOptions): Promise<RenderResult>
  measure: typeof measure
  /** where the renderer has threads of its own: a composition's last steps, done there */
  finish?(job: FinishJob): Promise<Uint8Array>
  /** where the renderer has threads of its own: a fast PNG made on several of them at once */
  fastPng?: FastPng
}

/** everything on the calling thread */
export const defaultRenderer: Renderer = {
  render: async (spec, opts) => {
    if (!opts?.underlay) return render(spec)
    const into =
      spec.into ?? new Uint8ClampedArray(Math.round(spec.width) * Math.round(spec.height) * 4)
    paintUnderlay(
      { width: Math.round(spec.width), height: Math.round(spec.height), pixels: into },
      opts.underlay,
    )
    return render({ ...spec, into, over: true })
  },
  measure,
}
