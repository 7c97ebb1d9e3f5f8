/**
 * The operations port (METRICS_PORT, loopback by default), never the public one: /metrics in
 * the Prometheus text format, and /health with what the public health leaves out (store
 * location and errors, renderer, memory). It needs no key: whoever reaches the port is an
 * operator; a proxy in front of the public port cannot expose it by any path spelling.
 */
import { Elysia } from 'elysia'
import type { ServiceDeps } from '../deps'
import type { Metrics } from '../metrics'
import { errorHandler } from '../plugins/errors'
import { OperationsHealthBody } from '../schemas'
import { publicHealth } from './health'

export interface OperationsSources {
  memory: () => {
    limitBytes: number
    limitSource: string
    residentBytes: number
    shedding: boolean
  }
}

export const operationsApp = (deps: ServiceDeps, metrics: Metrics, sources: OperationsSources) =>
  new Elysia({ name: 'app.operations' })
    .use(errorHandler())
    .get(
      '/metrics',
      async () =>
        new Response(await metrics.text(), {
          headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' },
        }),
    )
    .get(
      '/health',
      async ({ set }) => {
        const storeHealth = await deps.store.health()
        set.headers['cache-control'] = 'no-store'
        return {
          ...(await publicHealth(deps)),
          ...(storeHealth.ok ? {} : { reason: `store: ${storeHealth.detail ?? 'unhealthy'}` }),
          renderer: deps.rendererReady() ? ('ready' as const) : ('warming' as const),
          store: { kind: deps.store.kind, location: deps.store.description, ok: storeHealth.ok },
          memory: sources.memory(),
        }
      },
      { response: { 200: OperationsHealthBody } },
    )
