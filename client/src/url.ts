/**
 * imageUrl: the URL of one image, from typed options. Only what differs from the service's
 * defaults is written, in the schema's order and encoded one way, so equal options always
 * give the same URL: one cache entry in the browser, the CDN and the service.
 */
import { PARAMS, type ImageOptions, type ImageParam, type ParamSpec } from './options.ts'

export const IMAGE_PATH = '/v1/images/plane'

/** encodeURIComponent, as the signature's canonical form encodes (a space is %20, never +) */
export const encodePair = (name: string, value: string) =>
  `${encodeURIComponent(name)}=${encodeURIComponent(value)}`

/** to the service's step (0.01: 2 decimals), rounding as the service rounds */
function rounded(value: number, step: number | undefined): number {
  if (!step) return value
  const factor = 10 ** Math.max(0, -Math.floor(Math.log10(step)))
  return Math.round(value * factor) / factor
}

/** a value as the query carries it; throws on one the service would refuse or silently change */
function written(name: ImageParam, spec: ParamSpec, value: unknown): string {
  if (spec.type !== 'string') {
    if (typeof value !== 'number' || !Number.isFinite(value))
      throw new TypeError(`${name} must be a finite number, not ${String(value)}`)
    if (spec.type === 'integer' && !Number.isInteger(value))
      throw new RangeError(`${name} must be a whole number, not ${value}`)
    if (
      (spec.minimum !== undefined && value < spec.minimum) ||
      (spec.maximum !== undefined && value > spec.maximum)
    )
      throw new RangeError(`${name} must be from ${spec.minimum} to ${spec.maximum}, not ${value}`)
    // the service rounds to its step; rounding here keeps 0.1 + 0.2 and 0.3 on one URL
    return String(rounded(value, spec.multipleOf))
  }
  const text = String(value)
  if (spec.enum && !spec.enum.includes(text))
    throw new RangeError(`${name} must be one of ${spec.enum.join(', ')}, not ${text}`)
  if (spec.pattern && text !== '' && !new RegExp(spec.pattern).test(text))
    throw new RangeError(`${name} does not match ${spec.pattern}: ${text}`)
  return text
}

/** [name, value] pairs of the non-default options, in the schema's order */
export function queryPairs(options: ImageOptions): [ImageParam, string][] {
  for (const name of Object.keys(options))
    if (!(name in PARAMS)) throw new TypeError(`unknown image parameter: ${name}`)
  // the service would take the preset and drop the width without a word in image mode
  if (options.resolution !== undefined && options.width !== undefined)
    throw new TypeError('resolution and width exclude each other: give one')
  const pairs: [ImageParam, string][] = []
  for (const [name, spec] of Object.entries(PARAMS) as [ImageParam, ParamSpec][]) {
    const value = options[name]
    if (value === undefined || value === null || value === '') continue
    const text = written(name, spec, value)
    if (spec.default === undefined || text !== String(spec.default)) pairs.push([name, text])
  }
  return pairs
}

/** `base` is the service's origin (with a path prefix if it has one), or '' for a URL relative to it */
export const imagePath = (base: string) => `${base.replace(/\/+$/, '')}${IMAGE_PATH}`

/** The image's URL: `${base}/v1/images/plane`, then the options that differ from the defaults. */
export function imageUrl(base: string, options: ImageOptions = {}): string {
  const query = queryPairs(options)
    .map(([n, v]) => encodePair(n, v))
    .join('&')
  return query ? `${imagePath(base)}?${query}` : imagePath(base)
}
