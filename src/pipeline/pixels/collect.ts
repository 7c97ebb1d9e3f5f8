/**
 * Garbage collected at once after a large picture when much has piled up, and once more when
 * large pictures stop. A composition's big buffers die with it (the aircraft's shared canvas,
 * the background, the encoder's copy of the pixels, skia's texture canvas and its read-back:
 * 150-250 MB at 4096 px), but the collector hardly sees them as pressure: the render threads
 * allocate little JavaScript, so they rarely collect, and shared memory is freed only once every
 * thread that was handed it has collected its handle. Under a burst of 48 compositions, thumb to
 * ultra (bench/footprint.ts), dead buffers piled up to a peak of 729-874 MB for the process tree
 * (507-630 MB with these collections, when 33-46 of the 48 were answered).
 * A full collection takes 2-30 ms, so it runs only where it pays: after a picture of at least
 * LARGE_PICTURE_PIXELS (ultra; after hd too, the collections cost the burst answers), once the process is above COLLECT_ABOVE_BYTES resident (a
 * warm process with full caches holds about 500 MB). The request thread, whose pauses delay
 * every answer, collects only once the process has grown by REQUEST_THREAD_GROWTH since its
 * last collection: a process whose image caches are full sits above the mark for good.
 */
import { trimNativeHeap } from './native-heap'

export const LARGE_PICTURE_PIXELS = 4_000_000
const MB = 1024 * 1024
const COLLECT_ABOVE_BYTES = 512 * MB
export const REQUEST_THREAD_GROWTH = 64 * MB
/** how long after the last large picture a thread collects what is left (and trims the native heap) */
const QUIET_MS = 2000

/** resident bytes after this thread's last collection */
let collectedAt = 0

/** a full collection now, counted as this thread's last (warm-up after a large rehearsal) */
export function collect(): void {
  Bun.gc(true)
  collectedAt = process.memoryUsage.rss()
}

/** once large pictures stop: a full collection, whose finalizers free native buffers, then those handed back */
function settle(): void {
  collect()
  trimNativeHeap()
}

/** whether a process `resident` bytes large should collect, having been `collectedAt` bytes after its last collection */
export const piledUp = (resident: number, collectedAt: number, growth: number, aboveBytes: number) =>
  resident > Math.max(aboveBytes, growth > 0 ? collectedAt + growth : 0)

/**
 * collects now if `pixels` made a large picture, the process is above `aboveBytes` and has grown
 * by `growth` since this thread last collected; true if it did
 */
export function collectAfter(pixels: number, growth = 0, aboveBytes = COLLECT_ABOVE_BYTES): boolean {
  if (pixels < LARGE_PICTURE_PIXELS) return false
  if (!piledUp(process.memoryUsage.rss(), collectedAt, growth, aboveBytes)) return false
  collect()
  return true
}

let quiet: ReturnType<typeof setTimeout> | undefined

/**
 * collectAfter, once the caller has answered (a timer: the answer goes out first; not when `now`
 * is false), and once more QUIET_MS after the last large picture (whatever was left, e.g. after
 * a burst)
 */
export function collectAfterPicture(pixels: number, growth = 0, now = true): void {
  if (pixels < LARGE_PICTURE_PIXELS) return
  if (now) setTimeout(() => collectAfter(pixels, growth), 0).unref()
  clearTimeout(quiet)
  quiet = setTimeout(settle, QUIET_MS)
  // never what keeps a finished process (a test, the CLI) alive
  quiet.unref()
}
