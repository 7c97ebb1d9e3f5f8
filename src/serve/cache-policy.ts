/**
 * Who may keep an image answer, decided once the response is made (src/serve/app.ts), from
 * how the caller was authorized; the image route and the memo stay as they are.
 * - a valid signed URL: `public, max-age` up to its expiry and no Vary on key headers, so
 *   any CDN may cache it under its URL (the URL alone decides the answer);
 * - a key in a header: `private`: the same URL answers differently without the header,
 *   and a CDN that ignores Vary would hand the clean image to everyone;
 * - anything else (no key, a bad key, an expired or tampered signature: watermarked) as
 *   the route made it.
 */
import { presentedKey } from './plugins/auth'
import { IMAGE_PATH } from './response-memo'
import { MAX_SIGNED_AGE_SECONDS, signedRequests } from './signing'

export function applyCachePolicy(request: Request, path: string, response: Response, now = Date.now()): void {
  if (path !== IMAGE_PATH || !response.headers.has('etag')) return
  const clean = !response.headers.has('x-auth-status')
  if (!clean) return
  const signedUntil = signedRequests.get(request)
  if (signedUntil !== undefined) {
    const age = Math.max(0, Math.min(MAX_SIGNED_AGE_SECONDS, signedUntil - Math.ceil(now / 1000)))
    response.headers.set('cache-control', `public, max-age=${age}`)
    response.headers.delete('vary')
    return
  }
  const transport = presentedKey(request)?.transport
  if (transport === 'header' || transport === 'bearer') response.headers.set('cache-control', 'private, max-age=86400')
}
