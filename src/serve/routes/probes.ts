/**
 * Probes for orchestrators. /v1/health/live: the process answers (a hung event loop or a
 * dead process fails it, so it is restarted). /v1/health/ready: this instance should get
 * traffic: its store answers within STORE_TIMEOUT_MS and its renderer has warmed; 503
 * otherwise, so a load balancer sends requests elsewhere without restarting anything.
 * A store that answers but refuses writes (disk full, read-only) keeps the instance ready:
 * images are still served, and on a shared bucket every instance would go unready at once.
 * Both read state kept in the background (the store guard's condition, fed by real calls
 * and its own probe; the warm-up flag): a probe costs no store call, however often it comes.
 */
import { Elysia } from 'elysia'
import type { StoreCondition } from '../../store/guarded'

export interface ProbeSources {
  store: { condition(): StoreCondition }
  rendererReady: () => boolean
}

/** faults that mean the store cannot be reached: a call that timed out, or the background probe failing */
const unreachable = (reason: string) =>
  reason.startsWith('probe:') || /timed out|ETIMEDOUT/.test(reason)

export function readiness({ store, rendererReady }: ProbeSources) {
  const { ok, reasons } = store.condition()
  const renderer = rendererReady() ? 'ready' : 'warming'
  return {
    ready: !reasons.some(unreachable) && renderer === 'ready',
    store: ok ? 'ok' : reasons.join('; '),
    renderer,
  }
}

export const probeRoutes = (sources: ProbeSources) =>
  new Elysia({ name: 'routes.probes' })
    .get(
      '/v1/health/live',
      ({ set }) => {
        set.headers['cache-control'] = 'no-store'
        return { status: 'live' }
      },
      { detail: { summary: 'Liveness: the process answers', tags: ['health'] } },
    )
    .get(
      '/v1/health/ready',
      ({ set }) => {
        const state = readiness(sources)
        set.headers['cache-control'] = 'no-store'
        set.status = state.ready ? 200 : 503
        return {
          status: state.ready ? 'ready' : 'not-ready',
          store: state.store,
          renderer: state.renderer,
        }
      },
      {
        detail: {
          summary: 'Readiness: store reachable and renderer warm (503 otherwise)',
          tags: ['health'],
        },
      },
    )
