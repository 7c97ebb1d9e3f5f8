/**
 * A render thread (see render-threads.ts), answering one job at a time (messages.ts): it draws
 * its band of a picture into the shared canvas it is given, paints a composition's background
 * into it, finishes a composition (mark, PNG), encodes a band of a picture's PNG (png-bands.ts),
 * or prepares a picture (textures and geometry, in shared memory, for every thread to draw from).
 * Only the first thread prepares, so only it fills its caches.
 *
 * It runs at a lower scheduling priority than the request threads: when compositions
 * flood the machine, a cached image or a health check still gets the CPU at once.
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { geometryFor, limitCaches, render, texturesFor } from '../../render'
import { collectAfterPicture } from '../../memory/collect'
import { fastPng } from '../pixels/encode'
import { finishComposition } from '../pixels/finish'
import { paintUnderlay } from '../pixels/underlay'
import type { RenderJob, RenderReply, RenderThreadMessage } from './messages'

declare const self: Worker

/** nice 5 for this thread alone (Linux schedules threads as tasks of their own) */
function lowerPriority() {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 5)
  } catch {
    // not Linux, or not permitted: the thread runs at normal priority
  }
}
lowerPriority()

const pixelsOf = (job: RenderJob) => {
  if (job.kind === 'png') return 0
  return job.spec.width * job.spec.height
}

/** a whole picture's work (not a band or a background) is followed by a collection at once */
const wholePicture = (job: RenderJob) => job.kind === 'finish' || job.kind === 'prepare'

self.onmessage = async (event: MessageEvent<RenderThreadMessage>) => {
  const message = event.data
  if (message.kind === 'cache-limits') {
    limitCaches({ models: message.models, textures: message.textures })
    return
  }
  self.postMessage(await answer(message))
  // once answered, off the picture's critical path (memory/collect.ts says why). A band or a
  // background leaves only the handles of what it was given, and the picture's other bands
  // would wait behind a collection: after the last one, when quiet
  collectAfterPicture(pixelsOf(message), 0, wholePicture(message))
}

async function answer(job: RenderJob): Promise<RenderReply> {
  const { id } = job
  try {
    switch (job.kind) {
      case 'finish':
        return { id, kind: job.kind, answer: await finishComposition(job.spec) }
      case 'png':
        return { id, kind: job.kind, answer: await fastPng(job.spec) }
      case 'underlay':
        paintUnderlay(job.spec, job.spec.paint)
        return { id, kind: job.kind, answer: true }
      // in shared memory (paintTexture, the model cache): the reply hands them over, not a copy
      case 'prepare':
        return {
          id,
          kind: job.kind,
          answer: { textures: texturesFor(job.spec), geometry: geometryFor(job.spec) },
        }
      case 'band': {
        const { bbox, fuselageCentre, groundLineY, metresPerPixel } = render(job.spec)
        return { id, kind: job.kind, answer: { bbox, fuselageCentre, groundLineY, metresPerPixel } }
      }
    }
  } catch (e) {
    return { id, kind: 'error', error: e instanceof Error ? e.message : String(e) }
  }
}
