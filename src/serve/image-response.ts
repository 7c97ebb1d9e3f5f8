/** Turns the image pipeline's outcome into an HTTP response: bytes as stored, diagnostic headers, ETag / 304. */
import type { CachedImage } from '../pipeline/sources/byte-cache'
import type { ImageMeta, ImageOutcome } from '../pipeline/request/image-request'

export function diagnosticHeaders(meta: ImageMeta): Record<string, string> {
  const { decision, options, authorized, composition } = meta
  const h: Record<string, string> = {
    'x-manifest-version': meta.manifestVersion,
    'x-livery-state': decision.state,
    'x-livery-type': decision.livery.liveryType,
    'x-effective-gear': decision.gear,
    'x-composition-mode': meta.compositionMode,
    'x-image-source': authorized ? decision.source : 'watermark-overlay',
  }
  if (decision.fallbackReason) h['x-fallback-reason'] = decision.fallbackReason
  if (!authorized) h['x-auth-status'] = 'unauthorized'
  if (composition) {
    const c = options.compose
    h['x-render-width'] = String(options.render.width)
    h['x-compose-align'] = composition.align
    h['x-cache'] = composition.cache
    if (options.composeTriggers.includes('pitch')) h['x-compose-pitch'] = String(c.pitch)
    if (c.gradient) h['x-compose-background'] = 'gradient:linear'
    else if (c.background) h['x-compose-background'] = `solid:${c.background.hex}`
    if (options.composeTriggers.includes('scale')) h['x-compose-scale'] = c.scale
    if (c.scale === 'fleet') h['x-compose-reference-plane'] = composition.referencePlane
    if (options.filetype !== 'png') {
      h['x-format-requested'] = options.filetype
      h['x-format-coerced'] = 'png'
    }
  }
  return h
}

export function imageHeaders(meta: ImageMeta, image: CachedImage): Record<string, string> {
  return {
    ...diagnosticHeaders(meta),
    etag: image.etag,
    'cache-control': 'public, max-age=86400',
    vary: 'x-api-key, authorization',
  }
}

export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '')
    return tag === etag || tag === '*'
  })
}

/**
 * A Response body from a Uint8Array is copied on every response; a Blob is shared.
 * One Blob per cached image, kept as long as the image's bytes are.
 */
const blobs = new WeakMap<Uint8Array, Blob>()
export function bodyOf(image: CachedImage): Blob {
  let blob = blobs.get(image.bytes)
  if (!blob) blobs.set(image.bytes, (blob = new Blob([image.bytes], { type: image.contentType })))
  return blob
}

export function imageResponse(outcome: ImageOutcome, request: Request): Response {
  if (outcome.kind === 'json') return Response.json(outcome.body, { status: outcome.status, headers: { 'cache-control': 'no-store' } })
  const { image, meta } = outcome
  const headers = imageHeaders(meta, image)
  if (etagMatches(request.headers.get('if-none-match'), image.etag)) return new Response(null, { status: 304, headers })
  return new Response(bodyOf(image), { headers: { ...headers, 'content-type': image.contentType } })
}
