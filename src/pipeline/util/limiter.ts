/**
 * Bounded work: at most `concurrency` jobs at once, at most `queueMax` waiting;
 * beyond that the caller is told to come back (503 with Retry-After), never queued
 * without bound.
 */
import { overloaded } from '../../errors'

export function createLimiter(concurrency: number, queueMax: number) {
  let active = 0
  const waiting: (() => void)[] = []
  const release = () => {
    active--
    waiting.shift()?.()
  }
  return {
    async run<T>(job: () => Promise<T> | T): Promise<T> {
      if (active >= concurrency) {
        if (waiting.length >= queueMax) throw overloaded(1)
        await new Promise<void>((resolve) => waiting.push(resolve))
      }
      active++
      try {
        return await job()
      } finally {
        release()
      }
    },
    get active() {
      return active
    },
    get waiting() {
      return waiting.length
    },
  }
}

export type Limiter = ReturnType<typeof createLimiter>
