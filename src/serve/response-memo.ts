/**
 * A response cache in front of the app for GET /v1/images/plane: the same URL from
 * a caller with the same key status always gets the same image for the life of the
 * manifest, so a repeat is answered from memory before routing, parsing or
 * resolving anything. Misses, and every other route, go to the Elysia app.
 *
 * A filetype=auto URL answers as the Accept header negotiates: it is kept under the type
 * sent as well, and looked up under the type the same negotiation gives the request, so an
 * AVIF never goes to a client that did not ask for one. The memo does not parse the query
 * to know whether a URL is auto: a URL is kept under one form only, the plain one unless
 * negotiated, so a plain hit can only be a URL whose answer the Accept header leaves alone.
 */
import { negotiateFiletype } from '../params/accept'
import { ByteCache } from '../pipeline/sources/byte-cache'
import type { ImageOutcome } from '../pipeline/request/image-request'
import { CORS_HEADERS } from './plugins/cors'
import { etagMatches, imageHeaders } from './image-response'

export interface MemoEntry {
  bytes: Uint8Array // for the cache's byte bound
  body: Blob
  etag: string
  /** built once: a Response copies a Headers object several times faster than a plain one */
  headers: Headers
  /** the same with the body's length, for a 200 */
  bodyHeaders: Headers
}

export const IMAGE_PATH = '/v1/images/plane'

export function createResponseMemo(maxBytes: number) {
  const cache = new ByteCache<MemoEntry>(maxBytes)
  /** `filetype`: the negotiated type of an auto URL */
  const keyOf = (authorized: boolean, url: string, filetype?: string) =>
    `${authorized ? 'key' : 'nokey'}${filetype ? ` as ${filetype}` : ''} ${url.slice(url.indexOf('?'))}`
  return {
    /** keeps an image outcome unless it came from a failure (those are retried next time) */
    remember(authorized: boolean, url: string, outcome: ImageOutcome, body: Blob): void {
      if (outcome.kind !== 'image' || outcome.meta.decision.fallbackReason === 'blank-missing')
        return
      const { image, meta } = outcome
      const headers: Record<string, string> = {
        ...CORS_HEADERS,
        ...imageHeaders(meta, image),
        'content-type': image.contentType,
      }
      if (headers['x-cache']) headers['x-cache'] = 'memory' // what a repeat is served from
      const key = keyOf(
        authorized,
        url,
        meta.encoding.negotiated ? meta.encoding.filetype : undefined,
      )
      cache.set(key, {
        bytes: image.bytes,
        body,
        etag: image.etag,
        headers: new Headers(headers),
        bodyHeaders: new Headers({ ...headers, 'content-length': String(image.bytes.byteLength) }),
      })
    },
    /** forgets every answer (they carry the manifest version, which just changed) */
    clear: () => cache.clear(),
    /** the remembered response for this request, or null */
    answer(request: Request, authorized: boolean): Response | null {
      // peek: a hit must stay cheap, and first-in-first-out eviction suits a memo
      const entry =
        cache.peek(keyOf(authorized, request.url)) ??
        cache.peek(keyOf(authorized, request.url, negotiateFiletype(request.headers.get('accept'))))
      if (!entry) return null
      const notModified = etagMatches(request.headers.get('if-none-match'), entry.etag)
      return notModified
        ? new Response(null, { status: 304, headers: entry.headers })
        : new Response(entry.body, { headers: entry.bodyHeaders })
    },
  }
}

export type ResponseMemo = ReturnType<typeof createResponseMemo>
