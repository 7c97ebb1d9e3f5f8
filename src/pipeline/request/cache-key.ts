/**
 * The key of a composed image in the caches. Built from the normalised options (rounded
 * numbers, resolved slugs, applied livery), all of them unless listed below as not changing
 * the picture: a new option lands in the key by default, since an option left out would
 * serve one caller's picture to another (test/pipeline/request/cache-key.test.ts holds both).
 */
import { createHash } from 'node:crypto'
import type { ImageOptions } from '../../params/image-options'
import type { Decision } from './cascade'

/**
 * The rules a composed picture is drawn by (framing, pitch), in the key: raised when the same
 * options come to draw a different picture, so a store does not keep serving pictures drawn by
 * the rules before (the manifest version moves only with the pre-rendered assets)
 */
export const COMPOSITION_RULES = 2

/** options that do not change a composed picture, by path in ImageOptions, and why */
export const NOT_IN_CACHE_KEY: Record<string, string> = {
  plane: 'the selector as typed; the resolved plane (decision) is in the key',
  airline: 'the selector as typed; the resolved airline (decision) is in the key',
  liveryType: 'as asked; the applied livery (decision) is in the key',
  angle: 'the decision carries it',
  gear: 'the decision carries it',
  format: 'a JSON description never reads the cache',
  filetype: 'a composition is always PNG',
  'render.resolution': 'already turned into render.width',
  'compose.referencePlane': 'as asked; the resolved reference is in the key under scale=fleet',
  composeTriggers: 'whether to compose, not what',
}

/** JSON with keys in a fixed order, so equal options give equal text */
const stable = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`).join(',')}}`
    : Array.isArray(value) ? `[${value.map(stable).join(',')}]` : JSON.stringify(value)

/** the options minus those listed as not changing the picture */
function pictureOptions(options: ImageOptions): Record<string, unknown> {
  const copy = structuredClone(options) as unknown as Record<string, Record<string, unknown>>
  for (const path of Object.keys(NOT_IN_CACHE_KEY)) {
    const [head, leaf] = path.split('.')
    if (leaf) delete copy[head][leaf]
    else delete copy[head]
  }
  return copy
}

export function cacheKey(decision: Decision, options: ImageOptions, reference: string, manifestVersion: string, watermark: boolean) {
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
  })
  return `cache/${createHash('sha256').update(normalised).digest('hex').slice(0, 32)}.png`
}
