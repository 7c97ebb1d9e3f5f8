/**
 * A render worker (see render-threads.ts): draws its band of a picture into the shared
 * buffer it is given and answers with the band's bounding box. The model's geometry and
 * the livery's textures come with the job, in shared memory: the thread builds and keeps none.
 */
import { render, type RenderSpec } from '../../render'

export interface RenderJob {
  id: number
  spec: RenderSpec
}

export type RenderReply = { id: number; bbox: { x: number; y: number; width: number; height: number } } | { id: number; error: string }

declare const self: Worker

self.onmessage = (event: MessageEvent<RenderJob>) => {
  const { id, spec } = event.data
  let reply: RenderReply
  try {
    reply = { id, bbox: render(spec).bbox }
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) }
  }
  self.postMessage(reply)
}
