/**
 * One structured line per request, written by the server's fetch once the response is
 * made, so it records the status actually sent (a JSON-mode 400 from a route, a memo hit,
 * a 503) and never runs code that could throw after the response. The query is redacted
 * (src/log.ts) and cut to a bounded length: a junk query must not fill the disk.
 */
import { log } from '../log'
import { requestTarget } from './request-target'

export const MAX_LOGGED_QUERY = 512
export const MAX_LOGGED_PATH = 256

const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…(+${text.length - max})` : text)

/** a parameter whose name reads `api-key` once percent-decoded, in any case and spelling */
const isKeyName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase() === 'api-key'
  } catch {
    return /api|%/i.test(name) // undecodable and possibly a key: redact rather than guess
  }
}

export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      return isKeyName(name) ? `${name}=[redacted]` : pair
    })
    .join('&')
}

export function logRequest(request: Request, status: number, startedAt: number, extra: Record<string, unknown> = {}): void {
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
