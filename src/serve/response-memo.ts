/**
 * A response cache in front of the app for GET /v1/images/plane: the same URL from
 * a caller with the same key status always gets the same image for the life of the
 * manifest, so a repeat is answered from memory before routing, parsing or
 * resolving anything. Misses, and every other route, go to the Elysia app.
 */
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
  const keyOf = (authorized: boolean, url: string) => `${authorized ? 'key' : 'nokey'} ${url.slice(url.indexOf('?'))}`
  return {
    /** keeps an image outcome unless it came from a failure (those are retried next time) */
    remember(authorized: boolean, url: string, outcome: ImageOutcome, body: Blob): void {
      if (outcome.kind !== 'image' || outcome.meta.decision.fallbackReason === 'blank-missing') return
      const { image, meta } = outcome
      const headers: Record<string, string> = { ...CORS_HEADERS, ...imageHeaders(meta, image), 'content-type': image.contentType }
      if (headers['x-cache']) headers['x-cache'] = 'memory' // what a repeat is served from
      cache.set(keyOf(authorized, url), { bytes: image.bytes, body, etag: image.etag, headers: new Headers(headers), bodyHeaders: new Headers({ ...headers, 'content-length': String(image.bytes.byteLength) }) })
    },
    /** forgets every answer (they carry the manifest version, which just changed) */
    clear: () => cache.clear(),
    /** the remembered response for this request, or null */
    answer(request: Request, authorized: boolean): Response | null {
      // peek: a hit must stay cheap, and first-in-first-out eviction suits a memo
      const entry = cache.peek(keyOf(authorized, request.url))
      if (!entry) return null
      const notModified = etagMatches(request.headers.get('if-none-match'), entry.etag)
      return notModified ? new Response(null, { status: 304, headers: entry.headers }) : new Response(entry.body, { headers: entry.bodyHeaders })
    },
  }
}

export type ResponseMemo = ReturnType<typeof createResponseMemo>
