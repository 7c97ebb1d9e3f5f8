/**
 * CORS for browser callers, and the method rule: only GET (and HEAD) are routes,
 * OPTIONS is a preflight answered 204, anything else 405 with `Allow`.
 */
import { Elysia } from 'elysia'
import { DIAGNOSTIC_HEADERS } from '../image-response'

/** what a browser script may read: every header the image route documents, and the answers' own */
export const EXPOSED_HEADERS = [
  'etag',
  ...Object.keys(DIAGNOSTIC_HEADERS),
  // a 503 says when to come back; a browser script can only read it if exposed
  'retry-after',
]

export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'x-api-key, authorization, content-type',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
  'access-control-max-age': '86400',
}

export const cors = () =>
  new Elysia({ name: 'plugin.cors' }).onRequest(({ request, set }) => {
    Object.assign(set.headers, CORS_HEADERS)
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: CORS_HEADERS })
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return Response.json(
        { error: 'method not allowed' },
        { status: 405, headers: { ...CORS_HEADERS, allow: 'GET, OPTIONS' } },
      )
  })
