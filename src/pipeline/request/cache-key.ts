/**
 * The key of a composed image in the caches. Built from the normalised options (rounded
 * numbers, resolved slugs, applied livery), all of them unless the query schema marks an
 * option as not changing the picture (x-cache-key): a new option lands in the key by default,
 * since an option left out would serve one caller's picture to another
 * (test/pipeline/request/cache-key.test.ts holds both).
 */
import { createHash } from 'node:crypto'
import type { Encoding, ImageOptions } from '../../params/image-options'
import { ImageQuerySchema } from '../../params/image-schema'
import { paramsOf, type QuerySchema } from '../../params/option-meta'
import type { Decision } from './cascade'

/**
 * The rules a composed picture is drawn by (framing, pitch), in the key: raised when the same
 * options come to draw a different picture, so a store does not keep serving pictures drawn by
 * the rules before (the manifest version moves only with the pre-rendered assets)
 */
export const COMPOSITION_RULES = 2

const NOT_PICTURE = 'not-picture:'

/**
 * options that do not change a composed picture, by path in ImageOptions, and why: those the
 * query schema marks `x-cache-key: not-picture: <why>`, and whether to compose at all
 */
export function notInCacheKey(schema: QuerySchema = ImageQuerySchema): Record<string, string> {
  const listed: Record<string, string> = {}
  for (const [, s] of paramsOf(schema)) {
    const role = s['x-cache-key']
    if (s['x-option'] && role?.startsWith(NOT_PICTURE))
      listed[s['x-option']] = role.slice(NOT_PICTURE.length).trim()
  }
  return { ...listed, composeTriggers: 'whether to compose, not what' }
}

export const NOT_IN_CACHE_KEY = notInCacheKey()

/** JSON with keys in a fixed order, so equal options give equal text */
const stable = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
        .join(',')}}`
    : Array.isArray(value)
      ? `[${value.map(stable).join(',')}]`
      : JSON.stringify(value)

/** the options minus those listed as not changing the picture */
export function pictureOptions(
  options: ImageOptions,
  notIn: Record<string, string> = NOT_IN_CACHE_KEY,
): Record<string, unknown> {
  const copy = structuredClone(options) as unknown as Record<string, Record<string, unknown>>
  for (const path of Object.keys(notIn)) {
    const [head, leaf] = path.split('.')
    if (leaf) delete copy[head][leaf]
    else delete copy[head]
  }
  return copy
}

/**
 * `encoding`: the type and quality sent, after `auto` and the composition rule; a PNG adds
 * nothing, so the keys of PNG compositions stored before other types existed still match
 */
export function cacheKey(
  decision: Decision,
  options: ImageOptions,
  reference: string,
  manifestVersion: string,
  watermark: boolean,
  encoding: Encoding,
) {
  const normalised = stable({
    plane: decision.plane.slug,
    airline: decision.airline?.slug ?? null,
    livery: decision.livery.liveryType,
    angle: decision.angle,
    gear: decision.gear,
    options: pictureOptions(options),
    reference: options.compose.scale === 'fleet' ? reference : null,
    manifestVersion,
    watermark,
    rules: COMPOSITION_RULES,
    ...(encoding.filetype === 'png'
      ? {}
      : { encoding: { filetype: encoding.filetype, quality: encoding.quality } }),
  })
  return `cache/${createHash('sha256').update(normalised).digest('hex').slice(0, 32)}.${encoding.filetype}`
}
