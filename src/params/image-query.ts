/**
 * Query -> typed, validated options for GET /v1/images/plane. The only place that
 * applies the parameters' defaults, bounds and aliases, all read from their one
 * definition (image-schema.ts). A bad value becomes a problem (answered 400 in JSON
 * mode) and the default or clamped value (used in image mode).
 */
import type { Angle, Gear } from '../catalog/types'
import { parseHexColour } from './colour'
import { GRADIENT_PROBLEM, parseGradient } from './gradient'
import {
  DEFAULT_MARGIN,
  RESOLUTION_WIDTHS,
  type Align,
  type Filetype,
  type ImageOptions,
  type ParsedImageQuery,
  type Problem,
  type ProblemGroup,
  type Resolution,
  type ScaleMode,
  type Selector,
  type ZoomType,
} from './image-options'
import { IMAGE_PARAMS, paramSchema, type ImageParam } from './image-schema'

/** the parameters whose presence composes (marginPercent composes only when it is not the default) */
const COMPOSE_PARAMS = IMAGE_PARAMS.filter((p) => paramSchema(p)['x-composes'] === true)

type Query = Record<string, string | undefined>

const round2 = (n: number) => Math.round(n * 100) / 100
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))
const numberOrNull = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s))
/** "up or down", "png, jpg or webp", "one of thumb, card, hd, ultra" */
const listed = (values: readonly string[]) =>
  values.length > 3 ? `one of ${values.join(', ')}` : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`

/** `knownPlane` tells whether a slug names a catalog plane (for referencePlane). */
export function parseImageQuery(query: Query, knownPlane: (slug: string) => boolean): ParsedImageQuery {
  const problems: Problem[] = []
  const problem = (group: ProblemGroup, param: string, message: string) => problems.push({ group, param, message })
  const get = (name: string) => {
    const v = query[name]
    return v === undefined || v === '' ? undefined : v
  }

  const selector = (params: [string, Selector['method']][]): Selector | null => {
    for (const [param, method] of params) {
      const value = get(param)?.trim()
      if (value) return { value, method, param }
    }
    return null
  }

  /** one of the schema's enum (after its aliases), else a problem and the default (null without one) */
  const choose = <T extends string>(param: ImageParam, group: ProblemGroup, sentAs: string = param): T | null => {
    const schema = paramSchema(param)
    const fallback = (schema.default as T | undefined) ?? null
    const raw = get(sentAs)?.toLowerCase()
    if (raw === undefined) return fallback
    const value = String(schema['x-aliases']?.[raw] ?? raw)
    if (schema.enum!.includes(value)) return value as T
    problem(group, sentAs, `${sentAs} must be ${listed(schema.enum!)}`)
    return fallback
  }

  /**
   * a number inside the schema's bounds (integers rounded, others to 2 decimals), else a problem
   * and, out of range, the clamped value or (`outOfRange: 'default'`) the default
   */
  const numeric = (param: ImageParam, group: ProblemGroup, outOfRange: 'clamp' | 'default' = 'clamp'): number => {
    const schema = paramSchema(param)
    const fallback = schema.default as number
    const raw = get(param)
    if (raw === undefined) return fallback
    const { minimum: min = -Infinity, maximum: max = Infinity } = schema
    const integer = schema.type === 'integer'
    const aliased = schema['x-aliases']?.[raw.toLowerCase()]
    const n = typeof aliased === 'number' ? aliased : numberOrNull(raw)
    const wrong = n === null || n < min || n > max || (integer && !Number.isInteger(n))
    if (wrong) problem(group, param, `${param} must be ${integer ? 'an integer' : 'a number'} between ${min} and ${max}`)
    if (n === null || (wrong && outOfRange === 'default' && (n < min || n > max))) return fallback
    return integer ? Math.round(clamp(n, min, max)) : round2(clamp(n, min, max))
  }

  const format = choose<'image' | 'json'>('format', 'render') ?? 'image'
  const filetype = choose<Filetype>('filetype', 'filetype')!
  const angle = choose<Angle>('angle', 'angle')!
  const gear = choose<Gear>('gear', 'render')!

  let liveryType = paramSchema('liveryType').default as string
  if (get('liveryType')) {
    const l = get('liveryType')!.trim().toLowerCase()
    if (new RegExp(paramSchema('liveryType').pattern!).test(l)) liveryType = l
    else problem('render', 'liveryType', 'liveryType must be base, blank or a livery slug')
  }

  const zoomType = choose<ZoomType>('zoomType', 'render')!
  const zoomLevel = numeric('zoomLevel', 'render')
  const marginPercent = numeric('marginPercent', 'render')

  const resolution = choose<Resolution>('resolution', 'render')
  let width = numeric('width', 'render')
  if (get('width') && get('resolution')) problem('render', 'width', 'resolution and width cannot be combined')
  if (resolution) width = RESOLUTION_WIDTHS[resolution]

  let background = null
  if (get('background')) {
    background = parseHexColour(get('background')!)
    if (!background) problem('render', 'background', 'background must be a hex color')
  }
  let gradient = null
  if (get('backgroundGradient')) {
    gradient = parseGradient(get('backgroundGradient')!)
    if (!gradient) problem('render', 'backgroundGradient', GRADIENT_PROBLEM)
  }

  // out of range, a pitch is not clamped: image mode draws no pitch (decisions.md)
  const pitch = numeric('pitch', 'compose', 'default')
  const scale = choose<ScaleMode>('scale', 'compose')!

  let referencePlane: string | null = null
  if (get('referencePlane')) {
    const slug = get('referencePlane')!.trim().toLowerCase()
    if (knownPlane(slug)) referencePlane = slug
    else problem('compose', 'referencePlane', 'referencePlane must be a plane slug of the catalog')
  }

  const align = choose<Align>('align', 'compose', get('align') !== undefined ? 'align' : 'verticalAlign')!

  const composeTriggers: string[] = COMPOSE_PARAMS.filter((p) => get(p) !== undefined)
  if (get('marginPercent') !== undefined && marginPercent !== DEFAULT_MARGIN) composeTriggers.push('marginPercent')

  const options: ImageOptions = {
    plane: selector([['plane_icao', 'icao'], ['plane_iata', 'iata'], ['plane', 'raw']]),
    airline: selector([['airline_icao', 'icao'], ['airline_iata', 'iata'], ['airline', 'raw']]),
    liveryType,
    format,
    filetype,
    angle,
    gear,
    render: { width, zoomType, zoomLevel, marginPercent, resolution },
    compose: { pitch, scale, referencePlane, align, background, gradient },
    composeTriggers,
  }
  return { options, problems }
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
