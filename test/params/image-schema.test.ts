/**
 * The parser and the image query's schema cannot disagree: every default, enum value, alias
 * and bound the schema documents is checked against what the parser does with it.
 */
import { describe, expect, test } from 'bun:test'
import type { Rgba } from '../../src/params/colour'
import type { ImageOptions, Selector } from '../../src/params/image-options'
import { parseImageQuery } from '../../src/params/image-query'
import { IMAGE_PARAMS, paramSchema, type ImageParam } from '../../src/params/image-schema'
import { describedField, valueAt } from '../../src/params/option-meta'

const parse = (q: Record<string, string>) =>
  parseImageQuery(q, (slug) => slug === 'airbus-a380-800')

/** how to read an option whose parsed value is not the text sent: a selector's value, a colour's hex */
const VIEW: Partial<Record<ImageParam, (parsed: never) => unknown>> = {
  plane: (s: Selector | null) => s?.value,
  plane_iata: (s: Selector | null) => s?.value,
  plane_icao: (s: Selector | null) => s?.value,
  airline: (s: Selector | null) => s?.value,
  airline_iata: (s: Selector | null) => s?.value,
  airline_icao: (s: Selector | null) => s?.value,
  background: (c: Rgba | null) => c?.hex,
}

/** where each parameter lands in the options, as its schema says (x-option); null for the key, which the auth plugin reads */
const OPTION = Object.fromEntries(
  IMAGE_PARAMS.map((param) => {
    const s = paramSchema(param)
    const path = s['x-option']
    if (!path) return [param, null]
    const view = VIEW[param] as ((v: unknown) => unknown) | undefined
    const read = (o: ImageOptions) => {
      const v = valueAt(o, path)
      // left out at its default (picture-unless-default): absent means the default
      const parsed =
        v === undefined && s['x-cache-key'] === 'picture-unless-default' ? s.default : v
      return view ? view(parsed) : parsed
    }
    return [param, read]
  }),
) as Record<ImageParam, ((o: ImageOptions) => unknown) | null>

/** a value of a parameter other than its default: another of its enum, its lowest bound, an example */
function sampleOf(param: ImageParam): string {
  const s = paramSchema(param) as ReturnType<typeof paramSchema> & { examples?: string[] }
  return (
    s.enum?.find((v) => v !== s.default) ??
    (s.minimum !== undefined
      ? String(s.minimum)
      : (s.examples?.find((e: string) => e !== s.default) ?? 'x'))
  )
}

const documented = (keyword: 'default' | 'enum' | 'minimum' | 'x-aliases') =>
  IMAGE_PARAMS.filter((p) => paramSchema(p)[keyword] !== undefined)

describe('the image query schema drives the parser', () => {
  test('every parameter but the key lands in the options', () => {
    expect(IMAGE_PARAMS.filter((p) => OPTION[p] === null)).toEqual(['api-key'])
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
  test.each(documented('enum'))(
    'a value of %s outside its enum is a problem and gives the default',
    (param) => {
      const { options, problems } = parse({ [param]: 'not-a-value' })
      expect(problems.map((p) => p.param)).toEqual([param])
      expect(OPTION[param]!(options)).toEqual(paramSchema(param).default ?? null)
    },
  )
  test.each(documented('x-aliases'))('every documented alias of %s means its value', (param) => {
    for (const [alias, value] of Object.entries(paramSchema(param)['x-aliases']!)) {
      const { options, problems } = parse({ [param]: alias })
      expect(problems).toEqual([])
      expect(OPTION[param]!(options)).toBe(value)
    }
  })
  test.each(documented('minimum'))(
    '%s accepts its documented bounds and nothing beyond them',
    (param) => {
      const { minimum: min, maximum: max } = paramSchema(param)
      for (const edge of [min!, max!]) {
        const { options, problems } = parse({ [param]: String(edge) })
        expect(problems).toEqual([])
        expect(OPTION[param]!(options)).toBe(edge)
      }
      for (const beyond of [min! - 1, max! + 1]) {
        const { problems } = parse({ [param]: String(beyond) })
        expect(problems.map((p) => p.message)).toEqual([
          `${param} must be ${paramSchema(param).type === 'integer' ? 'an integer' : 'a number'} between ${min} and ${max}`,
        ])
      }
    },
  )
  test('documents a pattern only where the parser holds to it', () => {
    expect(parse({ liveryType: 'Retro 1900' }).problems.map((p) => p.param)).toEqual(['liveryType'])
    expect(parse({ background: '#12345' }).problems.map((p) => p.param)).toEqual(['background'])
    expect(new RegExp(paramSchema('background').pattern!).test('#12345')).toBe(false)
    expect(new RegExp(paramSchema('background').pattern!).test('0b1d3a80')).toBe(true)
  })
  test('each parameter lands where its schema says (x-option), and only the key is read elsewhere', () => {
    const absent = parse({}).options
    for (const param of IMAGE_PARAMS) {
      const path = paramSchema(param)['x-option']
      if (param === 'api-key') {
        expect(path).toBeUndefined()
        continue
      }
      const sent = parse({ [param]: sampleOf(param) })
      expect(`${param}: ${sent.problems.length}`).toBe(`${param}: 0`)
      expect(`${param} -> ${path}: ${JSON.stringify(valueAt(sent.options, path!))}`).not.toBe(
        `${param} -> ${path}: ${JSON.stringify(valueAt(absent, path!))}`,
      )
    }
  })
  test('every option declares its cache-key role, one role per place, and its problem group when it can have a problem', () => {
    const roles = new Map<string, string>()
    for (const param of IMAGE_PARAMS) {
      const s = paramSchema(param)
      if (!s['x-option']) continue
      expect(`${param}: ${s['x-cache-key']}`).toMatch(
        /: (picture|picture-unless-default|not-picture: .+)$/,
      )
      expect(`${param}: ${roles.get(s['x-option']) ?? s['x-cache-key']}`).toBe(
        `${param}: ${s['x-cache-key']}`,
      )
      roles.set(s['x-option'], s['x-cache-key']!)
      const judged =
        s.enum !== undefined ||
        s.minimum !== undefined ||
        s.pattern !== undefined ||
        s['x-composes'] !== undefined
      if (judged) expect(`${param}: ${s['x-group']}`).toMatch(/: (filetype|angle|render|compose)$/)
    }
  })
  test('no two options declare the same description field or the same header', () => {
    const fields = IMAGE_PARAMS.flatMap((p) => describedField(paramSchema(p))?.field ?? [])
    const headers = IMAGE_PARAMS.flatMap((p) => Object.keys(paramSchema(p)['x-headers'] ?? {}))
    expect(fields.length).toBeGreaterThan(3)
    expect(headers.length).toBeGreaterThan(3)
    expect(new Set(fields).size).toBe(fields.length)
    expect(new Set(headers).size).toBe(headers.length)
  })
  test('composes exactly for the parameters the schema marks so', () => {
    for (const param of IMAGE_PARAMS) {
      const schema = paramSchema(param)
      const sample =
        schema.enum?.[0] ??
        (schema.minimum !== undefined
          ? String(schema.maximum)
          : ((schema as { examples?: string[] }).examples?.[0] ?? 'x'))
      const triggers = parse({ [param]: sample }).options.composeTriggers
      expect(`${param}: ${triggers.length > 0}`).toBe(
        `${param}: ${schema['x-composes'] !== undefined}`,
      )
    }
  })
})
