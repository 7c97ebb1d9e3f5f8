/**
 * One picture drawn by several threads at once: each draws bands of row strips into one shared
 * canvas (strips are taken by whichever thread is free, which evens out the work wherever the
 * aircraft lies). Which thread prepares, paints the background, draws, encodes and finishes is
 * decided by plan.ts. The livery's textures and the model's geometry are made once and handed to
 * the other threads in shared memory: two threads painting with skia at once were slower than
 * one, and the render threads keep no models of their own.
 * A thread that fails or dies is not waited for again: its work is done here instead, a marked
 * and logged fallback.
 */
import { availableParallelism } from 'node:os'
import { log } from '../../log'
import {
  canvasOf,
  geometryFor,
  measure,
  render,
  texturesFor,
  type RenderResult,
  type RenderSpec,
} from '../../render'
import { fastPng } from '../pixels/encode'
import { finishComposition, type FinishJob } from '../pixels/finish'
import { pngInBands } from '../pixels/png-bands'
import type { Raster } from '../pixels/raster'
import { defaultRenderer, type Renderer, type RenderOptions } from '../pixels/renderer'
import { paintUnderlay, type Underlay } from '../pixels/underlay'
import type { BandReply, CacheLimits, Prepared } from './messages'
import { planPicture, type Plan } from './plan'
import { ask, startThread, type RenderThread } from './thread-link'

/** the aircraft's pixel bounding box on the canvas */
type AircraftBounds = RenderResult['bbox']

/**
 * The worker's code. In the single binary (`bun run build` lists it as a second entry
 * point) entries sit under the common root of src/, beside the binary's own name.
 */
const WORKER_SCRIPT = import.meta.path.startsWith('/$bunfs')
  ? new URL('./pipeline/threads/render-thread.ts', import.meta.url)
  : new URL('./render-thread.ts', import.meta.url)

function boundsOf(boxes: AircraftBounds[]): AircraftBounds {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity
  for (const b of boxes) {
    if (b.width <= 0 || b.height <= 0) continue
    x0 = Math.min(x0, b.x)
    y0 = Math.min(y0, b.y)
    x1 = Math.max(x1, b.x + b.width)
    y1 = Math.max(y1, b.y + b.height)
  }
  return x1 < x0
    ? { x: 0, y: 0, width: 0, height: 0 }
    : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** work asked of a thread, done on the calling thread when that thread fails (logged as a fallback) */
function orHere<T>(work: Promise<T>, what: string, here: () => T | Promise<T>): Promise<T> {
  return work.catch((e: Error) => {
    log.warn(`fallback: ${what} on the calling thread`, { reason: e.message })
    return here()
  })
}

export interface ThreadedRenderer extends Renderer {
  /** threads that draw (the request thread is not one of them) */
  readonly threads: number
  /** mark and PNG of a drawn composition, on the least busy thread */
  finish(job: FinishJob): Promise<Uint8Array>
  close(): void
}

export interface ThreadOptions {
  /** the worker's code (tests pass broken ones) */
  script?: URL
  /** each thread's model and texture cache limits (memory/budget.ts); none: the renderer's own */
  caches?: Omit<CacheLimits, 'kind'>
}

/** a renderer that splits each picture between `threads` workers */
export function threadedRenderer(threads: number, options: ThreadOptions = {}): ThreadedRenderer {
  const workers = Array.from({ length: Math.max(1, threads) }, () =>
    startThread(options.script ?? WORKER_SCRIPT, options.caches),
  )
  const alive = () => workers.filter((t) => t.alive)
  const planFor = (live: RenderThread[], pixels: number, callerFree: boolean, prepared = false) =>
    planPicture({
      pixels,
      pending: live.map((t) => t.pending.size),
      callerFree,
      prepared,
      cores: availableParallelism(),
    })

  function prepared(
    spec: RenderSpec,
    plan: Plan,
    live: RenderThread[],
  ): Prepared | Promise<Prepared> {
    if (plan.prepare === 'given') return { textures: spec.textures!, geometry: spec.geometry! }
    const here = () => ({ textures: texturesFor(spec), geometry: geometryFor(spec) })
    if (plan.prepare === 'caller') return here()
    return orHere(
      ask(live[plan.prepare], 'prepare', { ...spec, into: undefined }),
      'picture prepared',
      here,
    )
  }

  function paintBackground(
    doer: Plan['underlay'],
    live: RenderThread[],
    pixels: Uint8ClampedArray,
    width: number,
    height: number,
    paint: Underlay,
  ): Promise<unknown> {
    const here = () => paintUnderlay({ width, height, pixels }, paint)
    if (doer === 'caller') return Promise.resolve(here())
    return orHere<unknown>(
      ask(live[doer], 'underlay', { width, height, pixels, paint }),
      'background painted',
      here,
    )
  }

  async function renderSplit(spec: RenderSpec, opts: RenderOptions = {}): Promise<RenderResult> {
    const live = alive()
    if (!live.length) return defaultRenderer.render(spec, opts)
    const { underlay } = opts
    const W = Math.max(1, Math.round(spec.width))
    const H = Math.max(1, Math.round(spec.height))
    const plan = planFor(
      live,
      W * H,
      opts.callerDraws === true,
      spec.textures !== undefined && spec.geometry !== undefined,
    )
    // threads draw into shared memory: the caller's buffer when it is shared already
    let pixels = spec.into
    if (!(pixels?.buffer instanceof SharedArrayBuffer)) {
      pixels = new Uint8ClampedArray(new SharedArrayBuffer(W * H * 4))
      // a picture to draw over comes along
      if (spec.over && spec.into) pixels.set(spec.into)
    }
    const painting = underlay
      ? paintBackground(plan.underlay, live, pixels, W, H, underlay)
      : undefined
    const ready = prepared(spec, plan, live)
    const { textures, geometry } = ready instanceof Promise ? await ready : ready
    if (painting) await painting
    const drawn: RenderSpec = {
      ...spec,
      into: pixels,
      textures,
      geometry,
      over: spec.over === true || underlay !== undefined,
    }
    const bands = await drawBands(drawn, plan.bands, live, () => {
      // which strips a failed thread took is not known: the whole picture is drawn again here, over
      // a fresh background (an edge drawn twice over the same background would be blended twice)
      if (underlay) paintUnderlay({ width: W, height: H, pixels }, underlay)
    })
    if (spec.into && spec.into !== pixels) spec.into.set(pixels)
    const out = spec.into ?? pixels
    let canvas: RenderResult['canvas'] | undefined
    return {
      get canvas() {
        // made on first use from the finished pixels: compositing and encoding work on the raw pixels
        canvas ??= canvasOf(out, W, H)
        return canvas
      },
      pixels: out,
      bbox: boundsOf(bands.map((b) => b.bbox)),
      fuselageCentre: bands[0].fuselageCentre,
      groundLineY: bands[0].groundLineY,
      metresPerPixel: bands[0].metresPerPixel,
    }
  }

  /** the bands drawn by their doers; on a failure, the whole picture drawn here after `redo` */
  async function drawBands(
    drawn: RenderSpec,
    doers: Plan['bands'],
    live: RenderThread[],
    redo: () => void,
  ): Promise<BandReply[]> {
    // strips are taken one at a time by whichever thread is free (raster.ts Band.next)
    const next = new Int32Array(new SharedArrayBuffer(4))
    const bandSpec = (index: number): RenderSpec => ({
      ...drawn,
      band: { count: doers.length, index, next },
    })
    const remote = doers.flatMap((d, i) =>
      d === 'caller' ? [] : [ask(live[d], 'band', bandSpec(i))],
    )
    const local: BandReply[] = doers.flatMap((d, i) =>
      d === 'caller' ? [render(bandSpec(i))] : [],
    )
    const settled = await Promise.allSettled(remote)
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (!failed)
      return [...local, ...settled.map((r) => (r as PromiseFulfilledResult<BandReply>).value)]
    log.warn('fallback: render band drawn on the calling thread', {
      reason: String(failed.reason?.message ?? failed.reason),
    })
    redo()
    return [render(drawn)]
  }

  function fastPngSplit(r: Raster): Promise<Uint8Array> {
    const live = alive()
    const { png } = planFor(live, r.width * r.height, true)
    // bands are encoded from the picture's own memory: only shared memory reaches the threads
    if (png.length < 2 || !(r.pixels.buffer instanceof SharedArrayBuffer)) return fastPng(r)
    return pngInBands(r, png.length, (band, i) =>
      orHere(ask(live[png[i] as number], 'png', band), 'PNG band encoded', () => fastPng(band)),
    )
  }

  async function finish(job: FinishJob): Promise<Uint8Array> {
    const live = alive()
    const doer = planFor(live, job.width * job.height, false).finish
    if (doer === 'caller') return finishComposition(job)
    return orHere(ask(live[doer], 'finish', job), 'composition finished', () =>
      finishComposition(job),
    )
  }

  return {
    threads: workers.length,
    render: renderSplit,
    measure,
    finish,
    fastPng: fastPngSplit,
    close() {
      for (const t of workers) {
        t.alive = false
        t.worker.terminate()
      }
    },
  }
}
