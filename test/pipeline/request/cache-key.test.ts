import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import type { Encoding, ImageOptions } from '../../../src/params/image-options'
import { parseImageQuery } from '../../../src/params/image-query'
import { decide } from '../../../src/pipeline/request/cascade'
import { NOT_IN_CACHE_KEY, cacheKey } from '../../../src/pipeline/request/cache-key'
import { cacheKey as edgeCacheKey } from '../../../src/pipeline/sources/composed-cache'

const catalog = loadEmbeddedCatalog()
const PNG: Encoding = { filetype: 'png', quality: null }
/** the key full() had as PNG before quality, v, avif and auto existed: stored compositions keep matching */
const OLD_PNG_KEY = 'cache/647320dd3a7a0a63248c8256c08a2361.png'
const a320 = catalog.plane('airbus-a320-200')!
const airFrance = catalog.airline('air-france')!

/** options with every field set (a gradient and a solid background at once, a reference plane) */
const full = (): ImageOptions => {
  const { options, problems } = parseImageQuery(
    {
      plane: 'a320',
      airline: 'AF',
      liveryType: 'base',
      format: 'image',
      filetype: 'png',
      angle: '45',
      gear: 'up',
      pitch: '10',
      background: 'dfe9f3',
      backgroundGradient: 'linear:90:fff-0,000-1',
      marginPercent: '5',
      zoomLevel: '1.2',
      zoomType: 'fill',
      align: 'bottom',
      scale: 'fleet',
      referencePlane: 'airbus-a380-800',
      resolution: 'card',
    },
    (slug) => catalog.plane(slug) !== undefined,
  )
  expect(problems).toEqual([])
  return options
}
const decision = (o: ImageOptions) =>
  decide(catalog, a320, {
    plane: a320,
    airlineRequested: true,
    airline: airFrance,
    liveryType: o.liveryType,
    angle: o.angle,
    gear: o.gear,
  })
const keyOf = (o: ImageOptions, reference = 'airbus-a380-800') =>
  cacheKey(decision(o), o, reference, 'm1', false, PNG)

/** every leaf of the options as [path, value] ("render.zoomLevel", "compose.gradient.stops.0.offset", ...) */
function leaves(value: unknown, path: string[] = []): [string[], unknown][] {
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))
  return [[path, value]]
}
/** a copy of the options with one leaf changed to another value of its kind */
function changed(o: ImageOptions, path: string[]): ImageOptions {
  const copy = structuredClone(o) as unknown as Record<string, unknown>
  let at = copy as Record<string, unknown>
  for (const k of path.slice(0, -1)) at = at[k] as Record<string, unknown>
  const leaf = path[path.length - 1]
  const v = at[leaf]
  at[leaf] =
    typeof v === 'number'
      ? v + 0.5
      : typeof v === 'boolean'
        ? !v
        : typeof v === 'string'
          ? `${v}-other`
          : 'set'
  return copy as unknown as ImageOptions
}
const listed = (path: string[]) =>
  Object.keys(NOT_IN_CACHE_KEY).some(
    (p) => path.join('.') === p || path.join('.').startsWith(`${p}.`),
  )

describe('composition cache key', () => {
  test('changes with every option that is not listed as leaving the picture alone', () => {
    const o = full()
    const base = keyOf(o)
    const missed = leaves(o)
      .filter(([path]) => !listed(path))
      .filter(([path]) => keyOf(changed(o, path)) === base)
      .map(([path]) => path.join('.'))
    expect(missed).toEqual([])
  })
  test('stays the same when only a listed option changes, so the list says true', () => {
    const o = full()
    const base = cacheKey(decision(o), o, 'airbus-a380-800', 'm1', false, PNG)
    const moved = leaves(o)
      .filter(([path]) => listed(path))
      .filter(
        ([path]) =>
          cacheKey(decision(o), changed(o, path), 'airbus-a380-800', 'm1', false, PNG) !== base,
      )
      .map(([path]) => path.join('.'))
    expect(moved).toEqual([])
  })
  test('lists only options that exist', () => {
    const paths = new Set(
      leaves(full()).flatMap(([path]) => path.map((_, i) => path.slice(0, i + 1).join('.'))),
    )
    for (const p of Object.keys(NOT_IN_CACHE_KEY)) expect(paths.has(p)).toBe(true)
  })
  test('keys the applied livery, the manifest, the watermark and the fleet reference', () => {
    const o = full()
    const d = decision(o)
    const base = cacheKey(d, o, 'airbus-a380-800', 'm1', false, PNG)
    expect(
      cacheKey(
        { ...d, livery: { ...d.livery, liveryType: 'blank' } },
        o,
        'airbus-a380-800',
        'm1',
        false,
        PNG,
      ),
    ).not.toBe(base)
    expect(cacheKey({ ...d, angle: '90' }, o, 'airbus-a380-800', 'm1', false, PNG)).not.toBe(base)
    expect(cacheKey(d, o, 'airbus-a380-800', 'm2', false, PNG)).not.toBe(base)
    expect(cacheKey(d, o, 'airbus-a380-800', 'm1', true, PNG)).not.toBe(base)
    expect(cacheKey(d, o, 'boeing-747-8i', 'm1', false, PNG)).not.toBe(base)
    // without fleet scale the reference draws nothing
    const none = { ...o, compose: { ...o.compose, scale: 'none' as const } }
    expect(cacheKey(d, none, 'boeing-747-8i', 'm1', false, PNG)).toBe(
      cacheKey(d, none, 'airbus-a380-800', 'm1', false, PNG),
    )
  })
  test('is the key the edge cache uses', () => {
    expect(edgeCacheKey).toBe(cacheKey)
    expect(keyOf(full())).toMatch(/^cache\/[0-9a-f]{32}\.png$/)
  })
  test('keys the type and quality sent, and leaves a PNG key as it was before other types', () => {
    const o = full()
    const d = decision(o)
    const key = (e: Encoding) => cacheKey(d, o, 'airbus-a380-800', 'm1', false, e)
    const keys = [
      PNG,
      { filetype: 'avif', quality: 60 },
      { filetype: 'avif', quality: 61 },
      { filetype: 'webp', quality: 60 },
    ].map((e) => key(e as Encoding))
    expect(new Set(keys).size).toBe(4)
    expect(keys.map((k) => k.split('.').pop())).toEqual(['png', 'avif', 'avif', 'webp'])
    expect(keys[0]).toBe(OLD_PNG_KEY)
  })
})
