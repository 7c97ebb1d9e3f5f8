/**
 * An option is declared once, in the query schema: added to a copy of the schema, a made-up
 * option reaches the parser, the cache key, the JSON description, the response headers and the
 * OpenAPI document with no other edit.
 */
import { describe, expect, test } from 'bun:test'
import { Type, type TObject } from '@sinclair/typebox'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import type { Encoding, ImageOptions } from '../../src/params/image-options'
import { parseImageQuery } from '../../src/params/image-query'
import { ImageQuerySchema } from '../../src/params/image-schema'
import { decide } from '../../src/pipeline/request/cascade'
import { cacheKey, notInCacheKey, pictureOptions } from '../../src/pipeline/request/cache-key'
import { describedOptions } from '../../src/pipeline/request/describe'
import type { ImageMeta } from '../../src/pipeline/request/image-request'
import { diagnosticHeaders } from '../../src/serve/image-response'
import { imageOperation } from '../../src/serve/routes/images'
import { describedOptionsSchema } from '../../src/serve/schemas'

const catalog = loadEmbeddedCatalog()
const a320 = catalog.plane('airbus-a320-200')!
const PNG: Encoding = { filetype: 'png', quality: null }

/** the query schema with `haze` (a composing enum, in the picture, described, reported) and `label` (text, not in the picture) */
const withFakes = (): TObject =>
  Type.Object({
    ...ImageQuerySchema.properties,
    haze: Type.Optional(
      Type.Unsafe<string>({
        type: 'string',
        enum: ['none', 'light', 'thick'],
        default: 'none',
        description: 'A made-up option. Composes',
        'x-composes': true,
        'x-option': 'compose.haze',
        'x-group': 'compose',
        'x-cache-key': 'picture-unless-default',
        'x-describe': 'composeOptions.haze',
        'x-headers': {
          'x-compose-haze': {
            description: 'Composition with haze: the haze drawn',
            schema: { type: 'string', enum: ['none', 'light', 'thick'] },
          },
        },
      }),
    ),
    label: Type.Optional(
      Type.String({
        description: 'A made-up caption',
        pattern: '^[a-z]+$',
        'x-option': 'compose.label',
        'x-group': 'compose',
        'x-cache-key': 'not-picture: a caption drawn by the client',
      }),
    ),
  })

const schema = withFakes()
const parse = (q: Record<string, string>) =>
  parseImageQuery({ plane: 'a320', ...q }, () => false, schema)
const compose = (o: ImageOptions) => o.compose as Record<string, unknown>
const keyOf = (o: ImageOptions) =>
  cacheKey(
    decide(catalog, a320, {
      plane: a320,
      airlineRequested: false,
      airline: null,
      liveryType: o.liveryType,
      angle: o.angle,
      gear: o.gear,
    }),
    o,
    'airbus-a380-800',
    'm1',
    false,
    PNG,
  )
const metaOf = (o: ImageOptions): ImageMeta => ({
  decision: decide(catalog, a320, {
    plane: a320,
    airlineRequested: false,
    airline: null,
    liveryType: o.liveryType,
    angle: o.angle,
    gear: o.gear,
  }),
  options: o,
  encoding: { ...PNG, negotiated: false },
  pinned: false,
  authorized: true,
  manifestVersion: 'm1',
  compositionMode: 'composed-runtime',
  composition: { align: 'center', referencePlane: 'airbus-a380-800', cache: 'composed' },
})

describe('a new option declared only in the schema', () => {
  test('is parsed by its kind into its place, composes, and is judged in its group', () => {
    const { options, problems } = parse({ haze: 'Light', label: 'hello' })
    expect(problems).toEqual([])
    expect(compose(options)).toMatchObject({ haze: 'light', label: 'hello' })
    expect(options.composeTriggers).toEqual(['haze'])
    const bad = parse({ haze: 'fog', label: 'Not ok' })
    expect(bad.problems.map((p) => `${p.group} ${p.param}`)).toEqual([
      'compose haze',
      'compose label',
    ])
    expect(compose(bad.options).label).toBeNull()
  })
  test('at its default is left out of the options, so the keys stored before it keep matching', () => {
    const plain = parse({ width: '512' }).options
    expect('haze' in compose(plain)).toBe(false)
    // what the key is made of, under each schema's own list of options left out of it
    const before = parseImageQuery({ plane: 'a320', width: '512' }, () => false).options
    const after = parse({ width: '512', haze: 'none' }).options
    expect(pictureOptions(after, notInCacheKey(schema))).toEqual(pictureOptions(before))
  })
  test('changes the cache key when it changes the picture, and not when its schema says it does not', () => {
    expect(keyOf(parse({ haze: 'light' }).options)).not.toBe(
      keyOf(parse({ haze: 'thick' }).options),
    )
    expect(notInCacheKey(schema)['compose.label']).toBe('a caption drawn by the client')
    expect(
      pictureOptions(parse({ label: 'hello' }).options, notInCacheKey(schema)).compose,
    ).not.toHaveProperty('label')
  })
  test('is reported in the JSON description, and its schema', () => {
    expect(
      describedOptions(parse({ haze: 'thick' }).options, {}, schema).composeOptions,
    ).toMatchObject({ haze: 'thick', pitch: 0 })
    expect(describedOptions(parse({}).options, {}, schema).composeOptions.haze).toBe('none')
    expect(describedOptionsSchema(schema).composeOptions.properties.haze).toMatchObject({
      type: 'string',
      enum: ['none', 'light', 'thick'],
    })
  })
  test('is reported by its header when it composed the image, and only then', () => {
    expect(
      diagnosticHeaders(metaOf(parse({ haze: 'light' }).options), schema)['x-compose-haze'],
    ).toBe('light')
    expect(diagnosticHeaders(metaOf(parse({ width: '512' }).options), schema)).not.toHaveProperty(
      'x-compose-haze',
    )
  })
  test('is in the OpenAPI document: a parameter, and the header of every image answer', () => {
    const operation = imageOperation(schema)
    const names = operation.parameters.map((p) => p.name)
    expect(names.slice(-2)).toEqual(['haze', 'label'])
    expect(operation.parameters.find((p) => p.name === 'haze')?.schema).toMatchObject({
      enum: ['none', 'light', 'thick'],
      default: 'none',
    })
    for (const status of [200, 304] as const)
      expect(operation.responses[status].headers).toHaveProperty('x-compose-haze')
    // and the real document has neither
    expect(imageOperation().parameters.map((p) => p.name)).not.toContain('haze')
    expect(imageOperation().responses[200].headers).not.toHaveProperty('x-compose-haze')
  })
})
