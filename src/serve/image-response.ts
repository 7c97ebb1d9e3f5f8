/** Turns the image pipeline's outcome into an HTTP response: bytes as stored, diagnostic headers, ETag / 304. */
import type { Filetype } from '../params/image-options'
import { ImageQuerySchema, type HeaderDoc } from '../params/image-schema'
import { paramsOf, valueAt, type QuerySchema } from '../params/option-meta'
import type { CachedImage } from '../pipeline/sources/byte-cache'
import type { ImageMeta, ImageOutcome } from '../pipeline/request/image-request'

const oneOf = (values: string[]) => ({ type: 'string', enum: values })

/**
 * The types a composition is asked in and sent as PNG instead (the spec's rule); avif and auto,
 * the extensions, are sent as asked or negotiated
 */
export const COERCED_FILETYPES: Filetype[] = ['jpg', 'webp']

/** a URL pinned to the current manifest version (v) answers the same bytes for as long as it is current */
export const PINNED_CACHE_CONTROL = 'public, max-age=31536000, immutable'
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400'

/**
 * The diagnostic headers of every image answer, and of every composition, that report no one
 * option: those are declared with their option (x-headers in the query schema)
 */
const OUTCOME_HEADERS: Record<string, HeaderDoc> = {
  'x-manifest-version': {
    description: 'Version of the asset manifest the image belongs to',
    schema: { type: 'string' },
  },
  'x-livery-state': {
    description: 'livery (painted), blank, or fallback (the default image)',
    schema: oneOf(['livery', 'blank', 'fallback']),
  },
  'x-livery-type': {
    description: 'The livery type drawn (base, blank or a special livery slug)',
    schema: { type: 'string' },
  },
  'x-effective-gear': {
    description: 'The gear drawn, after aliases',
    schema: oneOf(['up', 'down']),
  },
  'x-composition-mode': {
    description: 'How the image was made',
    schema: oneOf(['storage-prebuilt', 'storage-fallback', 'composed-runtime']),
  },
  'x-image-source': {
    description:
      'store-livery: the livery asked for (base included); store-base: a special livery fell back to base; store-blank; store-default (the default image); watermark-overlay (no valid key)',
    schema: oneOf([
      'store-livery',
      'store-base',
      'store-blank',
      'store-default',
      'watermark-overlay',
    ]),
  },
  'x-fallback-reason': {
    description: 'Why something else than asked for is drawn; absent when nothing fell back',
    schema: oneOf([
      'airline-not-found',
      'livery-unavailable',
      'airline-livery-missing',
      'blank-missing',
      'plane-not-found',
    ]),
  },
  'x-auth-status': {
    description: 'unauthorized: no valid key was sent, so the image is watermarked',
    schema: oneOf(['unauthorized']),
  },
  'x-cache': {
    description: 'Composition: where the image came from',
    schema: oneOf(['memory', 'store', 'composed']),
  },
  'x-format-requested': {
    description:
      'Composition asked as jpg or webp: the filetype asked for (a composition asked as avif or auto is sent as such)',
    schema: oneOf(COERCED_FILETYPES),
  },
  'x-format-coerced': {
    description: 'Composition asked as jpg or webp: it is sent as PNG',
    schema: oneOf(['png']),
  },
  'x-request-id': {
    description:
      "The request's id, as in the service's log line for it: the one sent by the client or proxy when sane, else a new one",
    schema: { type: 'string' },
  },
}

type DeclaredHeader = HeaderDoc & { param: string; path?: string }
const declaredBy = new WeakMap<QuerySchema, Record<string, DeclaredHeader>>()

/** the headers the options of a query schema declare (x-headers), by name, with the option that declares each */
export function optionHeaderDocs(
  schema: QuerySchema = ImageQuerySchema,
): Record<string, DeclaredHeader> {
  const known = declaredBy.get(schema)
  if (known) return known
  const entries = paramsOf(schema).flatMap(([param, s]) =>
    Object.entries(s['x-headers'] ?? {}).map(([name, doc]) => [
      name,
      { ...doc, param, path: s['x-option'] },
    ]),
  )
  const docs: Record<string, DeclaredHeader> = Object.fromEntries(entries)
  declaredBy.set(schema, docs)
  return docs
}

/** every diagnostic header the image route may send, as the OpenAPI document describes it (a test checks both ways) */
export function diagnosticHeaderDocs(
  schema: QuerySchema = ImageQuerySchema,
): Record<string, HeaderDoc> {
  const declared = Object.entries(optionHeaderDocs(schema)).map(
    ([name, { description, schema: s }]) => [name, { description, schema: s }],
  )
  return { ...OUTCOME_HEADERS, ...Object.fromEntries(declared) }
}
export const DIAGNOSTIC_HEADERS = diagnosticHeaderDocs()

type Composition = NonNullable<ImageMeta['composition']>
/**
 * The option headers whose value is not their option as parsed, or that are sent on more than
 * the option being used; any other reports its option as parsed when it made the composition
 */
export const HEADER_RULES: Record<
  string,
  (meta: ImageMeta, composition: Composition) => string | undefined
> = {
  // a preset sets the width too: every composition has one
  'x-render-width': ({ options }) => String(options.render.width),
  'x-compose-align': (_, composition) => composition.align,
  'x-compose-background': ({ options: { compose: c } }) =>
    c.gradient ? 'gradient:linear' : c.background ? `solid:${c.background.hex}` : undefined,
  'x-compose-reference-plane': ({ options }, composition) =>
    options.compose.scale === 'fleet' ? composition.referencePlane : undefined,
}

function optionHeaders(
  meta: ImageMeta,
  composition: Composition,
  schema: QuerySchema,
): Record<string, string> {
  const h: Record<string, string> = {}
  const { options } = meta
  for (const [name, { param, path }] of Object.entries(optionHeaderDocs(schema))) {
    const rule =
      HEADER_RULES[name] ??
      (() =>
        options.composeTriggers.includes(param) && path
          ? String(valueAt(options, path))
          : undefined)
    const value = rule(meta, composition)
    if (value !== undefined) h[name] = value
  }
  return h
}

/** `schema`: the query's, or a test's copy with an option added */
export function diagnosticHeaders(
  meta: ImageMeta,
  schema: QuerySchema = ImageQuerySchema,
): Record<string, string> {
  const { decision, authorized, composition } = meta
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
    h['x-cache'] = composition.cache
    Object.assign(h, optionHeaders(meta, composition, schema))
    if (meta.options.filetype !== meta.encoding.filetype && !meta.encoding.negotiated) {
      h['x-format-requested'] = meta.options.filetype
      h['x-format-coerced'] = meta.encoding.filetype
    }
  }
  return h
}

export function imageHeaders(meta: ImageMeta, image: CachedImage): Record<string, string> {
  return {
    ...diagnosticHeaders(meta),
    etag: image.etag,
    // who may keep it is settled once the caller is known (cache-policy.ts)
    'cache-control': meta.pinned ? PINNED_CACHE_CONTROL : IMAGE_CACHE_CONTROL,
    // an auto answer depends on the Accept header as well as on the key
    vary: meta.encoding.negotiated
      ? 'x-api-key, authorization, accept'
      : 'x-api-key, authorization',
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
  if (outcome.kind === 'json')
    return Response.json(outcome.body, {
      status: outcome.status,
      headers: { 'cache-control': 'no-store' },
    })
  const { image, meta } = outcome
  const headers = imageHeaders(meta, image)
  if (etagMatches(request.headers.get('if-none-match'), image.etag))
    return new Response(null, { status: 304, headers })
  return new Response(bodyOf(image), {
    headers: {
      ...headers,
      'content-type': image.contentType,
      'content-length': String(image.bytes.byteLength),
    },
  })
}
