/**
 * A keyed route's query, judged by its schema here rather than left to the framework: the
 * compiled binary answered `limit=1000` with 200 and `"limit":"1000"`, and TypeBox's own value
 * checks passed the same string there too, so this reads the schema as plain JSON Schema (the
 * keywords these routes use: integer and number bounds, string length and pattern, a choice of
 * constants) and converts and checks each parameter itself. The same schema documents the route.
 */
import type { Static, TObject } from '@sinclair/typebox'
import { badRequest } from '../errors'

interface PropertySchema {
  type?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  default?: unknown
  anyOf?: (PropertySchema & { const?: unknown })[]
}

/** Elysia's numeric types are a choice of a number and a numeric string: read the number side */
function plain(schema: PropertySchema): PropertySchema {
  if (!schema.anyOf || schema.anyOf.every((s) => 'const' in s)) return schema
  const numeric =
    schema.anyOf.find((s) => s.type === 'integer' || s.type === 'number') ?? schema.anyOf[0]
  return {
    ...numeric,
    ...schema,
    anyOf: undefined,
    type: numeric.type,
    minimum: schema.minimum ?? numeric.minimum,
    maximum: schema.maximum ?? numeric.maximum,
  }
}

function judge(
  name: string,
  raw: unknown,
  schema: PropertySchema,
): { value: unknown; problem?: string } {
  const text = Array.isArray(raw) ? String(raw[raw.length - 1]) : String(raw)
  if (schema.anyOf) {
    const allowed = schema.anyOf.map((s) => s.const)
    return allowed.includes(text)
      ? { value: text }
      : { value: text, problem: `${name}: must be one of ${allowed.join(', ')}` }
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const value = /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(text.trim()) ? Number(text) : NaN
    if (!Number.isFinite(value) || (schema.type === 'integer' && !Number.isInteger(value)))
      return {
        value,
        problem: `${name}: expected ${schema.type === 'integer' ? 'an integer' : 'a number'}`,
      }
    if (schema.minimum !== undefined && value < schema.minimum)
      return { value, problem: `${name}: expected at least ${schema.minimum}` }
    if (schema.maximum !== undefined && value > schema.maximum)
      return { value, problem: `${name}: expected at most ${schema.maximum}` }
    return { value }
  }
  if (schema.minLength !== undefined && text.length < schema.minLength)
    return { value: text, problem: `${name}: expected at least ${schema.minLength} characters` }
  if (schema.maxLength !== undefined && text.length > schema.maxLength)
    return { value: text, problem: `${name}: expected at most ${schema.maxLength} characters` }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(text))
    return { value: text, problem: `${name}: does not match ${schema.pattern}` }
  return { value: text }
}

export function parseRouteQuery<S extends TObject>(
  schema: S,
  query: Record<string, unknown>,
): Static<S> {
  const out: Record<string, unknown> = {}
  const problems: string[] = []
  const required = new Set(schema.required ?? [])
  for (const [name, property] of Object.entries(schema.properties) as [string, PropertySchema][]) {
    const raw = query[name]
    if (raw === undefined) {
      const fallback = property.default ?? plain(property).default
      if (fallback !== undefined) out[name] = fallback
      else if (required.has(name)) problems.push(`${name}: required`)
      continue
    }
    const { value, problem } = judge(name, raw, plain(property))
    if (problem) problems.push(problem)
    out[name] = value
  }
  if (problems.length) throw badRequest('invalid request', problems)
  return out as Static<S>
}
