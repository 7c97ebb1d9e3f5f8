/**
 * JSON Schemas checked with TypeBox, the validator the service already ships: each schema is
 * turned into the TypeBox type it describes (the keywords the vendored schemas use: type,
 * properties, required, additionalProperties, items, anyOf, enum, const, pattern, $ref into
 * `definitions`) and TypeBox's Value reports every place a document breaks it.
 */
import { type TSchema, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean'
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: (string | number | boolean)[]
  const?: string | number | boolean
  pattern?: string
  format?: string
  $ref?: string
  $comment?: string
}

const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'pattern',
  'format',
  '$ref',
  '$comment',
  'description',
])

/** a converter over one set of definitions; each definition is converted once and shared */
export function schemaSet(definitions: Record<string, JsonSchema>) {
  const done = new Map<string, TSchema>()
  const converting = new Set<string>()

  function ref(name: string): TSchema {
    const known = done.get(name)
    if (known) return known
    if (!(name in definitions)) throw new Error(`no definition ${name}`)
    // the vendored schemas have no cycles; one would need Type.Recursive
    if (converting.has(name)) throw new Error(`definition ${name} refers to itself`)
    converting.add(name)
    const converted = convert(definitions[name])
    converting.delete(name)
    done.set(name, converted)
    return converted
  }

  function convert(s: JsonSchema): TSchema {
    for (const key of Object.keys(s))
      if (!KNOWN.has(key)) throw new Error(`unsupported schema keyword ${key}`)
    if (s.$ref) return ref(s.$ref.replace(/^#\/definitions\//, ''))
    if (s.const !== undefined) return Type.Literal(s.const)
    if (s.enum) return Type.Union(s.enum.map((v) => Type.Literal(v)))
    if (s.anyOf) return Type.Union(s.anyOf.map(convert))
    switch (s.type) {
      case 'string':
        return s.pattern ? Type.String({ pattern: s.pattern }) : Type.String()
      case 'integer':
        return Type.Integer()
      case 'number':
        return Type.Number()
      case 'boolean':
        return Type.Boolean()
      case 'array':
        return Type.Array(s.items ? convert(s.items) : Type.Unknown())
      case 'object': {
        if (s.properties) {
          const required = new Set(s.required ?? [])
          const props = Object.fromEntries(
            Object.entries(s.properties).map(([name, p]) => [
              name,
              required.has(name) ? convert(p) : Type.Optional(convert(p)),
            ]),
          )
          const extra = s.additionalProperties
          return Type.Object(props, {
            additionalProperties:
              extra === undefined || extra === true
                ? true
                : extra === false
                  ? false
                  : convert(extra),
          })
        }
        const values = s.additionalProperties
        return Type.Record(
          Type.String(),
          values && values !== true ? convert(values) : Type.Unknown(),
        )
      }
      case undefined:
        return Type.Unknown()
    }
    throw new Error(`unsupported schema ${JSON.stringify(s)}`)
  }

  return { convert, ref }
}

/** every place `value` breaks `schema`, as "path: message" lines (none when it conforms) */
export function problems(schema: TSchema, value: unknown): string[] {
  if (Value.Check(schema, value)) return []
  return [...Value.Errors(schema, value)].map((e) => `${e.path || '/'}: ${e.message}`)
}
