/**
 * GET /metrics: this process's metrics in the Prometheus text format. Public like
 * /v1/health; an operator keeps it off the internet at the proxy (deploy/nginx.conf does).
 */
import { Elysia } from 'elysia'
import type { Metrics } from '../metrics'

export const metricsRoutes = (metrics: Metrics) =>
  new Elysia({ name: 'routes.metrics' }).get(
    '/metrics',
    async () => new Response(await metrics.text(), { headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' } }),
    { detail: { summary: 'Prometheus metrics of this process', tags: ['health'] } },
  )
