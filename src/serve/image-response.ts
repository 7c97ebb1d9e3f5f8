/** Turns the image pipeline's outcome into an HTTP response: bytes as stored, diagnostic headers, ETag / 304. */
import type { CachedImage } from '../pipeline/sources/byte-cache'
import type { ImageMeta, ImageOutcome } from '../pipeline/request/image-request'

const oneOf = (values: string[]) => ({ type: 'string', enum: values })

/**
 * Every diagnostic header the image route may send, as the OpenAPI document describes it
 * (a test checks that nothing else is sent).
 */
export const DIAGNOSTIC_HEADERS: Record<string, { description: string; schema: Record<string, unknown> }> = {
  'x-manifest-version': { description: 'Version of the asset manifest the image belongs to', schema: { type: 'string' } },
  'x-livery-state': { description: 'livery (painted), blank, or fallback (the default image)', schema: oneOf(['livery', 'blank', 'fallback']) },
  'x-livery-type': { description: 'The livery type drawn (base, blank or a special livery slug)', schema: { type: 'string' } },
  'x-effective-gear': { description: 'The gear drawn, after aliases', schema: oneOf(['up', 'down']) },
  'x-composition-mode': { description: 'How the image was made', schema: oneOf(['storage-prebuilt', 'storage-fallback', 'composed-runtime']) },
  'x-image-source': {
    description: 'store-livery: the livery asked for (base included); store-base: a special livery fell back to base; store-blank; store-default (the default image); watermark-overlay (no valid key)',
    schema: oneOf(['store-livery', 'store-base', 'store-blank', 'store-default', 'watermark-overlay']),
  },
  'x-fallback-reason': {
    description: 'Why something else than asked for is drawn; absent when nothing fell back',
    schema: oneOf(['airline-not-found', 'livery-unavailable', 'airline-livery-missing', 'blank-missing', 'plane-not-found']),
  },
  'x-auth-status': { description: 'unauthorized: no valid key was sent, so the image is watermarked', schema: oneOf(['unauthorized']) },
  'x-render-width': { description: 'Composition: the canvas width in pixels', schema: { type: 'string', pattern: '^[0-9]+$' } },
  'x-compose-align': { description: 'Composition: the alignment applied (center when the one asked did not fit)', schema: oneOf(['top', 'center', 'bottom']) },
  'x-cache': { description: 'Composition: where the image came from', schema: oneOf(['memory', 'store', 'composed']) },
  'x-compose-pitch': { description: 'Composition with pitch: the pitch applied, degrees', schema: { type: 'string' } },
  'x-compose-background': { description: 'Composition with a background: solid:<#hex> or gradient:linear', schema: { type: 'string', pattern: '^(solid:#[0-9a-f]+|gradient:linear)$' } },
  'x-compose-scale': { description: 'Composition with scale: the scale mode', schema: oneOf(['none', 'fleet', 'absolute']) },
  'x-compose-reference-plane': { description: 'scale=fleet: the plane whose length sets the scale', schema: { type: 'string' } },
  'x-format-requested': { description: 'Composition asked as another type: the filetype asked for', schema: oneOf(['jpg', 'webp']) },
  'x-format-coerced': { description: 'Composition asked as another type: it is sent as PNG', schema: oneOf(['png']) },
  'x-request-id': { description: 'The request\'s id, as in the service\'s log line for it: the one sent by the client or proxy when sane, else a new one', schema: { type: 'string' } },
}

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
  return new Response(bodyOf(image), { headers: { ...headers, 'content-type': image.contentType, 'content-length': String(image.bytes.byteLength) } })
}
