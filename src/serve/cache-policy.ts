/**
 * Who may keep an image answer, decided from the caller (caller.ts) once the answer is made:
 * - a valid signed URL: `public, max-age` up to its expiry and no Vary on key headers, so
 *   any CDN may cache it under its URL (the URL alone decides the answer, with the Accept
 *   header for filetype=auto: that Vary stays);
 * - a key, in a header or in the query: `private`: the same URL answers differently without
 *   the header, a CDN that ignores Vary would hand the clean image to everyone, and a URL
 *   holding a key must never sit in a shared cache;
 * - anything else (no key, a bad key, an expired or tampered signature: watermarked) as
 *   the route made it.
 * The route marks an answer to a URL pinned to the current manifest version (v) immutable
 * (image-response.ts): a signed one stays so, for a year or up to its expiry, a keyed one
 * becomes private like any keyed answer.
 */
import type { Caller } from './caller'
import { IMAGE_PATH } from './response-memo'
import { MAX_SIGNED_AGE_SECONDS } from './signing'

const YEAR_SECONDS = 31_536_000

export function applyCachePolicy(
  caller: Caller,
  path: string,
  response: Response,
  now = Date.now(),
): void {
  if (path !== IMAGE_PATH || !response.headers.has('etag') || response.headers.has('x-auth-status'))
    return
  if (caller.kind === 'signed') {
    const pinned = response.headers.get('cache-control')?.includes('immutable') ?? false
    const longest = pinned ? YEAR_SECONDS : MAX_SIGNED_AGE_SECONDS
    const left = caller.expires === null ? longest : caller.expires - Math.ceil(now / 1000)
    const age = Math.max(0, Math.min(longest, left))
    response.headers.set('cache-control', `public, max-age=${age}${pinned ? ', immutable' : ''}`)
    const negotiated = (response.headers.get('vary') ?? '')
      .split(',')
      .some((v) => v.trim() === 'accept')
    if (negotiated) response.headers.set('vary', 'accept')
    else response.headers.delete('vary')
  } else if (caller.kind === 'key') response.headers.set('cache-control', 'private, max-age=86400')
}
