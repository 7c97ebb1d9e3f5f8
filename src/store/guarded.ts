/**
 * A store whose every call is bounded in time, and which knows its own condition.
 *
 * No call waits longer than `timeoutMs`: a read that does not answer in time is a miss
 * (the image is rendered instead), a write is skipped (the image is served from memory),
 * and after a timeout the same kind of call fails at once for `cooldownMs`, so a frozen
 * backend costs one timeout per window, not one per request. The hung call itself
 * cannot be cancelled; it is left to finish or fail on its own.
 *
 * `health()` never touches the backend: it answers from the condition kept by the
 * outcomes of real calls and by a background probe, so /v1/health answers at once
 * whatever the store does. A write that fails (disk full, read-only, timeout) makes the
 * store degraded until a later write succeeds.
 */
import type { AssetStore } from './types'
import { CorruptAssetError } from './integrity'
import { faultLog } from './fault-log'

export class StoreTimeoutError extends Error {
  readonly code = 'ETIMEDOUT'
}
/** A call refused without trying, because the same kind timed out moments ago. */
export class StoreUnavailableError extends Error {
  readonly code = 'EUNAVAILABLE'
}

export interface StoreCondition {
  ok: boolean
  /** why not ok, one entry per failing kind of call ("write: disk full (ENOSPC)") */
  reasons: string[]
}

export interface GuardedStore extends AssetStore {
  condition(): StoreCondition
  /** runs the background probe now (tests; the timer runs it every `probeIntervalMs`) */
  probe(): Promise<void>
  /** stops the background probe */
  close(): void
}

export interface GuardOptions {
  timeoutMs: number
  cooldownMs?: number
  probeIntervalMs?: number
  logIntervalMs?: number
  now?: () => number
}

type Op = 'read' | 'write' | 'list' | 'delete' | 'probe'

const READABLE: Record<string, string> = {
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ETIMEDOUT: 'timed out',
}

/** What a fault is called in health and logs: the errno's meaning and code, never the key. */
export function describeFault(err: unknown): string {
  const code = (err as { code?: string })?.code
  if (code && READABLE[code]) return `${READABLE[code]} (${code})`
  const message = String((err as Error)?.message ?? err).slice(0, 200)
  return code ? `${code}: ${message}` : message
}

export function guardStore(inner: AssetStore, opts: GuardOptions): GuardedStore {
  const { timeoutMs } = opts
  const cooldownMs = opts.cooldownMs ?? Math.max(5000, timeoutMs)
  const now = opts.now ?? (() => Date.now())
  const logFault = faultLog(opts.logIntervalMs)
  const faults = new Map<Op, { reason: string; at: number; timedOut: boolean }>()

  const fail = (op: Op, err: unknown) => {
    if (typeof err === 'object' && err !== null) reported.add(err)
    const reason = describeFault(err)
    faults.set(op, { reason, at: now(), timedOut: err instanceof StoreTimeoutError })
    logFault(
      `${op}:${(err as { code?: string })?.code ?? 'error'}`,
      `store ${op} failed; serving without the store`,
      {
        store: inner.description,
        reason,
      },
    )
  }
  const succeed = (op: Op) => faults.delete(op)

  /** Runs a call within the deadline; a fault is recorded and rethrown. */
  async function bounded<T>(op: Op, call: () => Promise<T>): Promise<T> {
    const recent = faults.get(op)
    if (recent?.timedOut && now() - recent.at < cooldownMs) {
      const skipped = new StoreUnavailableError(
        `store ${op} skipped: it timed out ${now() - recent.at} ms ago`,
      )
      reported.add(skipped)
      throw skipped
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const deadline = new Promise<never>((_, reject) => {
      // the deadline is judged one turn of the event loop late: when the loop was held up (a
      // long synchronous start, a loaded machine), the call's answer may be waiting behind the timer
      timer = setTimeout(
        () =>
          setImmediate(() =>
            reject(new StoreTimeoutError(`store ${op} timed out after ${timeoutMs} ms`)),
          ),
        timeoutMs,
      )
    })
    try {
      const value = await Promise.race([call(), deadline])
      succeed(op)
      return value
    } catch (err) {
      // A refused key or corrupt bytes are the caller's fault, not the store's.
      if (!(err instanceof CorruptAssetError) && !isKeyError(err)) fail(op, err)
      throw err
    } finally {
      clearTimeout(timer)
    }
  }

  /** Reads degrade to a miss: the caller renders what the store could not give. */
  const orMiss = async <T>(call: Promise<T>, miss: T): Promise<T> => {
    try {
      return await call
    } catch (err) {
      if (isKeyError(err)) throw err
      return miss
    }
  }

  async function probe(): Promise<void> {
    try {
      const health = await bounded('probe', () => inner.health())
      if (!health.ok)
        faults.set('probe', { reason: health.detail ?? 'unhealthy', at: now(), timedOut: false })
    } catch {
      // recorded by bounded()
    }
  }
  const timer = setInterval(probe, opts.probeIntervalMs ?? 10_000)
  timer.unref?.()
  void probe()

  const condition = (): StoreCondition => {
    const reasons = [...faults].map(([op, f]) => `${op}: ${f.reason}`)
    return { ok: reasons.length === 0, reasons }
  }

  return {
    kind: inner.kind,
    description: inner.description,
    get: (key) =>
      orMiss(
        bounded('read', () => inner.get(key)),
        null,
      ),
    has: (key) =>
      orMiss(
        bounded('read', () => inner.has(key)),
        false,
      ),
    put: (key, bytes) => bounded('write', () => inner.put(key, bytes)),
    createIfAbsent:
      inner.createIfAbsent &&
      ((key, bytes) => bounded('write', () => inner.createIfAbsent!(key, bytes))),
    list: (prefix) => bounded('list', () => inner.list(prefix)),
    delete: (key) => bounded('delete', () => inner.delete(key)),
    inventory: (prefix) => bounded('list', () => inner.inventory(prefix)),
    async health() {
      const { ok, reasons } = condition()
      return ok ? { ok } : { ok, detail: reasons.join('; ') }
    },
    condition,
    probe,
    close: () => clearInterval(timer),
  }
}

const isKeyError = (err: unknown) => /^invalid store key/.test(String((err as Error)?.message))

const reported = new WeakSet<object>()
/** Whether the guard has logged this failure already (its log is throttled; callers should not add a line per request). */
export const wasReported = (err: unknown) =>
  typeof err === 'object' && err !== null && reported.has(err)
