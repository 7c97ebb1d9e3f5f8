/** The Elysia application: plugins first (errors, CORS, logging), then route groups. */
import { Elysia } from 'elysia'
import { log, logContext } from '../log'
import type { ServiceDeps } from './deps'
import { keyChecker } from './plugins/auth'
import { applyCachePolicy } from './cache-policy'
import { IMAGE_PATH } from './response-memo'
import { logRequest } from './request-log'
import { REQUEST_ID_HEADER, requestIdOf } from './request-id'
import { metricsRoutes } from './routes/metrics'
import { probeRoutes } from './routes/probes'
import { requestTarget, routable } from './request-target'
import { cors } from './plugins/cors'
import { errorHandler } from './plugins/errors'
import { securityHeaders } from './plugins/security-headers'
import { catalogRoutes } from './routes/catalog'
import { docsRoutes } from './routes/docs'
import { healthRoutes } from './routes/health'
import { homeRoutes } from './routes/home'
import { imageRoutes } from './routes/images'
import { infoRoutes } from './routes/info'
import { resolveRoutes } from './routes/resolve'
import { signRoutes } from './routes/sign'

export function createApp(deps: ServiceDeps) {
  return new Elysia({ name: 'app' })
    .use(errorHandler())
    .use(cors())
    .use(securityHeaders())
    .use(homeRoutes(deps.config.version, deps.catalog))
    .use(docsRoutes(deps.config.version))
    .use(healthRoutes(deps))
    .use(metricsRoutes(deps.metrics))
    .use(probeRoutes(deps))
    .use(imageRoutes(deps.config.apiKeys, deps.images, deps.memo))
    .use(catalogRoutes(deps))
    .use(infoRoutes(deps))
    .use(resolveRoutes(deps))
    .use(signRoutes(deps.config.apiKeys))
}

export type App = ReturnType<typeof createApp>

/** requests whose response is not made yet: a draining process waits for them */
export interface InFlight {
  readonly count: number
}

/**
 * The server's fetch: repeats of an image request are answered by the response memo
 * before routing; everything else goes to the app. Every request is counted while in
 * flight and logged with the status sent; an error that escapes the app is logged and
 * answered 500, and the process goes on.
 */
export function createFetch(deps: ServiceDeps, app: App) {
  const check = keyChecker(deps.config.apiKeys)
  let count = 0
  const inFlight: InFlight = {
    get count() {
      return count
    },
  }
  const done = (request: Request, startedAt: number, requestId: string) => (response: Response) => {
    count--
    try {
      response.headers.set(REQUEST_ID_HEADER, requestId)
      applyCachePolicy(request, requestTarget(request.url).path, response)
    } catch {
      // headers of a response that cannot be changed: the log line still has the id
    }
    deps.metrics.observe(requestTarget(request.url).path, response.status, (performance.now() - startedAt) / 1000, response.headers)
    logRequest(request, response.status, startedAt, { requestId })
    return response
  }
  const failed = (request: Request, startedAt: number, requestId: string) => (error: unknown) => {
    deps.metrics.unhandled()
    log.error('unhandled error in a request', { path: requestTarget(request.url).path, error: String((error as Error)?.stack ?? error) })
    return done(request, startedAt, requestId)(Response.json({ error: 'internal error' }, { status: 500 }))
  }
  function fetch(request: Request): Response | Promise<Response> {
    const requestId = requestIdOf(request)
    return logContext.run({ requestId }, () => serve(request, requestId))
  }
  function serve(request: Request, requestId: string): Response | Promise<Response> {
    const startedAt = performance.now()
    const finish = done(request, startedAt, requestId)
    count++
    try {
      if (request.method === 'GET' && requestTarget(request.url).path === IMAGE_PATH) {
        const hit = deps.memo.answer(request, check(request) === 'authorized')
        if (hit) return finish(hit)
      }
      const response = app.fetch(routable(request))
      return response instanceof Promise ? response.then(finish, failed(request, startedAt, requestId)) : finish(response)
    } catch (error) {
      return failed(request, startedAt, requestId)(error)
    }
  }
  return { fetch, inFlight }
}
