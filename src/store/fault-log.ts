/**
 * Store faults are logged once per interval per kind, not once per request: a full
 * disk or a frozen S3 endpoint would otherwise write one line for every image served.
 * Each line after the first says how many were left out since the last one.
 */
import { log } from '../log'

export function faultLog(intervalMs = 60_000, now = () => Date.now()) {
  const last = new Map<string, { at: number; suppressed: number }>()
  return (kind: string, msg: string, fields: Record<string, unknown> = {}): void => {
    const seen = last.get(kind)
    if (seen && now() - seen.at < intervalMs) {
      seen.suppressed++
      return
    }
    last.set(kind, { at: now(), suppressed: 0 })
    log.warn(msg, {
      ...fields,
      fault: kind,
      ...(seen?.suppressed ? { suppressedSinceLast: seen.suppressed } : {}),
    })
  }
}
