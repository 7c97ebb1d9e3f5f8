/**
 * GET /v1/health: public, with or without a key: `ok` or `degraded`, the version and the
 * manifest, nothing about where the store is or what failed (the operations port's
 * /health says that, for operators). It never waits for the store: the store it is given is
 * guarded (store/guarded.ts), whose health is the condition kept from real calls and a
 * background probe, so this answers at once whatever the store does.
 */
import { Elysia } from 'elysia'
import type { ServiceDeps } from '../deps'
import { HealthBody } from '../schemas'

export const publicHealth = async ({ config, store, manifestVersion, startedAt }: ServiceDeps) => ({
  status: (await store.health()).ok ? ('ok' as const) : ('degraded' as const),
  version: config.version,
  manifestVersion: manifestVersion(),
  uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
})

export const healthRoutes = (deps: ServiceDeps) =>
  new Elysia({ name: 'routes.health' }).get(
    '/v1/health',
    async ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      return publicHealth(deps)
    },
    {
      response: { 200: HealthBody },
      detail: { summary: 'Service health: ok or degraded', tags: ['health'] },
    },
  )
