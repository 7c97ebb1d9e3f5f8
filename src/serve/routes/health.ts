/** GET /v1/health: public, with or without a key. */
import { Elysia } from 'elysia'
import type { ServiceDeps } from '../deps'
import { HealthBody } from '../schemas'

export const healthRoutes = ({ config, store, manifestVersion, startedAt, rendererReady }: ServiceDeps) =>
  new Elysia({ name: 'routes.health' }).get(
    '/v1/health',
    async () => {
      const storeHealth = await store.health()
      return {
        status: storeHealth.ok ? 'ok' : 'degraded',
        version: config.version,
        manifestVersion: manifestVersion(),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        renderer: rendererReady() ? ('ready' as const) : ('warming' as const),
        store: { kind: store.kind, location: store.description, ok: storeHealth.ok },
      }
    },
    { response: { 200: HealthBody }, detail: { summary: 'Service health', tags: ['health'] } },
  )
