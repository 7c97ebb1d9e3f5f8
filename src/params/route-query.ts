/**
 * A keyed route's query, judged by its schema here rather than left to the framework: the
 * compiled binary answered `limit=1000` with 200 and `"limit":"1000"`, so a route never trusts
 * that its query was converted or checked on the way in. The same schema documents the route.
 */
import type { Static, TObject } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { badRequest } from '../errors'

export function parseRouteQuery<S extends TObject>(schema: S, query: Record<string, unknown>): Static<S> {
  // only the schema's own parameters, as sent (strings), then defaults and numbers
  const own: Record<string, unknown> = {}
  for (const name of Object.keys(schema.properties)) if (query[name] !== undefined) own[name] = query[name]
  const value = Value.Convert(schema, Value.Default(schema, own))
  const problems = [...Value.Errors(schema, value)].map((e) => `${e.path.replace(/^\//, '') || 'request'}: ${e.message}`)
  if (problems.length) throw badRequest('invalid request', problems)
  return value as Static<S>
}
