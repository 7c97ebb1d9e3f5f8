/**
 * What the request thread and the render threads say to each other: one job per message, each
 * of a kind with the answer it gets, typed on both sides from the same definitions.
 */
import type { Geometry, RenderResult, RenderSpec, Surfaces } from '../../render'
import type { FinishJob } from '../pixels/finish'
import type { Raster } from '../pixels/raster'
import type { Underlay } from '../pixels/underlay'

/** a background to paint over a whole canvas in shared memory, before the aircraft is drawn over it */
export interface UnderlayJob extends Raster {
  paint: Underlay
}

/** what every thread needs to draw a picture, in shared memory */
export interface Prepared {
  textures: Surfaces
  geometry: Geometry
}

/** where a thread's band of a picture put the aircraft */
export type BandReply = Pick<
  RenderResult,
  'bbox' | 'fuselageCentre' | 'groundLineY' | 'metresPerPixel'
>

/** each kind of job: what it carries, and what it is answered with */
export interface Jobs {
  /** draw a band of a picture into its shared canvas */
  band: { spec: RenderSpec; answer: BandReply }
  /** mark and encode a drawn composition */
  finish: { spec: FinishJob; answer: Uint8Array }
  /** paint a picture's textures and build its geometry */
  prepare: { spec: RenderSpec; answer: Prepared }
  /** paint a composition's background */
  underlay: { spec: UnderlayJob; answer: true }
  /** encode a band of a picture's PNG at the fast level */
  png: { spec: Raster; answer: Uint8Array }
}
export type JobKind = keyof Jobs

export type RenderJob = { [K in JobKind]: { id: number; kind: K; spec: Jobs[K]['spec'] } }[JobKind]
export type RenderReply =
  | { [K in JobKind]: { id: number; kind: K; answer: Jobs[K]['answer'] } }[JobKind]
  | { id: number; kind: 'error'; error: string }

/** the render thread's cache limits, sent before any job (memory/budget.ts derives them) */
export interface CacheLimits {
  kind: 'cache-limits'
  models: number
  textures: number
}

export type RenderThreadMessage = RenderJob | CacheLimits
