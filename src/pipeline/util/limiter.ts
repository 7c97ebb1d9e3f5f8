/**
 * Bounded work: at most `concurrency` jobs at once, at most `queueMax` waiting, and none
 * waiting longer than `maxWaitMs`. Beyond that the caller is told to come back (503 with
 * Retry-After), never queued without bound; a caller whose signal aborts while it waits
 * leaves the queue (its client has gone, nobody would read the answer).
 */
import { ClientClosedError, OverloadError } from '../../errors'

export interface LimiterOptions {
  concurrency: number
  queueMax: number
  /** the longest a job may wait for its turn (default: unbounded) */
  maxWaitMs?: number
  /** true while new jobs must be refused at once (the process is above its memory high-water mark) */
  shed?: () => boolean
  /** told how long each admitted job waited for its turn */
  onWait?: (seconds: number) => void
}

interface Waiter {
  start(): void
}

export function createLimiter(options: LimiterOptions) {
  const { concurrency, queueMax, maxWaitMs = Infinity, shed = () => false, onWait } = options
  let active = 0
  let started = 0
  let refused = 0
  const waiting: Waiter[] = []
  /** a moving average of how long a job holds its slot, for Retry-After */
  let meanJobMs = 100

  const retryAfter = () =>
    Math.max(1, Math.ceil(((waiting.length + 1) * meanJobMs) / concurrency / 1000))

  function leaveQueue(w: Waiter) {
    const i = waiting.indexOf(w)
    if (i >= 0) waiting.splice(i, 1)
  }

  /** takes a slot now, or waits for one handed over by a finishing job */
  function turn(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new ClientClosedError())
    if (shed()) {
      refused++
      return Promise.reject(new OverloadError(retryAfter()))
    }
    if (active < concurrency) {
      active++
      return Promise.resolve()
    }
    if (waiting.length >= queueMax) {
      refused++
      return Promise.reject(new OverloadError(retryAfter()))
    }
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined
      const onAbort = () => {
        leaveQueue(w)
        clearTimeout(timer)
        reject(new ClientClosedError())
      }
      const w: Waiter = {
        start() {
          clearTimeout(timer)
          signal?.removeEventListener('abort', onAbort)
          resolve()
        },
      }
      if (Number.isFinite(maxWaitMs))
        timer = setTimeout(() => {
          leaveQueue(w)
          signal?.removeEventListener('abort', onAbort)
          reject(new OverloadError(retryAfter()))
        }, maxWaitMs)
      signal?.addEventListener('abort', onAbort, { once: true })
      waiting.push(w)
    })
  }

  return {
    async run<T>(job: () => Promise<T> | T, signal?: AbortSignal): Promise<T> {
      const asked = performance.now()
      await turn(signal)
      onWait?.((performance.now() - asked) / 1000)
      started++
      const from = performance.now()
      try {
        return await job()
      } finally {
        meanJobMs = meanJobMs * 0.8 + (performance.now() - from) * 0.2
        // the slot passes straight to the next in line, or is freed
        const next = waiting.shift()
        if (next) next.start()
        else active--
      }
    },
    get active() {
      return active
    },
    get waiting() {
      return waiting.length
    },
    /** jobs that have had a slot since the limiter was made */
    get started() {
      return started
    },
    /** jobs refused at once (queue full, or memory above its mark) since the limiter was made */
    get refused() {
      return refused
    },
  }
}

export type Limiter = ReturnType<typeof createLimiter>
