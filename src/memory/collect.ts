/**
 * Garbage collected at once after a large picture when much has piled up, and once more when
 * large pictures stop. A composition's big buffers die with it (the aircraft's shared canvas,
 * the encoder's copy of the pixels, skia's texture canvas and its read-back: hundreds of MB at
 * 4096 px), but the collector hardly sees them as pressure: the render threads allocate little
 * JavaScript, so they rarely collect, and shared memory is freed only once every thread that was
 * handed it has collected its handle; under a burst of compositions dead buffers pile up.
 * A full collection pauses its thread, so it runs only where it pays: after a picture of at
 * least LARGE_PICTURE_PIXELS (ultra: after hd too, the pauses cost more than they freed), once
 * the process is above COLLECT_ABOVE_BYTES resident (about what a warm process with full caches
 * holds). The request thread, whose pauses delay every answer, collects only once the process
 * has grown by REQUEST_THREAD_GROWTH since its last collection: a process whose image caches are
 * full sits above the mark for good.
 */
import { trimNativeHeap } from './native-heap'

export const LARGE_PICTURE_PIXELS = 4_000_000
const MB = 1024 * 1024
const COLLECT_ABOVE_BYTES = 512 * MB
export const REQUEST_THREAD_GROWTH = 64 * MB
/** how long after the last large picture a thread collects what is left (and trims the native heap) */
export const QUIET_MS = 2000

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
export const piledUp = (
  resident: number,
  collectedAt: number,
  growth: number,
  aboveBytes: number,
) => resident > Math.max(aboveBytes, growth > 0 ? collectedAt + growth : 0)

/**
 * collects now if `pixels` made a large picture, the process is above `aboveBytes` and has grown
 * by `growth` since this thread last collected; true if it did
 */
export function collectAfter(
  pixels: number,
  growth = 0,
  aboveBytes = COLLECT_ABOVE_BYTES,
): boolean {
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
