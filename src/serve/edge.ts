/**
 * The server's fetch: the one front door. Every request passes the same steps, in order:
 * a target without a fragment -> who is calling (once) -> the caller's rate -> a repeat
 * answered by the response memo -> the app -> cache policy, request id, drain and log on
 * the answer. An error that escapes the app is logged and answered 500, and the process
 * goes on.
 */
import { ApiError } from '../errors'
import { log, logContext } from '../log'
import type { App } from './app'
import { applyCachePolicy } from './cache-policy'
import { callerIdentifier, rememberCaller, type Caller } from './caller'
import { clientAddress, limitKeyOf } from './client-address'
import { createClientLimiter } from './client-limit'
import type { ServiceDeps } from './deps'
import { createLogSampler } from './log-sampler'
import { CORS_HEADERS } from './plugins/cors'
import { logRequest } from './request-log'
import { REQUEST_ID_HEADER, requestIdOf } from './request-id'
import { requestTarget, routable } from './request-target'
import { IMAGE_PATH } from './response-memo'

/** requests whose response is not made yet: a draining process waits for them */
export interface InFlight {
  readonly count: number
}

/** what Bun hands the fetch besides the request: the peer's address */
export interface Peer {
  requestIP(request: Request): { address: string } | null
}

/** request-log lines per second per status class; beyond, one summary line a second */
const LOG_LINES_PER_SECOND = 200
/** probes from the orchestrator and load balancer are never rate-limited */
const UNLIMITED_PATHS = new Set(['/v1/health', '/v1/health/live', '/v1/health/ready'])

const errorResponse = (error: ApiError, extra: Record<string, string> = {}) =>
  Response.json(error.body, {
    status: error.status,
    headers: { ...CORS_HEADERS, ...error.headers, 'cache-control': 'no-store', ...extra },
  })

/**
 * A raw `#` in the request target is no part of HTTP (RFC 9110 4.1): a client never sends
 * one. Bun keeps it in request.url and parsers disagree on where the query ends, so it is
 * refused before anything reads the query.
 */
const FRAGMENT = new ApiError(400, {
  error: 'invalid request',
  details: ["the request target must not contain '#'"],
})

function rateLimits(deps: ServiceDeps) {
  const { anonRate, keyRate, trustProxy } = deps.config
  const anon = anonRate && createClientLimiter(anonRate)
  const keyed = keyRate && createClientLimiter(keyRate)
  return (
    request: Request,
    path: string,
    caller: Caller,
    peer: Peer | undefined,
  ): ApiError | null => {
    if (UNLIMITED_PATHS.has(path)) return null
    const take =
      caller.kind === 'key'
        ? keyed?.take(caller.keyId)
        : anon?.take(
            limitKeyOf(
              clientAddress(
                peer?.requestIP(request)?.address ?? null,
                request.headers.get('x-forwarded-for'),
                trustProxy,
              ),
            ),
          )
    if (!take || take.ok) return null
    deps.metrics.rateLimited(caller.kind)
    return new ApiError(
      429,
      { error: 'too many requests' },
      { 'retry-after': String(take.retryAfterSeconds) },
    )
  }
}

function sampledLog() {
  const sampler = createLogSampler({ perSecond: LOG_LINES_PER_SECOND })
  setInterval(() => {
    const held = sampler.suppressed()
    if (Object.keys(held).length) log.warn('request log: lines suppressed', { suppressed: held })
  }, 1000).unref()
  return (request: Request, status: number, startedAt: number, requestId: string) => {
    if (sampler.admit(status === 429 ? '429' : `${Math.floor(status / 100)}xx`))
      logRequest(request, status, startedAt, { requestId })
  }
}

export function createFetch(deps: ServiceDeps, app: App) {
  const identify = callerIdentifier(deps.config.apiKeys, deps.config.urlSigningKeys)
  const limited = rateLimits(deps)
  const writeLog = sampledLog()
  let count = 0
  let draining = false
  const inFlight: InFlight = {
    get count() {
      return count
    },
  }

  const done =
    (request: Request, path: string, caller: Caller | null, startedAt: number, requestId: string) =>
    (response: Response) => {
      count--
      try {
        response.headers.set(REQUEST_ID_HEADER, requestId)
        if (caller) applyCachePolicy(caller, path, response)
        // a keep-alive client learns to open a new connection (to another instance) before this one closes
        if (draining) response.headers.set('connection', 'close')
      } catch {
        // headers of a response that cannot be changed: the log line still has the id
      }
      deps.metrics.observe(
        path,
        response.status,
        (performance.now() - startedAt) / 1000,
        response.headers,
      )
      writeLog(request, response.status, startedAt, requestId)
      return response
    }

  function serve(
    request: Request,
    requestId: string,
    peer: Peer | undefined,
  ): Response | Promise<Response> {
    const startedAt = performance.now()
    count++
    // read once: the limits, the memo, the log and the metrics all key on it
    const path = requestTarget(request.url).path
    let finish = done(request, path, null, startedAt, requestId)
    const failed = (error: unknown) => {
      deps.metrics.unhandled()
      log.error('unhandled error in a request', {
        path,
        error: String((error as Error)?.stack ?? error),
      })
      return finish(Response.json({ error: 'internal error' }, { status: 500 }))
    }
    try {
      if (request.url.includes('#')) return finish(errorResponse(FRAGMENT))
      const caller = identify(request)
      finish = done(request, path, caller, startedAt, requestId)
      const refusal = limited(request, path, caller, peer)
      if (refusal) return finish(errorResponse(refusal))
      if (request.method === 'GET' && path === IMAGE_PATH) {
        const hit = deps.memo.answer(request, caller.kind !== 'anonymous')
        if (hit) return finish(hit)
      }
      const routed = routable(request)
      rememberCaller(routed, caller)
      const response = app.fetch(routed)
      return response instanceof Promise ? response.then(finish, failed) : finish(response)
    } catch (error) {
      return failed(error)
    }
  }

  return {
    fetch(request: Request, peer?: Peer): Response | Promise<Response> {
      const requestId = requestIdOf(request)
      return logContext.run({ requestId }, () => serve(request, requestId, peer))
    },
    inFlight,
    /** from now on every answer says `Connection: close` */
    drain() {
      draining = true
    },
  }
}
