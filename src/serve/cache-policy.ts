/**
 * Who may keep an image answer, decided from the caller (caller.ts) once the answer is made:
 * - a valid signed URL: `public, max-age` up to its expiry and no Vary on key headers, so
 *   any CDN may cache it under its URL (the URL alone decides the answer);
 * - a key, in a header or in the query: `private`: the same URL answers differently without
 *   the header, a CDN that ignores Vary would hand the clean image to everyone, and a URL
 *   holding a key must never sit in a shared cache;
 * - anything else (no key, a bad key, an expired or tampered signature: watermarked) as
 *   the route made it.
 */
import type { Caller } from './caller'
import { IMAGE_PATH } from './response-memo'
import { MAX_SIGNED_AGE_SECONDS } from './signing'

export function applyCachePolicy(caller: Caller, path: string, response: Response, now = Date.now()): void {
  if (path !== IMAGE_PATH || !response.headers.has('etag') || response.headers.has('x-auth-status')) return
  if (caller.kind === 'signed') {
    const left = caller.expires === null ? MAX_SIGNED_AGE_SECONDS : caller.expires - Math.ceil(now / 1000)
    const age = Math.max(0, Math.min(MAX_SIGNED_AGE_SECONDS, left))
    response.headers.set('cache-control', `public, max-age=${age}`)
    response.headers.delete('vary')
  } else if (caller.kind === 'key') response.headers.set('cache-control', 'private, max-age=86400')
}
