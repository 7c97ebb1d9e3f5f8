/**
 * Reading the per-option keywords of an image query schema (image-schema.ts): the one
 * declaration the parser, the cache key, the JSON description, the response headers and the
 * OpenAPI document derive from. Every function takes the schema, so a test can hand in a copy
 * with an option added and watch it reach each of them.
 */
import type { TObject } from '@sinclair/typebox'
import { ImageQuerySchema, type ParamSchema } from './image-schema'

export type QuerySchema = TObject

/** each parameter with its JSON Schema, in the order the schema declares them */
export const paramsOf = (schema: QuerySchema = ImageQuerySchema): [string, ParamSchema][] =>
  Object.entries(schema.properties).map(([name, s]) => [name, s as unknown as ParamSchema])

/** the value at a dotted path ('compose.pitch'); undefined where the path does not lead */
export function valueAt(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (at, k) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[k] : undefined),
      value,
    )
}

/** sets the value at a dotted path, making the objects on the way */
export function setAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.')
  let at = target
  for (const k of keys.slice(0, -1)) at = (at[k] ??= {}) as Record<string, unknown>
  at[keys[keys.length - 1]] = value
}

/** the field of the JSON description an option is reported in, and what it says, if it is */
export function describedField(s: ParamSchema): { field: string; description?: string } | null {
  const d = s['x-describe']
  return d === undefined ? null : typeof d === 'string' ? { field: d } : d
}
