/**
 * GET /v1/health: public, with or without a key. It never waits for the store: the
 * store it is given is guarded (store/guarded.ts), whose health is the condition kept
 * from real calls and a background probe, so this answers at once whatever the store
 * does, and says `degraded` with the reason when writes fail or calls time out.
 */
import { Elysia } from 'elysia'
import type { ServiceDeps } from '../deps'
import { HealthBody } from '../schemas'

export const healthRoutes = ({ config, store, manifestVersion, startedAt, rendererReady }: ServiceDeps) =>
  new Elysia({ name: 'routes.health' }).get(
    '/v1/health',
    async ({ set }) => {
      const storeHealth = await store.health()
      set.headers['cache-control'] = 'no-store'
      return {
        status: storeHealth.ok ? 'ok' : 'degraded',
        ...(storeHealth.ok ? {} : { reason: `store: ${storeHealth.detail ?? 'unhealthy'}` }),
        version: config.version,
        manifestVersion: manifestVersion(),
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        renderer: rendererReady() ? ('ready' as const) : ('warming' as const),
        store: { kind: store.kind, location: store.description, ok: storeHealth.ok },
      }
    },
    { response: { 200: HealthBody }, detail: { summary: 'Service health', tags: ['health'] } },
  )
