/** The Elysia application: plugins first (errors, CORS, logging), then route groups. */
import { Elysia } from 'elysia'
import type { ServiceDeps } from './deps'
import { keyChecker } from './plugins/auth'
import { IMAGE_PATH } from './response-memo'
import { cors } from './plugins/cors'
import { errorHandler } from './plugins/errors'
import { requestLog } from './plugins/request-log'
import { catalogRoutes } from './routes/catalog'
import { docsRoutes } from './routes/docs'
import { healthRoutes } from './routes/health'
import { homeRoutes } from './routes/home'
import { imageRoutes } from './routes/images'
import { infoRoutes } from './routes/info'
import { resolveRoutes } from './routes/resolve'

export function createApp(deps: ServiceDeps) {
  return new Elysia({ name: 'app' })
    .use(errorHandler())
    .use(cors())
    .use(requestLog())
    .use(homeRoutes(deps.config.version, deps.catalog))
    .use(docsRoutes(deps.config.version))
    .use(healthRoutes(deps))
    .use(imageRoutes(deps.config.apiKeys, deps.images, deps.memo))
    .use(catalogRoutes(deps))
    .use(infoRoutes(deps))
    .use(resolveRoutes(deps))
}

export type App = ReturnType<typeof createApp>

/**
 * The server's fetch: repeats of an image request are answered by the response memo
 * before routing; everything else goes to the app.
 */
export function createFetch(deps: ServiceDeps, app: App) {
  const check = keyChecker(deps.config.apiKeys)
  return (request: Request): Response | Promise<Response> => {
    if (request.method === 'GET' && pathOf(request.url) === IMAGE_PATH) {
      const hit = deps.memo.answer(request, check(request) === 'authorized')
      if (hit) return hit
    }
    return app.fetch(request)
  }
}

function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const query = url.indexOf('?', start)
  return url.slice(start, query < 0 ? undefined : query)
}
