/**
 * Query -> typed, validated options for GET /v1/images/plane. The only place that
 * applies the parameters' defaults, bounds and aliases, all read from their one
 * definition (image-schema.ts). A bad value becomes a problem (answered 400 in JSON
 * mode) and the default or clamped value (used in image mode). An option the parser has
 * no rule of its own for is parsed by its kind into the place its schema names (x-option).
 */
import type { Angle, Gear } from '../catalog/types'
import { parseHexColour } from './colour'
import { GRADIENT_PROBLEM, parseGradient } from './gradient'
import {
  RESOLUTION_WIDTHS,
  type Align,
  type ImageOptions,
  type ParsedImageQuery,
  type Problem,
  type ProblemGroup,
  type RequestedFiletype,
  type Resolution,
  type ScaleMode,
  type Selector,
  type ZoomType,
} from './image-options'
import { ImageQuerySchema, type ParamSchema } from './image-schema'
import { paramsOf, setAt, valueAt, type QuerySchema } from './option-meta'

type Query = Record<string, string | undefined>

const round2 = (n: number) => Math.round(n * 100) / 100
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))
const numberOrNull = (s: string) =>
  s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s)
/** "up or down", "png, jpg or webp", "one of thumb, card, hd, ultra" */
const listed = (values: readonly string[]) =>
  values.length > 3
    ? `one of ${values.join(', ')}`
    : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`

/** the readers of one query by its schema: each records the parameters it has read */
function readerOf(query: Query, schema: QuerySchema) {
  const problems: Problem[] = []
  const read = new Set<string>()
  const spec = (param: string) => schema.properties[param] as unknown as ParamSchema
  const problem = (param: string, message: string, group: ProblemGroup = spec(param)['x-group']!) =>
    problems.push({ group, param, message })
  const get = (name: string) => {
    read.add(name)
    const v = query[name]
    return v === undefined || v === '' ? undefined : v
  }

  /** one of the schema's enum (after its aliases), else a problem and the default (null without one) */
  const choose = <T extends string>(param: string, sentAs: string = param): T | null => {
    const schema = spec(param)
    const fallback = (schema.default as T | undefined) ?? null
    const raw = get(sentAs)?.toLowerCase()
    if (raw === undefined) return fallback
    const value = String(schema['x-aliases']?.[raw] ?? raw)
    if (schema.enum!.includes(value)) return value as T
    problem(sentAs, `${sentAs} must be ${listed(schema.enum!)}`, schema['x-group'])
    return fallback
  }

  /**
   * a number inside the schema's bounds (integers rounded, others to 2 decimals), else a problem
   * and, out of range, the clamped value or (`outOfRange: 'default'`) the default (null for a
   * parameter the schema gives none, as quality: its type's own once the type sent is known)
   */
  const numeric = (param: string, outOfRange: 'clamp' | 'default' = 'clamp'): number | null => {
    const schema = spec(param)
    const fallback = (schema.default as number | undefined) ?? null
    const raw = get(param)
    if (raw === undefined) return fallback
    const { minimum: min = -Infinity, maximum: max = Infinity } = schema
    const integer = schema.type === 'integer'
    const aliased = schema['x-aliases']?.[raw.toLowerCase()]
    const n = typeof aliased === 'number' ? aliased : numberOrNull(raw)
    const wrong = n === null || n < min || n > max || (integer && !Number.isInteger(n))
    if (wrong)
      problem(
        param,
        `${param} must be ${integer ? 'an integer' : 'a number'} between ${min} and ${max}`,
      )
    if (n === null || (wrong && outOfRange === 'default' && (n < min || n > max))) return fallback
    return integer ? Math.round(clamp(n, min, max)) : round2(clamp(n, min, max))
  }

  /** text held to the schema's pattern if it has one, trimmed; the default (or null) when absent or wrong */
  const text = (param: string): string | null => {
    const schema = spec(param)
    const fallback = (schema.default as string | undefined) ?? null
    const value = get(param)?.trim()
    if (!value) return fallback
    if (schema.pattern && !new RegExp(schema.pattern).test(value)) {
      problem(param, `${param} must match ${schema.pattern}`)
      return fallback
    }
    return value
  }

  /** an option by its kind alone: an enum, a number or text */
  const byKind = (param: string) => {
    const s = spec(param)
    return s.enum
      ? choose(param)
      : s.type === 'number' || s.type === 'integer'
        ? numeric(param)
        : text(param)
  }
  return { problems, read, spec, problem, get, choose, numeric, byKind }
}

type Reader = ReturnType<typeof readerOf>

/** `knownPlane` tells whether a slug names a catalog plane (for referencePlane); `schema`: the query's, or a test's copy */
export function parseImageQuery(
  query: Query,
  knownPlane: (slug: string) => boolean,
  schema: QuerySchema = ImageQuerySchema,
): ParsedImageQuery {
  const r = readerOf(query, schema)
  const options = ownRules(r, knownPlane)
  // what the rules above did not read, by its kind, after them: the problems keep their order
  for (const [param, s] of paramsOf(schema)) {
    if (!s['x-option'] || s['x-alias-of'] || r.read.has(param)) continue
    const value = r.byKind(param)
    if (s['x-cache-key'] === 'picture-unless-default' && value === (s.default ?? null)) continue
    setAt(options as unknown as Record<string, unknown>, s['x-option'], value)
  }
  options.composeTriggers = composeTriggers(query, options, schema)
  return { options, problems: r.problems }
}

/**
 * The options with a rule of their own (selectors, precedence, colours, slugs, the width a
 * preset sets), in the order their problems are reported.
 */
function ownRules(r: Reader, knownPlane: (slug: string) => boolean): ImageOptions {
  const { get, choose, numeric, problem } = r
  const selector = (params: [string, Selector['method']][]): Selector | null => {
    // each one read, so none is parsed again as an option of its own
    const sent = params.map(([param, method]) => ({ value: get(param)?.trim(), method, param }))
    return (sent.find((s) => s.value) as Selector | undefined) ?? null
  }

  const format = choose<'image' | 'json'>('format') ?? 'image'
  const filetype = choose<RequestedFiletype>('filetype')!
  const quality = numeric('quality')
  const angle = choose<Angle>('angle')!
  const gear = choose<Gear>('gear')!

  let liveryType = r.spec('liveryType').default as string
  if (get('liveryType')) {
    const l = get('liveryType')!.trim().toLowerCase()
    if (new RegExp(r.spec('liveryType').pattern!).test(l)) liveryType = l
    else problem('liveryType', 'liveryType must be base, blank or a livery slug')
  }

  const zoomType = choose<ZoomType>('zoomType')!
  const zoomLevel = numeric('zoomLevel')!
  const marginPercent = numeric('marginPercent')!

  const resolution = choose<Resolution>('resolution')
  let width = numeric('width')!
  if (get('width') && get('resolution')) problem('width', 'resolution and width cannot be combined')
  if (resolution) width = RESOLUTION_WIDTHS[resolution]

  let background = null
  if (get('background')) {
    background = parseHexColour(get('background')!)
    if (!background) problem('background', 'background must be a hex color')
  }
  let gradient = null
  if (get('backgroundGradient')) {
    gradient = parseGradient(get('backgroundGradient')!)
    if (!gradient) problem('backgroundGradient', GRADIENT_PROBLEM)
  }

  // out of range, a pitch is not clamped: image mode draws no pitch (decisions.md)
  const pitch = numeric('pitch', 'default')!
  const scale = choose<ScaleMode>('scale')!

  let referencePlane: string | null = null
  if (get('referencePlane')) {
    const slug = get('referencePlane')!.trim().toLowerCase()
    if (knownPlane(slug)) referencePlane = slug
    else problem('referencePlane', 'referencePlane must be a plane slug of the catalog')
  }

  const align = choose<Align>('align', get('align') !== undefined ? 'align' : 'verticalAlign')!

  return {
    plane: selector([
      ['plane_icao', 'icao'],
      ['plane_iata', 'iata'],
      ['plane', 'raw'],
    ]),
    airline: selector([
      ['airline_icao', 'icao'],
      ['airline_iata', 'iata'],
      ['airline', 'raw'],
    ]),
    liveryType,
    format,
    filetype,
    quality,
    // any text: a version other than the current one is served as if unpinned
    version: get('v')?.trim() || null,
    angle,
    gear,
    render: { width, zoomType, zoomLevel, marginPercent, resolution },
    compose: { pitch, scale, referencePlane, align, background, gradient },
    composeTriggers: [],
  }
}

/**
 * The composing parameters sent (x-composes true), then those that compose only when not their
 * default (marginPercent) and are not
 */
function composeTriggers(query: Query, options: ImageOptions, schema: QuerySchema): string[] {
  const sent = (p: string) => query[p] !== undefined && query[p] !== ''
  const params = paramsOf(schema).filter(([p]) => sent(p))
  const always = params.filter(([, s]) => s['x-composes'] === true).map(([p]) => p)
  const unlessDefault = params
    .filter(
      ([, s]) =>
        typeof s['x-composes'] === 'string' && valueAt(options, s['x-option']!) !== s.default,
    )
    .map(([p]) => p)
  return [...always, ...unlessDefault]
}

const GROUP_ORDER: ProblemGroup[] = ['filetype', 'angle', 'render', 'compose']

/** The 400 body of JSON mode: the first failing group of filetype, angle, render, compose. */
export function problemBody(problems: Problem[]): Record<string, unknown> | null {
  for (const group of GROUP_ORDER) {
    const inGroup = problems.filter((p) => p.group === group)
    if (!inGroup.length) continue
    if (group === 'filetype') return { error: 'invalid filetype' }
    if (group === 'angle') return { error: 'invalid angle' }
    return { error: `invalid ${group} options`, details: inGroup.map((p) => p.message) }
  }
  return null
}
