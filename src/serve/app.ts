/**
 * The public Elysia application: plugins first (errors, CORS, security headers), then route
 * groups. The server's fetch (edge.ts) stands in front of it; /metrics is not here but on
 * the operations port (routes/metrics.ts).
 */
import { Elysia } from 'elysia'
import type { ServiceDeps } from './deps'
import { probeRoutes } from './routes/probes'
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
import { keyedPrefixRoutes } from './routes/keyed-prefixes'
import { signRoutes } from './routes/sign'

export function createApp(deps: ServiceDeps) {
  return new Elysia({ name: 'app' })
    .use(errorHandler())
    .use(cors())
    .use(securityHeaders())
    .use(homeRoutes(deps.config.version, deps.catalog))
    .use(docsRoutes(deps.config.version))
    .use(healthRoutes(deps))
    .use(probeRoutes(deps))
    .use(imageRoutes(deps.config, deps.images, deps.memo))
    .use(catalogRoutes(deps))
    .use(infoRoutes(deps))
    .use(resolveRoutes(deps))
    .use(signRoutes(deps.config))
    .use(keyedPrefixRoutes(deps.config.apiKeys))
}

export type App = ReturnType<typeof createApp>
