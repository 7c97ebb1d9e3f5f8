/**
 * Request-log sampling, so a flood of junk requests cannot fill the disk: each kind of
 * line (the caller's choice, such as the status class '2xx', '4xx' or '429') may write at
 * most `perSecond` lines per one-second window (a window opens at the first line after the
 * last one closed, so two windows' worth can meet across a boundary: a bound on the disk,
 * not a meter), and the lines held back are counted for one summary line the caller
 * writes each second ("request log: N lines suppressed").
 *
 * Server errors (kind '5xx') are always written by default: the service answers no bad
 * request with a 5xx, so each one is a fault of ours that an operator needs in full, and
 * they cannot be produced at will the way 4xx lines can. A caller that answers overload
 * with 503s can give those their own kind, or pass its own `always`.
 */

export interface LogSamplerOptions {
  /** lines admitted per kind per second (0 admits only the `always` kinds) */
  perSecond: number
  /** milliseconds; injected by tests */
  now?: () => number
  /** kinds written whatever the rate */
  always?: (kind: string) => boolean
}

/** distinct kinds counted separately; past this, new kinds share one count, so odd kinds cannot grow the map */
export const MAX_KINDS = 64
export const OVERFLOW_KIND = 'other'

export function createLogSampler({
  perSecond,
  now = () => performance.now(),
  always = (kind) => kind === '5xx',
}: LogSamplerOptions) {
  if (!(perSecond >= 0 && Number.isFinite(perSecond)))
    throw new RangeError(`perSecond must be a number of at least 0 (got ${perSecond})`)
  const windows = new Map<string, { start: number; admitted: number }>()
  let held: Record<string, number> = {}

  return {
    /** whether to write this line; a line refused is counted for the summary */
    admit(kind: string): boolean {
      if (always(kind)) return true
      const t = now()
      if (!windows.has(kind) && windows.size >= MAX_KINDS) kind = OVERFLOW_KIND
      let w = windows.get(kind)
      if (!w || t - w.start >= 1000 || t < w.start)
        windows.set(kind, (w = { start: t, admitted: 0 }))
      if (w.admitted < perSecond) {
        w.admitted++
        return true
      }
      held[kind] = (held[kind] ?? 0) + 1
      return false
    },
    /** lines refused per kind since the last call (empty when none); counting starts again */
    suppressed(): Record<string, number> {
      const counts = held
      held = {}
      return counts
    },
  }
}

export type LogSampler = ReturnType<typeof createLogSampler>
