/**
 * Progress on stderr. On a terminal: one bar redrawn in place with `\r`. Otherwise (a log file,
 * a container's log, CI) a `\r` would pile every redraw into one endless line, so plain lines
 * are written instead, few enough that a day-long bake stays readable.
 */

export interface ProgressOptions {
  /** whether stderr is a terminal (default: asked of process.stderr) */
  tty?: boolean
  write?: (text: string) => void
  /** milliseconds, for tests that drive the clock */
  now?: () => number
  /** shortest gap between two plain lines, in ms */
  plainEveryMs?: number
}

const BAR_EVERY_MS = 200
const PLAIN_EVERY_MS = 10_000

export function progressBar(total: number, label: string, opts: ProgressOptions = {}) {
  const tty = opts.tty ?? process.stderr.isTTY === true
  const write = opts.write ?? ((text: string) => void process.stderr.write(text))
  const now = opts.now ?? (() => performance.now())
  const every = tty ? BAR_EVERY_MS : (opts.plainEveryMs ?? PLAIN_EVERY_MS)
  const started = now()
  // a plain line waits a full interval: the first few views give no useful rate
  let last = tty ? -Infinity : started
  const figures = (done: number) => {
    const elapsed = (now() - started) / 1000
    const rate = done / Math.max(elapsed, 1e-3)
    const pct = total ? ((done / total) * 100).toFixed(1) : '100.0'
    return { elapsed, rate, pct, eta: rate > 0 ? (total - done) / rate : Infinity }
  }
  const bar = (done: number) => {
    const { rate, pct, eta } = figures(done)
    const width = 30
    const filled = total ? Math.round((done / total) * width) : width
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${pct}% ${rate.toFixed(1)}/s ETA ${formatDuration(eta)}`
  }
  const plain = (done: number) => {
    const { rate, pct, eta } = figures(done)
    return `${label}: ${done}/${total} (${pct}%), ${rate.toFixed(1)}/s, ETA ${formatDuration(eta)}\n`
  }
  return {
    update(done: number) {
      const t = now()
      if (done >= total || t - last < every) return
      last = t
      write(tty ? `\r${bar(done)}` : plain(done))
    },
    /** the closing line; returns the seconds since the start */
    finish(done: number) {
      const { elapsed, rate, pct } = figures(done)
      write(
        tty
          ? `\r${bar(done)}\n`
          : `${label}: ${done}/${total} (${pct}%), ${rate.toFixed(1)}/s, took ${formatDuration(elapsed)}\n`,
      )
      return elapsed
    },
  }
}

/** A duration as people read it: 42s, 5m03s, 2h44m (rounded once, so never "60s"); ? when unknown. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '?'
  const s = Math.round(seconds)
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`
  const m = Math.round(seconds / 60)
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`
}
