/**
 * What `render` was asked for, checked before anything is drawn. The service answers a
 * selector it cannot resolve with the default image (a page must show something); a command
 * line asked for one picture, so a substitute is refused with one line (exit 1) unless
 * --allow-fallback, and an option value the service would quietly replace is a usage error.
 */
import { loadEmbeddedCatalog } from '../catalog/embedded'
import type { Catalog } from '../catalog/load'
import type { Resolver } from '../catalog/resolve'
import type { Plane } from '../catalog/types'
import type { ImageOptions } from '../params/image-options'
import { parseImageQuery } from '../params/image-query'
import { IMAGE_PARAMS } from '../params/image-schema'
import { decide, type Decision } from '../pipeline/request/cascade'
import { parseArgs, UsageError, type OptionSpec } from './args'

const OWN_OPTIONS: OptionSpec = {
  out: 'value',
  watermark: 'flag',
  store: 'value',
  'allow-fallback': 'flag',
}
// a candidate sharing less than about half its letters with what was typed is noise, not a suggestion
const SUGGEST_FROM = 0.42
// the key is the caller's own business on a command line: --watermark says what it would change
const IMAGE_OPTIONS = Object.fromEntries(
  IMAGE_PARAMS.filter((p) => p !== 'api-key').map((p) => [p, 'value' as const]),
)

export interface RenderRequest {
  /** the image route's query */
  query: Record<string, string>
  /** a file, or '-' for stdout */
  out: string
  watermark: boolean
  /** a store to read pre-rendered assets from and keep what is drawn; null: memory only */
  store: string | null
  allowFallback: boolean
  /** the query, parsed as the route parses it */
  options: ImageOptions
  catalog: Catalog
}

/** the request, or a UsageError; loads the catalog but none of the drawing code */
export function readRenderArgs(argv: string[], stdoutIsTTY: boolean): RenderRequest {
  const args = parseArgs(argv, { ...IMAGE_OPTIONS, ...OWN_OPTIONS }, { '-o': 'out' })
  const query: Record<string, string> = {}
  for (const [name, value] of Object.entries(args))
    if (!(name in OWN_OPTIONS)) query[name] = value as string
  // JSON is text: a terminal may show it; a picture needs a file or a pipe
  const out =
    (args.out as string | undefined) ?? (stdoutIsTTY && query.format !== 'json' ? undefined : '-')
  if (out === undefined)
    throw new UsageError('give --out FILE, or pipe stdout (the image is binary)')
  const allowFallback = args['allow-fallback'] === true
  if (!allowFallback && !query.plane && !query.plane_iata && !query.plane_icao)
    throw new UsageError('give --plane SELECTOR (or --plane_iata, --plane_icao)')
  const catalog = loadEmbeddedCatalog()
  const { options, problems } = parseImageQuery(query, (slug) => catalog.plane(slug) !== undefined)
  if (problems.length) throw new UsageError(problems.map((p) => p.message).join('; '))
  return {
    query,
    out,
    watermark: args.watermark === true,
    store: (args.store as string | undefined) ?? null,
    allowFallback,
    options,
    catalog,
  }
}

/** the cascade's decision, as the pipeline will make it, for the refusal below */
export function decisionFor(
  catalog: Catalog,
  resolver: Resolver,
  defaultPlane: Plane,
  options: ImageOptions,
): { decision: Decision; closest: string } {
  const plane = options.plane ? resolver.plane(options.plane.value, options.plane.method) : null
  const airline = options.airline
    ? resolver.airline(options.airline.value, options.airline.method)
    : null
  const decision = decide(catalog, defaultPlane, {
    plane: plane?.item ?? null,
    airlineRequested: options.airline !== null,
    airline: airline?.item ?? null,
    liveryType: options.liveryType,
    angle: options.angle,
    gear: options.gear,
  })
  const unresolved = !plane?.item ? plane : airline && !airline.item ? airline : null
  const closest = (unresolved?.candidates ?? [])
    .filter((c) => c.score >= SUGGEST_FROM)
    .slice(0, 3)
    .map((c) => c.slug)
    .join(', ')
  return { decision, closest }
}

/** one line saying what would be drawn instead of what was asked, or null when it is what was asked */
export function refusal(options: ImageOptions, decision: Decision, closest: string): string | null {
  const d = decision
  const hint = closest ? ` (closest: ${closest})` : ''
  switch (d.fallbackReason) {
    case null:
      return null
    case 'plane-not-found':
      return `no plane matches "${options.plane?.value ?? ''}"${hint}; --allow-fallback draws ${d.plane.slug} instead`
    case 'airline-not-found':
      return `no airline matches "${options.airline?.value ?? ''}"${hint}; --allow-fallback draws ${d.plane.slug} blank instead`
    case 'airline-livery-missing':
      return `${d.airline?.slug} has no livery on ${d.plane.slug}; --allow-fallback draws it blank instead`
    case 'livery-unavailable':
      return `${d.airline?.slug} has no "${d.requestedLiveryType}" livery on ${d.plane.slug} at angle ${d.angle}, gear ${d.gear}; --allow-fallback draws its ${d.livery.liveryType} livery instead`
    default:
      return `${d.plane.slug} could not be drawn (${d.fallbackReason}); --allow-fallback writes the substitute`
  }
}
