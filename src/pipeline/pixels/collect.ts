/**
 * Garbage collected at once after a large picture when much has piled up, and once more when
 * compositions stop. A composition's big buffers die with it (the aircraft's shared canvas, the
 * background, the encoder's copy of the pixels, skia's texture canvas and its read-back: 150-250
 * MB at 4096 px), but the collector hardly sees them as pressure: the render threads allocate
 * little JavaScript, so they rarely collect, and shared memory is freed only once every thread
 * that was handed it has collected its handle. Under a burst of 48 compositions, thumb to ultra
 * (bench/footprint.ts), dead buffers piled up to a peak of 729-874 MB for the process tree.
 * A full collection takes 2-30 ms, so it runs only where it pays: after a picture of at least
 * LARGE_PICTURE_PIXELS (hd and ultra), once the process is above COLLECT_ABOVE_BYTES resident
 * (a warm process with full caches holds about 500 MB) and has grown by GROWTH_BYTES since this
 * thread's last collection (a process whose image caches are full sits far above the mark:
 * it collects once per few ultra compositions, not after each).
 */
export const LARGE_PICTURE_PIXELS = 2_000_000
const MB = 1024 * 1024
const COLLECT_ABOVE_BYTES = 512 * MB
const GROWTH_BYTES = 96 * MB
/** how long after the last large picture the request thread collects what is left */
const QUIET_MS = 2000

/** resident bytes after this thread's last collection */
let collectedAt = 0

/** collects now if `pixels` made a large picture and enough has piled up; true if it did */
export function collectAfter(pixels: number, aboveBytes = COLLECT_ABOVE_BYTES): boolean {
  if (pixels < LARGE_PICTURE_PIXELS) return false
  const resident = process.memoryUsage.rss()
  if (resident <= Math.max(aboveBytes, collectedAt + GROWTH_BYTES)) return false
  Bun.gc(true)
  collectedAt = process.memoryUsage.rss()
  return true
}

let quiet: ReturnType<typeof setTimeout> | undefined

/** after a composition: collects now if collectAfter says so, and once QUIET_MS after the last large one */
export function collectAfterComposition(pixels: number): void {
  collectAfter(pixels)
  if (pixels < LARGE_PICTURE_PIXELS) return
  clearTimeout(quiet)
  quiet = setTimeout(() => {
    Bun.gc(true)
    collectedAt = process.memoryUsage.rss()
  }, QUIET_MS)
  // never what keeps a finished process (a test, the CLI) alive
  quiet.unref()
}
