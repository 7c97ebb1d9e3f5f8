import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { generate, OPTIONS_FILE } from '../../client/scripts/generate'
import { PARAMS } from '../../client/src/options'
import { IMAGE_PARAMS, paramSchema } from '../../src/params/image-schema'

describe('client/src/options.ts', () => {
  test('is what client/scripts/generate.ts writes from the schema today (else: bun client/scripts/generate.ts)', () => {
    expect(readFileSync(OPTIONS_FILE, 'utf8')).toBe(generate())
  })

  test('holds every parameter of the schema but the key and the alias, with its default and bounds', () => {
    expect(Object.keys(PARAMS)).toEqual(
      IMAGE_PARAMS.filter((n) => n !== 'api-key' && n !== 'verticalAlign'),
    )
    for (const [name, spec] of Object.entries(PARAMS)) {
      const schema = paramSchema(name as keyof typeof PARAMS)
      expect([spec.default, spec.minimum, spec.maximum, spec.enum]).toEqual([
        schema.default,
        schema.minimum,
        schema.maximum,
        schema.enum,
      ] as never)
    }
  })

  test('the generator writes what the schema says: a changed default shows in the text', () => {
    const schema = paramSchema('zoomLevel') as { default?: unknown }
    const before = schema.default
    try {
      schema.default = 2
      expect(generate()).toContain("zoomLevel: { type: 'number', default: 2,")
    } finally {
      schema.default = before
    }
    expect(generate()).toBe(readFileSync(OPTIONS_FILE, 'utf8'))
  })
})
