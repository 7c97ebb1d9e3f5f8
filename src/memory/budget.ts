/**
 * Every memory-bound setting of a serving process, derived from one figure: the memory it
 * may use (limit.ts), shared by the processes on the port. A process holds about
 * BASE_BYTES with its catalog, runtime, render threads and warm model caches; what is left
 * pays for the byte caches and for the compositions drawn at once, and above the high-water
 * mark new drawing is refused (503) before the process grows into its limit.
 */
const MB = 1024 * 1024

/** a warm serving process before it caches any image: runtime, catalog, render threads, model caches */
export const BASE_BYTES = 420 * MB
/** what one composition or first render can hold in flight at the largest size (a 4096 px canvas and its copies) */
export const DRAWING_BYTES = 180 * MB
/** the share of the process's memory that its caches of finished images may hold */
const CACHE_SHARE = 0.12
/** where shedding starts, as a share of the process's memory */
const HIGH_WATER_SHARE = 0.85
/**
 * the pixel buffers kept for the next compositions (pixel-buffers.ts), and each render thread's
 * model and texture caches, as shares of the process's memory, up to the figures a 1 GiB process
 * gets: larger ones held more memory after a burst of compositions without answering faster
 */
const PIXEL_POOL = { share: 24 / 1024, most: 24 * MB }
const THREAD_MODELS = { share: 48 / 1024, most: 48 * MB }
const THREAD_TEXTURES = { share: 12 / 1024, most: 12 * MB }

export interface MemoryBudget {
  /** this process's share of the limit */
  processBytes: number
  /** images (pre-rendered and composed) kept in memory */
  imageCacheBytes: number
  /** whole responses kept for repeats of the same URL */
  responseMemoBytes: number
  /** drawings (compositions and first renders) at once */
  drawingsAtOnce: number
  /** drawings that may wait for their turn */
  queueMax: number
  /** above this resident size, new drawing is refused with 503 */
  highWaterBytes: number
  /** pixel buffers kept for the next compositions */
  pixelPoolBytes: number
  /** each render thread's caches: it prepares pictures only under a flood, and the request thread holds most of the same */
  renderThreadCaches: { models: number; textures: number }
}

export interface BudgetInputs {
  limitBytes: number
  workers: number
  cores: number
  renderThreads: number
  /** CACHE_MAX_BYTES when set: the operator's figure wins over the derived one */
  imageCacheBytes?: number | null
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const shareOf = (processBytes: number, { share, most }: { share: number; most: number }) =>
  Math.min(most, Math.floor(processBytes * share))

export function deriveBudget({
  limitBytes,
  workers,
  cores,
  renderThreads,
  imageCacheBytes,
}: BudgetInputs): MemoryBudget {
  const processBytes = Math.floor(limitBytes / Math.max(1, workers))
  const images = imageCacheBytes ?? clamp(Math.floor(processBytes * CACHE_SHARE), 16 * MB, 256 * MB)
  const highWaterBytes = Math.floor(processBytes * HIGH_WATER_SHARE)
  // one drawing per core across the processes (each drawing is split between the render threads),
  // and no more than the memory above the base and the caches can hold in flight
  const byCores = Math.max(1, Math.round(cores / Math.max(1, workers) / Math.max(1, renderThreads)))
  const byMemory = Math.floor((highWaterBytes - BASE_BYTES - images * 1.5) / DRAWING_BYTES)
  const drawingsAtOnce = clamp(Math.min(byCores, byMemory), 1, 64)
  // a waiting request holds almost nothing, but the queue is also the wait: at most QUEUE_WAIT_MS of it
  const queueMax = clamp(drawingsAtOnce * 32, 16, 64)
  return {
    processBytes,
    imageCacheBytes: images,
    responseMemoBytes: Math.floor(images / 2),
    drawingsAtOnce,
    queueMax,
    highWaterBytes,
    pixelPoolBytes: shareOf(processBytes, PIXEL_POOL),
    renderThreadCaches: {
      models: shareOf(processBytes, THREAD_MODELS),
      textures: shareOf(processBytes, THREAD_TEXTURES),
    },
  }
}
