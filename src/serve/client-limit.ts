/**
 * Per-client request limits: one token bucket per client id (an address prefix or a key),
 * refilled continuously at `perSecond` up to `burst` tokens; a request takes one token or
 * is refused with the whole seconds until the next token.
 *
 * Memory is bounded whatever the clients do. A bucket that has refilled to full is the same
 * as no bucket, so it can always be dropped: each take drops the full ones it finds at the
 * old end of the touch order, and a new client at `maxClients` first drops every full
 * bucket, then the least recently touched ones (those clients start again with a full
 * bucket: bounded memory is worth more than exact limits under a flood of distinct
 * clients), down to 7/8 of the bound so the next such sweep is many inserts away.
 */
import { ConfigError } from '../config'

export interface Rate {
  /** tokens added per second (the sustained request rate) */
  perSecond: number
  /** bucket size: requests a client may make at once after being idle */
  burst: number
}

/**
 * Anonymous default: a page of a dozen aircraft images, each with a srcset the browser
 * may resolve to a different size on zoom or rotation, plus a reload or a second tab,
 * comes to a few dozen requests at once; 60 lets that through and 20/s sustained serves
 * a scrolling gallery, while a script looping on the service is held to 20/s per client.
 */
export const DEFAULT_ANON_RATE: Readonly<Rate> = Object.freeze({ perSecond: 20, burst: 60 })
export const MAX_RATE = 1_000_000
/** below this a limit refuses nearly everything, which is `off` spelled wrong, not a limit */
export const MIN_RATE = 0.001
export const MAX_BURST = 10_000_000
export const DEFAULT_MAX_CLIENTS = 100_000

/** burst when only a rate is given: two seconds' worth, and never fewer than 10 so a low rate still loads a page at once */
export const defaultBurst = (perSecond: number) => Math.max(Math.ceil(perSecond * 2), 10)

const FORMAT = /^(\d+(?:\.\d+)?)(?:\/(\d+))?$/

/**
 * Reads a limit setting: `20` (20/s, default burst), `20/40` (20/s, burst 40), `off` or
 * `0` (no limit: null). Unset or blank gives `fallback`.
 */
export function parseRate(
  name: string,
  raw: string | undefined,
  fallback: Rate | null,
): Rate | null {
  const text = raw?.trim().toLowerCase() ?? ''
  if (text === '') return fallback
  if (text === 'off') return null
  const match = FORMAT.exec(text)
  const bad = (why: string) => new ConfigError(`${name} ${why} (got "${raw}")`)
  if (!match)
    throw bad('must be "off", a rate per second such as "20", or rate/burst such as "20/40"')
  const perSecond = Number(match[1])
  if (perSecond === 0 && match[2] === undefined) return null
  if (!(perSecond >= MIN_RATE && perSecond <= MAX_RATE))
    throw bad(`rate must be between ${MIN_RATE} and ${MAX_RATE} per second, or "off"`)
  const burst = match[2] === undefined ? defaultBurst(perSecond) : Number(match[2])
  if (!(burst >= 1 && burst <= MAX_BURST)) throw bad(`burst must be between 1 and ${MAX_BURST}`)
  return { perSecond, burst }
}

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number }

/**
 * A token counts as whole a hair below 1: refills are float sums, and one that is due
 * exactly (a retry after the Retry-After it was given) must not land just under.
 */
const WHOLE = 1 - 1e-9

interface Bucket {
  tokens: number
  /** clock reading (ms) when `tokens` was computed */
  at: number
}

export interface ClientLimiterOptions {
  maxClients?: number
  /** milliseconds from a monotonic clock; injected by tests */
  now?: () => number
}

export function createClientLimiter(rate: Rate, opts: ClientLimiterOptions = {}) {
  const { perSecond, burst } = rate
  if (!(perSecond > 0 && Number.isFinite(perSecond)) || !(burst >= 1 && Number.isFinite(burst)))
    throw new RangeError(
      `a limit needs a positive rate and a burst of at least 1 (got ${perSecond}/${burst})`,
    )
  const maxClients = Math.max(1, Math.floor(opts.maxClients ?? DEFAULT_MAX_CLIENTS))
  const roomyBelow = maxClients - Math.ceil(maxClients / 8)
  const now = opts.now ?? (() => performance.now())
  // Map iteration order is insertion order: re-inserting on every take keeps the least recently touched first
  const buckets = new Map<string, Bucket>()

  const tokensAt = (b: Bucket, t: number) =>
    Math.min(burst, b.tokens + (Math.max(0, t - b.at) * perSecond) / 1000)

  /** drops full buckets from the old end, stopping at the first that is not full */
  function dropOldFull(t: number, limit: number) {
    for (const [client, b] of buckets) {
      if (limit-- <= 0 || tokensAt(b, t) < burst) return
      buckets.delete(client)
    }
  }

  /** at the bound: every full bucket, then the least recently touched down to the headroom; O(n) once per n/8 new clients */
  function makeRoom(t: number) {
    for (const [client, b] of buckets) if (tokensAt(b, t) >= burst) buckets.delete(client)
    for (const client of buckets.keys()) {
      if (buckets.size <= roomyBelow) return
      buckets.delete(client)
    }
  }

  return {
    take(client: string): Take {
      const t = now()
      let b = buckets.get(client)
      if (b) {
        b.tokens = tokensAt(b, t)
        b.at = Math.max(b.at, t) // a clock that steps back refills nothing
        buckets.delete(client)
      } else {
        if (buckets.size >= maxClients) makeRoom(t)
        b = { tokens: burst, at: t }
      }
      const ok = b.tokens >= WHOLE
      if (ok) b.tokens -= 1
      // after the take this bucket holds less than burst, so the sweep below cannot drop it
      buckets.set(client, b)
      // a little sweeping on every take keeps the map near the set of clients that are actually limited
      dropOldFull(t, 2)
      return ok
        ? { ok: true }
        : { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((WHOLE - b.tokens) / perSecond)) }
    },
    /** buckets held (clients with state) */
    get size() {
      return buckets.size
    },
  }
}

export type ClientLimiter = ReturnType<typeof createClientLimiter>
