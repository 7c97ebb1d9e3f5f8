/** One structured line per request; the URL goes through the logger's api-key redaction. */
import { Elysia } from 'elysia'
import { log } from '../../log'

export const requestLog = () =>
  new Elysia({ name: 'plugin.request-log' })
    .derive({ as: 'global' }, () => ({ startedAt: performance.now() }))
    .onAfterResponse({ as: 'global' }, ({ request, set, startedAt }) => {
      const url = new URL(request.url)
      log.info('request', {
        method: request.method,
        path: url.pathname + url.search,
        status: typeof set.status === 'number' ? set.status : 200,
        ms: startedAt ? Math.round((performance.now() - startedAt) * 10) / 10 : undefined,
      })
    })
