/**
 * A render thread (see render-threads.ts). It draws its band of a picture into the shared
 * buffer it is given and answers with the band's bounding box and placement, or paints a
 * composition's background into that buffer first, or finishes a composition (mark, PNG) and
 * answers with the bytes, or encodes a band of a picture's PNG (png-bands.ts), or prepares a picture:
 * paints the livery's textures and builds (or finds) the model's geometry, in shared memory,
 * for every thread to draw from. Only the first thread prepares, so only it keeps caches.
 * Or it paints a fin's texture while the thread preparing the picture paints the fuselage's.
 *
 * It runs at a lower scheduling priority than the request threads: when compositions
 * flood the machine, a cached image or a health check still gets the CPU at once.
 */
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { geometryFor, limitCaches, paintFin, render, texturesFor, type FinJob, type Geometry, type RenderResult, type RenderSpec, type Surfaces, type Texture } from '../../render'
import { collectAfterPicture } from './collect'
import { fastPng } from './encode'
import { finishComposition, type FinishJob } from './finish'
import type { Raster } from './raster'
import { paintUnderlay, type Underlay } from './underlay'

export type RenderJob =
  | { id: number; spec: RenderSpec }
  | { id: number; finish: FinishJob }
  | { id: number; prepare: RenderSpec }
  | { id: number; underlay: UnderlayJob }
  | { id: number; fin: FinJob }
  | { id: number; png: Raster }

/** a background to paint over a whole canvas in shared memory, before the aircraft is drawn over it */
export interface UnderlayJob extends Raster {
  paint: Underlay
}

/** what every thread needs to draw a picture, in shared memory */
export interface Prepared {
  textures: Surfaces
  geometry: Geometry
}

export type BandReply = Pick<RenderResult, 'bbox' | 'fuselageCentre' | 'groundLineY' | 'metresPerPixel'>
export type RenderReply =
  | { id: number; band: BandReply }
  | { id: number; bytes: Uint8Array }
  | { id: number; prepared: Prepared }
  | { id: number; painted: true }
  | { id: number; texture: Texture }
  | { id: number; error: string }

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

const MB = 1024 * 1024
// Only the first thread prepares (builds models, paints textures), and only under a flood of
// compositions: otherwise the request thread does, from caches of its own (the full budgets,
// warmed at start). What this thread holds the request thread mostly holds too, so it keeps
// less: with the full budgets it held 79 MB of models and 30 MB of textures after a burst of 48
// compositions. 20 s after that burst (bench/footprint.ts, process tree) with 64/16 MB: 446-512 MB,
// 48/12: 434-464, 32/8: 367-420 (about 1.8 MB a model cut with its derived data: 48 MB holds 26).
limitCaches({ models: 48 * MB, textures: 12 * MB })

const pixelsOf = (job: RenderJob) => {
  if ('fin' in job || 'png' in job) return 0
  const { width, height } = 'finish' in job ? job.finish : 'prepare' in job ? job.prepare : 'underlay' in job ? job.underlay : job.spec
  return width * height
}

self.onmessage = async (event: MessageEvent<RenderJob>) => {
  const job = event.data
  self.postMessage(await answer(job))
  // once answered, off the picture's critical path (collect.ts says why). A band, a background or a fin
  // leaves only the handles of what it was given (and the picture's bands would wait behind a
  // collection): after the last one, when quiet
  collectAfterPicture(pixelsOf(job), 0, !('spec' in job) && !('underlay' in job) && !('fin' in job))
}

async function answer(job: RenderJob): Promise<RenderReply> {
  try {
    if ('finish' in job) return { id: job.id, bytes: await finishComposition(job.finish) }
    if ('png' in job) return { id: job.id, bytes: await fastPng(job.png) }
    if ('underlay' in job) {
      paintUnderlay(job.underlay, job.underlay.paint)
      return { id: job.id, painted: true }
    }
    // in shared memory (paintTexture, the model cache): the reply hands them over, not a copy
    if ('fin' in job) return { id: job.id, texture: paintFin(job.fin) }
    if ('prepare' in job) return { id: job.id, prepared: { textures: texturesFor(job.prepare), geometry: geometryFor(job.prepare) } }
    const { bbox, fuselageCentre, groundLineY, metresPerPixel } = render(job.spec)
    return { id: job.id, band: { bbox, fuselageCentre, groundLineY, metresPerPixel } }
  } catch (e) {
    return { id: job.id, error: e instanceof Error ? e.message : String(e) }
  }
}
