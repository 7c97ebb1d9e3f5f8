/**
 * One picture drawn by several threads at once, none of them the request thread: each
 * worker draws an interleaved band of row strips into one shared buffer (interleaving
 * evens out the work wherever the aircraft lies), and one of them then finishes the
 * composition (background, mark, PNG). The request thread only plans and waits, so
 * cached images and health checks are answered while compositions are drawn.
 * The livery's textures are painted and the model's geometry (mesh, adjacency, faces seen
 * from the angle) built or found once, by the first thread (so its caches serve every
 * picture), and handed to the others in shared memory: two threads painting with skia at
 * once took three times as long as one, and the other threads keep no models of their own.
 * A worker that fails or dies is not waited for again: its work is done here instead,
 * a marked and logged fallback.
 */
import { availableParallelism } from 'node:os'
import { log } from '../../log'
import { canvasOf, geometryFor, measure, render, texturesFor, texturesSharedWith, type FinJob, type RenderResult, type RenderSpec, type Texture } from '../../render'
import { fastPng } from './encode'
import { finishComposition, type FinishJob } from './finish'
import { pngInBands } from './png-bands'
import type { Raster } from './raster'
import type { BandReply, Prepared, RenderJob, RenderReply } from './render-thread'
import { defaultRenderer, type Renderer, type RenderOptions } from './renderer'
import { paintUnderlay, type Underlay } from './underlay'

type Box = RenderResult['bbox']
type Reply = BandReply | Uint8Array | Prepared | Texture | true

interface Thread {
  worker: Worker
  alive: boolean
  pending: Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>
}

/**
 * The worker's code. In the single binary (`bun run build` lists it as a second entry
 * point) entries sit under the common root of src/, beside the binary's own name.
 */
const WORKER_SCRIPT = import.meta.path.startsWith('/$bunfs')
  ? new URL('./pipeline/pixels/render-thread.ts', import.meta.url)
  : new URL('./render-thread.ts', import.meta.url)

function startThread(script: URL): Thread {
  const worker = new Worker(script)
  // an idle worker must not keep a finished process (a CLI, a test run) alive
  worker.unref()
  const thread: Thread = { worker, alive: true, pending: new Map() }
  const fail = (reason: string) => {
    thread.alive = false
    for (const p of thread.pending.values()) p.reject(new Error(reason))
    thread.pending.clear()
  }
  worker.onmessage = (event: MessageEvent<RenderReply>) => {
    const reply = event.data
    const p = thread.pending.get(reply.id)
    if (!p) return
    thread.pending.delete(reply.id)
    if ('error' in reply) p.reject(new Error(reply.error))
    else p.resolve('bytes' in reply ? reply.bytes : 'prepared' in reply ? reply.prepared : 'painted' in reply ? true : 'texture' in reply ? reply.texture : reply.band)
  }
  worker.onerror = (event) => {
    log.error('render thread died', { reason: event.message })
    fail(`render thread died: ${event.message}`)
  }
  worker.addEventListener('close', () => fail('render thread closed'))
  return thread
}

function union(boxes: Box[]): Box {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity
  for (const b of boxes) {
    if (b.width <= 0 || b.height <= 0) continue
    x0 = Math.min(x0, b.x)
    y0 = Math.min(y0, b.y)
    x1 = Math.max(x1, b.x + b.width)
    y1 = Math.max(y1, b.y + b.height)
  }
  return x1 < x0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/**
 * from hd up, a new fin's texture is painted by another thread while this one paints the
 * fuselage's (3-5 ms at hd, 10-25 at ultra off a first composition); below, the round trip cost
 * more than the fin (a card's first composition took 2-3 ms longer)
 */
const FIN_ELSEWHERE_PIXELS = 2_000_000
/**
 * from card up a composition's PNG is encoded in bands on several threads (png-bands.ts): first
 * compositions against one piece, requests alternated (this VM): ultra 149 vs 178 ms, hd 68 vs
 * 73, card 23-29 vs 25-31; below card the round trip costs what the second band saves
 */
const PNG_BANDS_PIXELS = 500_000

export interface ThreadedRenderer extends Renderer {
  /** threads that draw (the request thread is not one of them) */
  readonly threads: number
  /** background, mark and PNG of a drawn composition, on the least busy thread */
  finish(job: FinishJob): Promise<Uint8Array>
  close(): void
}

/**
 * a renderer that splits each picture between `threads` workers
 * (`script` is the worker's code: tests pass broken ones)
 */
export function threadedRenderer(threads: number, script: URL = WORKER_SCRIPT): ThreadedRenderer {
  const workers = Array.from({ length: Math.max(1, threads) }, () => startThread(script))
  let nextId = 1

  function inThread<R extends Reply>(thread: Thread, job: Omit<RenderJob, 'id'>): Promise<R> {
    const id = nextId++
    return new Promise<R>((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (r: Reply) => void, reject })
      thread.worker.postMessage({ id, ...job } as RenderJob)
    })
  }

  /**
   * where the picture is prepared: on the calling thread, from its own caches, with a new fin
   * texture painted meanwhile by a thread that waits for its band (or the first worker, which
   * paints the background first); or, under a flood, on the first worker
   */
  function prepared(spec: RenderSpec, live: Thread[], callerDraws: boolean): Prepared | Promise<Prepared> {
    if (spec.textures && spec.geometry) return { textures: spec.textures, geometry: spec.geometry }
    if (callerDraws) {
      if (spec.width * spec.height < FIN_ELSEWHERE_PIXELS) return { textures: texturesFor(spec), geometry: geometryFor(spec) }
      const painter = live[live.length > 1 ? 1 : 0]
      const fin = (job: FinJob) =>
        inThread<Texture>(painter, { fin: job }).catch((e: Error) => {
          log.warn('fallback: fin texture painted on the calling thread', { reason: e.message })
          return null
        })
      // the fuselage's texture is painted before this returns, the geometry while the fin's is
      const textures = texturesSharedWith(spec, fin)
      const geometry = geometryFor(spec)
      return textures.then((t) => ({ textures: t, geometry }))
    }
    return inThread<Prepared>(live[0], { prepare: { ...spec, into: undefined } }).catch((e: Error) => {
      log.warn('fallback: picture prepared on the calling thread', { reason: e.message })
      return { textures: texturesFor(spec), geometry: geometryFor(spec) }
    })
  }

  /** the background painted into the shared canvas by `thread`, while the picture is prepared */
  function underlayOn(thread: Thread, pixels: Uint8ClampedArray, width: number, height: number, underlay: Underlay): Promise<unknown> {
    return inThread(thread, { underlay: { width, height, pixels, paint: underlay } }).catch((e: Error) => {
      log.warn('fallback: background painted on the calling thread', { reason: e.message })
      paintUnderlay({ width, height, pixels }, underlay)
    })
  }

  /**
   * `callerDraws`: this thread prepares the picture itself and draws alongside the workers but the
   * first, which paints the background meanwhile. Only when this thread has nothing else to
   * answer: under a flood of compositions it draws nothing, the first worker prepares and the
   * last paints the background.
   */
  async function renderSplit(spec: RenderSpec, opts: RenderOptions = {}): Promise<RenderResult> {
    const live = workers.filter((t) => t.alive)
    if (!live.length) return defaultRenderer.render(spec, opts)
    const callerDraws = opts.callerDraws === true
    const underlay = opts.underlay
    const W = Math.max(1, Math.round(spec.width))
    const H = Math.max(1, Math.round(spec.height))
    const count = live.length
    // threads draw into shared memory: the caller's buffer when it is shared already
    let pixels = spec.into
    if (!(pixels?.buffer instanceof SharedArrayBuffer)) {
      pixels = new Uint8ClampedArray(new SharedArrayBuffer(W * H * 4))
      // a picture to draw over comes along
      if (spec.over && spec.into) pixels.set(spec.into)
    }
    const painting = underlay ? underlayOn(callerDraws ? live[0] : live[live.length - 1], pixels, W, H, underlay) : undefined
    const ready = prepared(spec, live, callerDraws)
    const { textures, geometry } = ready instanceof Promise ? await ready : ready
    if (painting) await painting
    const drawn: RenderSpec = { ...spec, into: pixels, textures, geometry, over: spec.over === true || underlay !== undefined }
    // strips are taken one at a time by whichever thread is free (raster.ts Band.next)
    const next = new Int32Array(new SharedArrayBuffer(4))
    const bandSpec = (index: number): RenderSpec => ({ ...drawn, band: { count, index, next } })
    const remote = (callerDraws ? live.slice(1) : live).map((t, i) => inThread<BandReply>(t, { spec: bandSpec(callerDraws ? i + 1 : i) }))
    const local: BandReply[] = callerDraws ? [render(bandSpec(0))] : []
    const settled = await Promise.allSettled(remote)
    const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    let bands: BandReply[]
    if (failed) {
      // which strips a failed thread took is not known: the whole picture is drawn again here, over
      // a fresh background (an edge drawn twice over the same background would be blended twice)
      log.warn('fallback: render band drawn on the calling thread', { reason: String(failed.reason?.message ?? failed.reason) })
      if (underlay) paintUnderlay({ width: W, height: H, pixels }, underlay)
      bands = [render(drawn)]
    } else bands = [...local, ...settled.map((r) => (r as PromiseFulfilledResult<BandReply>).value)]
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
      bbox: union(bands.map((b) => b.bbox)),
      fuselageCentre: bands[0].fuselageCentre,
      groundLineY: bands[0].groundLineY,
      metresPerPixel: bands[0].metresPerPixel,
    }
  }

  /** a fast PNG in bands, one here and one on each of as many workers as the machine has other cores */
  function fastPngSplit(r: Raster): Promise<Uint8Array> {
    const live = workers.filter((t) => t.alive)
    const count = Math.min(live.length + 1, availableParallelism())
    if (count < 2 || r.width * r.height < PNG_BANDS_PIXELS || !(r.pixels.buffer instanceof SharedArrayBuffer)) return fastPng(r)
    return pngInBands(r, count, (band, i) =>
      inThread<Uint8Array>(live[i - 1], { png: band }).catch((e: Error) => {
        log.warn('fallback: PNG band encoded on the calling thread', { reason: e.message })
        return fastPng(band)
      }),
    )
  }

  async function finish(job: FinishJob): Promise<Uint8Array> {
    const live = workers.filter((t) => t.alive)
    if (!live.length) return finishComposition(job)
    const idlest = live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a))
    return inThread<Uint8Array>(idlest, { finish: job }).catch((e: Error) => {
      log.warn('fallback: composition finished on the calling thread', { reason: e.message })
      return finishComposition(job)
    })
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
