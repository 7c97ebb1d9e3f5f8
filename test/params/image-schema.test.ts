/**
 * The parser and the image query's schema cannot disagree: every default, enum value, alias
 * and bound the schema documents is checked against what the parser does with it.
 */
import { describe, expect, test } from 'bun:test'
import type { ImageOptions } from '../../src/params/image-options'
import { parseImageQuery } from '../../src/params/image-query'
import { IMAGE_PARAMS, paramSchema, type ImageParam } from '../../src/params/image-schema'

const parse = (q: Record<string, string>) => parseImageQuery(q, (slug) => slug === 'airbus-a380-800')

/** where each documented parameter lands in the options; null for those the options do not hold as such */
const OPTION: Record<ImageParam, ((o: ImageOptions) => unknown) | null> = {
  plane: (o) => o.plane?.value,
  plane_iata: (o) => o.plane?.value,
  plane_icao: (o) => o.plane?.value,
  airline: (o) => o.airline?.value,
  airline_iata: (o) => o.airline?.value,
  airline_icao: (o) => o.airline?.value,
  liveryType: (o) => o.liveryType,
  format: (o) => o.format,
  filetype: (o) => o.filetype,
  angle: (o) => o.angle,
  gear: (o) => o.gear,
  pitch: (o) => o.compose.pitch,
  background: (o) => o.compose.background?.hex,
  backgroundGradient: (o) => o.compose.gradient,
  marginPercent: (o) => o.render.marginPercent,
  zoomLevel: (o) => o.render.zoomLevel,
  zoomType: (o) => o.render.zoomType,
  align: (o) => o.compose.align,
  verticalAlign: (o) => o.compose.align,
  scale: (o) => o.compose.scale,
  referencePlane: (o) => o.compose.referencePlane,
  resolution: (o) => o.render.resolution,
  width: (o) => o.render.width,
  'api-key': null, // read by the auth plugin, never by the parser
}

const documented = (keyword: 'default' | 'enum' | 'minimum' | 'x-aliases') => IMAGE_PARAMS.filter((p) => paramSchema(p)[keyword] !== undefined)

describe('the image query schema drives the parser', () => {
  test('every documented parameter is mapped to its option here', () => {
    expect(Object.keys(OPTION).sort()).toEqual([...IMAGE_PARAMS].sort())
  })
  test.each(documented('default'))('an absent %s takes the documented default', (param) => {
    const read = OPTION[param]!
    expect(read(parse({}).options)).toEqual(paramSchema(param).default)
  })
  test.each(documented('enum'))('every documented value of %s is accepted as itself', (param) => {
    for (const value of paramSchema(param).enum!) {
      const { options, problems } = parse({ [param]: value })
      expect(problems).toEqual([])
      expect(OPTION[param]!(options)).toBe(value)
    }
  })
  test.each(documented('enum'))('a value of %s outside its enum is a problem and gives the default', (param) => {
    const { options, problems } = parse({ [param]: 'not-a-value' })
    expect(problems.map((p) => p.param)).toEqual([param])
    expect(OPTION[param]!(options)).toEqual(paramSchema(param).default ?? null)
  })
  test.each(documented('x-aliases'))('every documented alias of %s means its value', (param) => {
    for (const [alias, value] of Object.entries(paramSchema(param)['x-aliases']!)) {
      const { options, problems } = parse({ [param]: alias })
      expect(problems).toEqual([])
      expect(OPTION[param]!(options)).toBe(value)
    }
  })
  test.each(documented('minimum'))('%s accepts its documented bounds and nothing beyond them', (param) => {
    const { minimum: min, maximum: max } = paramSchema(param)
    for (const edge of [min!, max!]) {
      const { options, problems } = parse({ [param]: String(edge) })
      expect(problems).toEqual([])
      expect(OPTION[param]!(options)).toBe(edge)
    }
    for (const beyond of [min! - 1, max! + 1]) {
      const { problems } = parse({ [param]: String(beyond) })
      expect(problems.map((p) => p.message)).toEqual([`${param} must be ${paramSchema(param).type === 'integer' ? 'an integer' : 'a number'} between ${min} and ${max}`])
    }
  })
  test('documents a pattern only where the parser holds to it', () => {
    expect(parse({ liveryType: 'Retro 1900' }).problems.map((p) => p.param)).toEqual(['liveryType'])
    expect(parse({ background: '#12345' }).problems.map((p) => p.param)).toEqual(['background'])
    expect(new RegExp(paramSchema('background').pattern!).test('#12345')).toBe(false)
    expect(new RegExp(paramSchema('background').pattern!).test('0b1d3a80')).toBe(true)
  })
  test('composes exactly for the parameters the schema marks so', () => {
    for (const param of IMAGE_PARAMS) {
      const schema = paramSchema(param)
      const sample = schema.enum?.[0] ?? (schema.minimum !== undefined ? String(schema.maximum) : (schema as { examples?: string[] }).examples?.[0] ?? 'x')
      const triggers = parse({ [param]: sample }).options.composeTriggers
      expect(`${param}: ${triggers.length > 0}`).toBe(`${param}: ${schema['x-composes'] !== undefined}`)
    }
  })
})
