/** The Elysia application: plugins first (errors, CORS, logging), then route groups. */
import { Elysia } from 'elysia'
import type { ServiceDeps } from './deps'
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
    .use(homeRoutes(deps.config.version))
    .use(docsRoutes(deps.config.version))
    .use(healthRoutes(deps))
    .use(imageRoutes(deps.config.apiKeys, deps.images))
    .use(catalogRoutes(deps))
    .use(infoRoutes(deps))
    .use(resolveRoutes(deps))
}

export type App = ReturnType<typeof createApp>
