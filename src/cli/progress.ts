/** A one-line progress bar with rate and ETA, redrawn on stderr. */
export function progressBar(total: number, label: string) {
  const started = performance.now()
  let last = 0
  const line = (done: number) => {
    const elapsed = (performance.now() - started) / 1000
    const rate = done / Math.max(elapsed, 1e-3)
    const eta = rate > 0 ? (total - done) / rate : 0
    const width = 30
    const filled = total ? Math.round((done / total) * width) : width
    const pct = total ? ((done / total) * 100).toFixed(1) : '100.0'
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${pct}% ${rate.toFixed(1)}/s ETA ${formatSeconds(eta)}`
  }
  return {
    update(done: number) {
      const now = performance.now()
      if (now - last < 200 && done < total) return
      last = now
      process.stderr.write(`\r${line(done)}`)
    },
    finish(done: number) {
      process.stderr.write(`\r${line(done)}\n`)
      return (performance.now() - started) / 1000
    },
  }
}

export function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '?'
  const m = Math.floor(s / 60)
  return m ? `${m}m${Math.round(s % 60)}s` : `${s.toFixed(1)}s`
}
