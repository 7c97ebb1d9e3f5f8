/**
 * Garbage collected at once after a large picture while the process holds much memory, and
 * once more when compositions stop. A composition's big buffers die with it (the aircraft's
 * shared canvas, the background, the encoder's copy of the pixels, skia's texture canvas and
 * its read-back: 150-250 MB at 4096 px), but the collector hardly sees them as pressure: the
 * render threads allocate little JavaScript, so they rarely collect, and shared memory is freed
 * only once every thread that was handed it has collected its handle. Under a burst of 48
 * compositions, thumb to ultra (bench/footprint.ts, `bun run start`), dead buffers piled up to
 * a peak of 729-777 MB for the process tree; collecting as here, 562-586 MB.
 * A full collection takes 2-30 ms, so it runs only where it pays: after a picture of at least
 * LARGE_PICTURE_PIXELS (hd and ultra), and only above COLLECT_ABOVE_BYTES resident (a warm
 * process whose caches are full holds about 500 MB), or once compositions have stopped.
 */
export const LARGE_PICTURE_PIXELS = 2_000_000
const COLLECT_ABOVE_BYTES = 512 * 1024 * 1024
/** how long after the last large picture the request thread collects what is left */
const QUIET_MS = 2000

/** collects now if `pixels` made a large picture and the process is above its mark; true if it did */
export function collectAfter(pixels: number, aboveBytes = COLLECT_ABOVE_BYTES): boolean {
  if (pixels < LARGE_PICTURE_PIXELS || process.memoryUsage.rss() <= aboveBytes) return false
  Bun.gc(true)
  return true
}

let quiet: ReturnType<typeof setTimeout> | undefined

/** after a composition: collects now if collectAfter says so, and once QUIET_MS after the last large one */
export function collectAfterComposition(pixels: number): void {
  collectAfter(pixels)
  if (pixels < LARGE_PICTURE_PIXELS) return
  clearTimeout(quiet)
  quiet = setTimeout(() => Bun.gc(true), QUIET_MS)
  // never what keeps a finished process (a test, the CLI) alive
  quiet.unref()
}
