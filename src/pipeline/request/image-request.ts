/**
 * GET /v1/images/plane as a list of named steps: parse -> resolve -> answer JSON
 * errors -> cascade -> encoding (auto negotiated) -> describe (JSON) -> produce
 * (pre-rendered or composed) -> outcome. No HTTP here: the serving layer turns the
 * outcome into a response, and hands in the one header read here (Accept) as text.
 */
import type { Catalog } from '../../catalog/load'
import type { Resolver } from '../../catalog/resolve'
import type { Plane } from '../../catalog/types'
import { isAnswerNow } from '../../errors'
import { log } from '../../log'
import { negotiateFiletype } from '../../params/accept'
import {
  encodingOf,
  type Encoding,
  type ImageOptions,
  type Problem,
} from '../../params/image-options'
import { parseImageQuery, problemBody } from '../../params/image-query'
import { PRERENDER_FRAMING, assetKey } from './asset-key'
import type { AssetServer } from '../sources/assets'
import { builtinImage } from '../sources/builtin-image'
import type { CachedImage } from '../sources/byte-cache'
import { blankMissing, decide, type Decision } from './cascade'
import { planComposition, referencePlaneFor, type ComposeRequest } from './compose'
import { describe } from './describe'
import { cacheKey, type ComposedImage } from '../sources/composed-cache'
import type { Renderer } from '../pixels/renderer'

export interface ImagePipelineDeps {
  catalog: Catalog
  resolver: Resolver
  defaultPlane: Plane
  assets: AssetServer
  composed: (
    key: string,
    req: ComposeRequest,
    encoding: Encoding,
    payer: Payer,
    signal?: AbortSignal,
  ) => Promise<ComposedImage>
  renderer: Renderer
  manifestVersion: string
}

/**
 * Who pays for a request's work: a key holder, a signed URL (clean, on the key that signed it),
 * or nobody (watermarked). Each has its own budget of stored compositions.
 */
export type Payer = 'key' | 'signed' | 'anonymous'

export interface ImageMeta {
  decision: Decision
  options: ImageOptions
  /** what is sent; `negotiated`: chosen from the Accept header (filetype=auto) */
  encoding: Encoding & { negotiated: boolean }
  /** the URL names the current manifest version (v): its answer never changes */
  pinned: boolean
  authorized: boolean
  manifestVersion: string
  compositionMode: 'storage-prebuilt' | 'storage-fallback' | 'composed-runtime'
  /** set when composed */
  composition: { align: string; referencePlane: string; cache: string } | null
}

export type ImageOutcome =
  | { kind: 'json'; status: number; body: Record<string, unknown> }
  | { kind: 'image'; image: CachedImage; meta: ImageMeta }

type Query = Record<string, string | undefined>

/**
 * `signal` aborts when the client goes away: queued work for it is dropped. `accept`: the
 * request's Accept header, which filetype=auto is negotiated from (absent: the default type).
 */
export async function handleImageRequest(
  deps: ImagePipelineDeps,
  query: Query,
  payer: Payer,
  signal?: AbortSignal,
  accept: string | null = null,
): Promise<ImageOutcome> {
  const authorized = payer !== 'anonymous'
  const { options, problems } = parseStep(deps, query)
  const resolved = resolveStep(deps, options)
  if (options.format === 'json') {
    const rejection = jsonRejectionStep(options, problems, resolved)
    if (rejection) return rejection
  } else logProblemsStep(problems, resolved)
  const decision = cascadeStep(deps, options, resolved)
  const composeRequest = options.composeTriggers.length
    ? composeRequestStep(deps, decision, options, payer)
    : null
  const encoding = encodingStep(options, accept, composeRequest !== null)
  if (options.format === 'json')
    return describeStep(deps, decision, options, encoding, authorized, composeRequest)
  return produceStep(deps, decision, options, encoding, payer, composeRequest, signal)
}

function parseStep(deps: ImagePipelineDeps, query: Query) {
  return parseImageQuery(query, (slug) => deps.catalog.plane(slug) !== undefined)
}

function resolveStep(deps: ImagePipelineDeps, options: ImageOptions) {
  const plane = options.plane
    ? deps.resolver.plane(options.plane.value, options.plane.method)
    : null
  const airline = options.airline
    ? deps.resolver.airline(options.airline.value, options.airline.method)
    : null
  return { plane, airline }
}

type Resolved = ReturnType<typeof resolveStep>

function jsonRejectionStep(
  options: ImageOptions,
  problems: Problem[],
  resolved: Resolved,
): ImageOutcome | null {
  const invalid = problemBody(problems)
  if (invalid) return { kind: 'json', status: 400, body: invalid }
  if (!resolved.plane?.item)
    return {
      kind: 'json',
      status: 404,
      body: {
        error: 'plane not found',
        requested: options.plane?.value ?? '',
        candidates: resolved.plane?.candidates ?? [],
      },
    }
  return null
}

function logProblemsStep(problems: Problem[], resolved: Resolved): void {
  if (problems.length)
    log.warn('image request: invalid options replaced by defaults', {
      problems: problems.map((p) => p.message),
    })
  if (!resolved.plane?.item) log.info('fallback: plane not resolved, serving the default image')
}

function cascadeStep(deps: ImagePipelineDeps, options: ImageOptions, resolved: Resolved): Decision {
  const decision = decide(deps.catalog, deps.defaultPlane, {
    plane: resolved.plane?.item ?? null,
    airlineRequested: options.airline !== null,
    airline: resolved.airline?.item ?? null,
    liveryType: options.liveryType,
    angle: options.angle,
    gear: options.gear,
  })
  if (decision.fallbackReason)
    log.info('fallback', {
      reason: decision.fallbackReason,
      plane: decision.plane.slug,
      livery: decision.livery.liveryType,
    })
  return decision
}

function composeRequestStep(
  deps: ImagePipelineDeps,
  decision: Decision,
  options: ImageOptions,
  payer: Payer,
): ComposeRequest {
  return {
    decision,
    options,
    referencePlane: referencePlaneFor(deps.catalog, options),
    watermark: payer === 'anonymous',
  }
}

type Negotiated = ImageMeta['encoding']

/**
 * The type and quality to send. auto: from the Accept header. A composition asked as png, jpg
 * or webp is PNG (the spec's rule); asked as avif or auto, the type asked or negotiated (the
 * two extensions of the spec, which come with no PNG-only past to keep).
 */
function encodingStep(
  options: ImageOptions,
  accept: string | null,
  composing: boolean,
): Negotiated {
  const negotiated = options.filetype === 'auto'
  const asked = options.filetype === 'auto' ? negotiateFiletype(accept) : options.filetype
  const filetype = composing && !negotiated && asked !== 'avif' ? 'png' : asked
  return { ...encodingOf(filetype, options.quality), negotiated }
}

function describeStep(
  deps: ImagePipelineDeps,
  decision: Decision,
  options: ImageOptions,
  encoding: Encoding,
  authorized: boolean,
  composeRequest: ComposeRequest | null,
): ImageOutcome {
  const framing = composeRequest ? { ...options.render } : PRERENDER_FRAMING
  const key = assetKey(
    {
      plane: decision.plane.slug,
      airline: decision.airline?.slug ?? null,
      liveryType: decision.livery.liveryType,
      angle: decision.angle,
      gear: decision.gear,
    },
    framing,
    encoding.filetype,
  )
  const frame = composeRequest ? planComposition(deps.renderer, composeRequest) : null
  return {
    kind: 'json',
    status: 200,
    body: describe({
      decision,
      options,
      encoding,
      assetKey: key,
      manifestVersion: deps.manifestVersion,
      authorized,
      frame,
    }),
  }
}

async function produceStep(
  deps: ImagePipelineDeps,
  decision: Decision,
  options: ImageOptions,
  encoding: Negotiated,
  payer: Payer,
  composeRequest: ComposeRequest | null,
  signal?: AbortSignal,
): Promise<ImageOutcome> {
  const authorized = payer !== 'anonymous'
  const manifestVersion = deps.manifestVersion
  // the sources are told what to encode; whether it was negotiated is the response's business
  const sent: Encoding = { filetype: encoding.filetype, quality: encoding.quality }
  const meta = (d: Decision, composition: ImageMeta['composition'] = null): ImageMeta => ({
    decision: d,
    options,
    encoding,
    pinned: options.version === manifestVersion,
    authorized,
    manifestVersion,
    compositionMode: composition
      ? 'composed-runtime'
      : d.fallbackReason
        ? 'storage-fallback'
        : 'storage-prebuilt',
    composition,
  })
  const attempt = async (d: Decision) => {
    if (composeRequest) {
      const planned = { ...composeRequest, decision: d }
      const frame = planComposition(deps.renderer, planned)
      const req = { ...planned, frame }
      const image = await deps.composed(
        cacheKey(d, options, req.referencePlane.slug, manifestVersion, !authorized, sent),
        req,
        sent,
        payer,
        signal,
      )
      return {
        kind: 'image' as const,
        image,
        meta: meta(d, {
          align: frame.align,
          referencePlane: req.referencePlane.slug,
          cache: image.origin,
        }),
      }
    }
    const image = authorized
      ? await deps.assets.get(d, sent, signal)
      : await deps.assets.getWatermarked(d, sent, signal)
    return { kind: 'image' as const, image, meta: meta(d) }
  }
  try {
    return await attempt(decision)
  } catch (error) {
    if (isAnswerNow(error)) throw error
    log.error('fallback: image could not be produced, serving the default model', {
      plane: decision.plane.slug,
      error: String(error),
    })
  }
  const fallback = blankMissing(decision, deps.defaultPlane)
  try {
    return await attempt(fallback)
  } catch (error) {
    if (isAnswerNow(error)) throw error
    log.error('fallback: default image failed too, serving the built-in image', {
      error: String(error),
    })
  }
  return { kind: 'image', image: await builtinImage(encoding.filetype), meta: meta(fallback) }
}
