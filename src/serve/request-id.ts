/**
 * Request ids: one per request, in the `x-request-id` response header and in every log
 * line written while the request runs (src/log.ts logContext). An id sent by a client or
 * a proxy in front (nginx `$request_id`, a CDN's trace header) is kept when it is sane, so
 * one id follows a request through every hop; anything else gets a fresh one. Sane means
 * short and made of characters that cannot break a log line or a header.
 */
export const REQUEST_ID_HEADER = 'x-request-id'
const SANE = /^[A-Za-z0-9._:-]{1,128}$/

export function requestIdOf(request: Request): string {
  const sent = request.headers.get(REQUEST_ID_HEADER)
  return sent !== null && SANE.test(sent) ? sent : crypto.randomUUID()
}
