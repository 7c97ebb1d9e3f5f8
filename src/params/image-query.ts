/**
 * Query -> typed, validated options for GET /v1/images/plane. The only place that
 * knows the parameters' defaults, bounds and aliases. A bad value becomes a problem
 * (answered 400 in JSON mode) and the default or clamped value (used in image mode).
 */
import { ANGLES, type Angle, type Gear } from '../catalog/types'
import { parseHexColour } from './colour'
import { GRADIENT_PROBLEM, parseGradient } from './gradient'
import {
  DEFAULT_MARGIN,
  DEFAULT_WIDTH,
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

const ANGLE_ALIASES: Record<string, Angle> = { '347': '345' }
const GEAR_ALIASES: Record<string, Gear> = {
  up: 'up', false: 'up', '0': 'up', without: 'up', retracted: 'up',
  down: 'down', true: 'down', '1': 'down', with: 'down', extended: 'down',
}
const PITCH_ALIASES: Record<string, number> = { none: 0, up45: 45, down45: -45, up: 25, down: -25, up25: 25, down25: -25 }
const FILETYPE_ALIASES: Record<string, Filetype> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', webp: 'webp' }
const COMPOSE_PARAMS = ['pitch', 'scale', 'align', 'verticalAlign', 'background', 'backgroundGradient', 'width', 'zoomLevel', 'zoomType', 'resolution']

type Query = Record<string, string | undefined>

/** Own entries only: `?filetype=__proto__` or `?pitch=constructor` must not find Object's members. */
const alias = <T>(table: Record<string, T>, name: string): T | undefined => (Object.hasOwn(table, name) ? table[name] : undefined)

const round2 = (n: number) => Math.round(n * 100) / 100
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n))
const numberOrNull = (s: string) => (s.trim() === '' || !Number.isFinite(Number(s)) ? null : Number(s))

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

  const format = get('format')?.toLowerCase() === 'json' ? 'json' : 'image'
  if (get('format') && !['json', 'image'].includes(get('format')!.toLowerCase()))
    problem('render', 'format', 'format must be image or json')

  let filetype: Filetype = 'png'
  if (get('filetype')) {
    const f = alias(FILETYPE_ALIASES, get('filetype')!.toLowerCase())
    if (f) filetype = f
    else problem('filetype', 'filetype', 'filetype must be png, jpg or webp')
  }

  let angle: Angle = '90'
  if (get('angle')) {
    const a = get('angle')!.toLowerCase()
    const resolved = alias(ANGLE_ALIASES, a) ?? (ANGLES as readonly string[]).find((x) => x === a)
    if (resolved) angle = resolved as Angle
    else problem('angle', 'angle', 'angle must be one of 0, 45, 90, 135, 180, 225, 270, 315, 345, top')
  }

  let gear: Gear = 'down'
  if (get('gear')) {
    const g = alias(GEAR_ALIASES, get('gear')!.toLowerCase())
    if (g) gear = g
    else problem('render', 'gear', 'gear must be up or down')
  }

  let liveryType = 'base'
  if (get('liveryType')) {
    const l = get('liveryType')!.trim().toLowerCase()
    if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(l)) liveryType = l
    else problem('render', 'liveryType', 'liveryType must be base, blank or a livery slug')
  }

  let zoomType: ZoomType = 'contain'
  if (get('zoomType')) {
    const z = get('zoomType')!.toLowerCase()
    if (z === 'contain' || z === 'fill') zoomType = z
    else problem('render', 'zoomType', 'zoomType must be contain or fill')
  }

  const bounded = (param: string, def: number, min: number, max: number, message: string) => {
    const raw = get(param)
    if (raw === undefined) return def
    const n = numberOrNull(raw)
    if (n === null || n < min || n > max) problem('render', param, message)
    return n === null ? def : round2(clamp(n, min, max))
  }
  const zoomLevel = bounded('zoomLevel', 1, 0.5, 3, 'zoomLevel must be a number between 0.5 and 3')
  const marginPercent = bounded('marginPercent', DEFAULT_MARGIN, 0, 45, 'marginPercent must be a number between 0 and 45')

  let resolution: Resolution | null = null
  if (get('resolution')) {
    const r = get('resolution')!.toLowerCase()
    if (r in RESOLUTION_WIDTHS) resolution = r as Resolution
    else problem('render', 'resolution', 'resolution must be one of thumb, card, hd, ultra')
  }
  let width = DEFAULT_WIDTH
  if (get('width')) {
    const n = numberOrNull(get('width')!)
    if (n === null || !Number.isInteger(n) || n < 256 || n > 4096)
      problem('render', 'width', 'width must be an integer between 256 and 4096')
    if (n !== null) width = Math.round(clamp(n, 256, 4096))
    if (get('resolution')) problem('render', 'width', 'resolution and width cannot be combined')
  }
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

  let pitch = 0
  if (get('pitch')) {
    const raw = get('pitch')!.toLowerCase()
    const n = alias(PITCH_ALIASES, raw) ?? numberOrNull(raw)
    if (n === null || n < -45 || n > 45) problem('compose', 'pitch', 'pitch must be a number between -45 and 45')
    else pitch = round2(n)
  }

  let scale: ScaleMode = 'none'
  if (get('scale')) {
    const s = get('scale')!.toLowerCase()
    if (s === 'none' || s === 'fleet' || s === 'absolute') scale = s
    else problem('compose', 'scale', 'scale must be none, fleet or absolute')
  }

  let referencePlane: string | null = null
  if (get('referencePlane')) {
    const slug = get('referencePlane')!.trim().toLowerCase()
    if (knownPlane(slug)) referencePlane = slug
    else problem('compose', 'referencePlane', 'referencePlane must be a plane slug of the catalog')
  }

  let align: Align = 'center'
  const alignParam = get('align') !== undefined ? 'align' : 'verticalAlign'
  if (get(alignParam)) {
    const a = get(alignParam)!.toLowerCase()
    if (a === 'bottom' || a === 'center' || a === 'top') align = a
    else problem('compose', alignParam, 'align must be top, center or bottom')
  }

  const composeTriggers = COMPOSE_PARAMS.filter((p) => get(p) !== undefined)
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
