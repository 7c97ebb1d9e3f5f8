/**
 * The process's resident size, sampled in the background (a read of it per request would
 * cost more than the requests it guards), and whether it is above the high-water mark.
 * Render threads live in this process, so their memory counts too.
 */
export interface MemoryPressure {
  /** true while the last sample was above the mark: new drawing is refused */
  readonly high: boolean
  readonly residentBytes: number
  stop(): void
}

export function watchPressure(
  highWaterBytes: number,
  opts: { everyMs?: number; resident?: () => number } = {},
): MemoryPressure {
  const resident = opts.resident ?? (() => process.memoryUsage.rss())
  let last = resident()
  const timer = setInterval(() => {
    last = resident()
  }, opts.everyMs ?? 100)
  timer.unref()
  return {
    get high() {
      return last > highWaterBytes
    },
    get residentBytes() {
      return last
    },
    stop: () => clearInterval(timer),
  }
}
