/**
 * One structured line per request, written by the server's fetch once the response is
 * made, so it records the status actually sent (a JSON-mode 400 from a route, a memo hit,
 * a 503) and never runs code that could throw after the response. The query is redacted
 * (src/log.ts) and cut to a bounded length: a junk query must not fill the disk.
 */
import { log, redactUrl } from '../log'
import { requestTarget } from './request-target'

export const MAX_LOGGED_QUERY = 512
export const MAX_LOGGED_PATH = 256

const bounded = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(+${text.length - max})` : text

/** the query with every spelling of `api-key` redacted (the logger's own rule) */
export const redactQuery = (query: string): string => redactUrl(`?${query}`).slice(1)

export function logRequest(
  request: Request,
  status: number,
  startedAt: number,
  extra: Record<string, unknown> = {},
): void {
  try {
    const { path, query } = requestTarget(request.url)
    // redact before cutting, so that a cut never leaves half a key behind
    const redacted = query ? redactQuery(query) : ''
    log.info('request', {
      method: bounded(request.method, 16),
      path: bounded(path, MAX_LOGGED_PATH),
      query: redacted ? bounded(redacted, MAX_LOGGED_QUERY) : undefined,
      status,
      ms: Math.round((performance.now() - startedAt) * 10) / 10,
      // the client left before its answer: nobody received this status
      clientGone: request.signal.aborted || undefined,
      ...extra,
    })
  } catch {
    // a log line is never worth a request
  }
}
