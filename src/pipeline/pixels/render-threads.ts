/**
 * One picture drawn by several threads at once. A composition's first request waits on
 * a single render, so on a machine with cores to spare the picture is split: the
 * calling thread and each worker draw an interleaved band of row strips into one
 * shared buffer (interleaving evens out the work wherever the aircraft lies).
 * The livery's textures are painted once, here, and handed over in shared memory (two
 * threads painting with skia at once took three times as long as one); so is the model's
 * geometry (mesh, adjacency, faces seen from the angle), built or cached here: workers
 * keep no models of their own, so a thread costs its runtime and little more.
 * A worker that fails or dies is not waited for again: its band is drawn here instead,
 * a marked and logged fallback.
 */
import { log } from '../../log'
import { geometryFor, measure, render, texturesFor, type RenderResult, type RenderSpec } from '../../render'
import type { RenderJob, RenderReply } from './render-thread'
import type { Renderer } from './renderer'

type Box = RenderResult['bbox']

interface Thread {
  worker: Worker
  alive: boolean
  pending: Map<number, { resolve: (b: Box) => void; reject: (e: Error) => void }>
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
    else p.resolve(reply.bbox)
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

export interface ThreadedRenderer extends Renderer {
  /** threads that draw (the calling one included) */
  readonly threads: number
  close(): void
}

/**
 * a renderer that splits each picture between the calling thread and `threads - 1` workers
 * (`script` is the worker's code: tests pass broken ones)
 */
export function threadedRenderer(threads: number, script: URL = WORKER_SCRIPT): ThreadedRenderer {
  const workers = Array.from({ length: Math.max(0, threads - 1) }, () => startThread(script))
  let nextId = 1

  function inThread(thread: Thread, spec: RenderSpec): Promise<Box> {
    const id = nextId++
    return new Promise<Box>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject })
      thread.worker.postMessage({ id, spec } satisfies RenderJob)
    })
  }

  async function renderSplit(spec: RenderSpec): Promise<RenderResult> {
    const live = workers.filter((t) => t.alive)
    if (!live.length) return render(spec)
    const W = Math.max(1, Math.round(spec.width))
    const H = Math.max(1, Math.round(spec.height))
    const count = live.length + 1
    // threads draw into shared memory: the caller's buffer when it is shared already
    const pixels = spec.into?.buffer instanceof SharedArrayBuffer ? spec.into : new Uint8ClampedArray(new SharedArrayBuffer(W * H * 4))
    const textures = spec.textures ?? texturesFor(spec)
    const geometry = spec.geometry ?? geometryFor(spec)
    const bandSpec = (index: number): RenderSpec => ({ ...spec, into: pixels, textures, geometry, band: { count, index } })
    const remote = live.map((t, i) => inThread(t, bandSpec(i + 1)))
    const local = render(bandSpec(0))
    const boxes = await Promise.all(
      remote.map((p, i) =>
        p.catch((e: Error) => {
          log.warn('fallback: render band drawn on the calling thread', { reason: e.message, band: i + 1 })
          return render(bandSpec(i + 1)).bbox
        }),
      ),
    )
    if (spec.into && spec.into !== pixels) spec.into.set(pixels)
    return {
      get canvas() {
        return local.canvas // made lazily from the shared pixels, complete by now
      },
      pixels: spec.into ?? pixels,
      bbox: union([local.bbox, ...boxes]),
      fuselageCentre: local.fuselageCentre,
      groundLineY: local.groundLineY,
      metresPerPixel: local.metresPerPixel,
    }
  }

  return {
    threads: workers.length + 1,
    render: renderSplit,
    measure,
    close() {
      for (const t of workers) {
        t.alive = false
        t.worker.terminate()
      }
    },
  }
}
