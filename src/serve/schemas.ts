/**
 * Response and query schemas of the JSON routes, in Elysia's TypeBox (`t`): they
 * validate queries, type handlers and make the OpenAPI document. The image route's
 * query is defined in the parsing world (params/image-schema.ts).
 */
import type { TObject, TSchema } from '@sinclair/typebox'
import { t } from 'elysia'
import { PlaneSchema } from '../catalog/schema'
import { ANGLES, GEARS } from '../catalog/types'
import { OUTPUT_FILETYPES } from '../params/image-options'
import { ImageQuerySchema, type ParamSchema } from '../params/image-schema'
import { describedField, paramsOf } from '../params/option-meta'

export const ErrorBody = t.Object({ error: t.String(), details: t.Optional(t.Array(t.String())) })
export const CandidateSchema = t.Object({
  slug: t.String(),
  score: t.Number({ minimum: 0, maximum: 1 }),
})
export const NotFoundBody = t.Object({
  error: t.String(),
  requested: t.Optional(t.String()),
  candidates: t.Optional(t.Array(CandidateSchema)),
})

export const PlaneRef = t.Object({
  slug: t.String(),
  name: t.String(),
  iata: t.String(),
  icao: t.String(),
})
export const AirlineRef = PlaneRef

export const PlaneItem = t.Object({
  slug: t.String(),
  name: t.String(),
  manufacturer: t.String(),
  family: t.String(),
  iata: t.String(),
  icao: t.String(),
  lengthM: t.Number(),
  wingspanM: t.Number(),
})
export const AirlineItem = t.Object({
  slug: t.String(),
  name: t.String(),
  iata: t.String(),
  icao: t.String(),
  country: t.String(),
})

export const Paging = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 200, default: 50 })),
  offset: t.Optional(t.Integer({ minimum: 0, default: 0 })),
})

export const page = <S extends Parameters<typeof t.Array>[0]>(item: S) =>
  t.Object({ total: t.Integer(), limit: t.Integer(), offset: t.Integer(), items: t.Array(item) })

export const LiveryEntry = t.Object({
  liveryType: t.String(),
  name: t.String(),
  angles: t.Array(t.String()),
  gears: t.Array(t.String()),
})

export const PlaneInfo = t.Composite([
  PlaneSchema,
  t.Object({
    operators: t.Array(
      t.String({ description: 'slugs of airlines with a base livery for this model' }),
    ),
  }),
])

export const AirlineInfo = t.Object({
  slug: t.String(),
  name: t.String(),
  iata: t.String(),
  icao: t.String(),
  callsign: t.String(),
  country: t.String(),
  countryCode: t.String(),
  continent: t.String(),
  alliance: t.Union([t.String(), t.Null()]),
  fleet: t.Array(t.String()),
  liveries: t.Array(t.Object({ plane: t.String(), liveryType: t.String(), name: t.String() })),
})

/** public: whether the service is well, without locations, errors or internals (those are on the operations port) */
export const HealthBody = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')]),
  version: t.String(),
  manifestVersion: t.String(),
  uptimeSeconds: t.Number(),
})

/** the operations port's health: the public body and what an operator needs to act on it */
export const OperationsHealthBody = t.Object({
  ...HealthBody.properties,
  reason: t.Optional(t.String({ description: 'why the status is degraded' })),
  renderer: t.Union([t.Literal('warming'), t.Literal('ready')]),
  store: t.Object({ kind: t.String(), location: t.String(), ok: t.Boolean() }),
  memory: t.Object({
    limitBytes: t.Number(),
    limitSource: t.String(),
    residentBytes: t.Number(),
    shedding: t.Boolean(),
  }),
})

export const ResolveBody = t.Object({
  kind: t.String(),
  method: t.String(),
  value: t.String(),
  matched: t.Boolean(),
  item: t.Union([PlaneRef, t.Null()]),
  candidates: t.Array(CandidateSchema),
})

/** an OpenAPI schema object from a TypeBox schema: its JSON, without TypeBox's symbol-keyed marks */
export const jsonSchema = (schema: TSchema): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema))

/**
 * OpenAPI query parameters from a TypeBox object, for a route whose query is documented by
 * the schema but judged by its parser (no validation at the door, so no `query` hook)
 */
export function queryParameters(schema: TObject) {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties).map(([name, property]) => {
    const json = jsonSchema(property)
    return {
      name,
      in: 'query' as const,
      required: required.has(name),
      description: json.description as string,
      schema: json,
    }
  })
}

const nullable = <S extends TSchema>(schema: S) => t.Union([schema, t.Null()])

/** the schema of a described option's field: its parameter's type and values */
function describedFieldSchema(s: ParamSchema, description?: string): TSchema {
  const extra = description ? { description } : {}
  if (s.enum) return t.String({ enum: [...s.enum], ...extra })
  if (s.type === 'integer') return t.Integer(extra)
  return s.type === 'number' ? t.Number(extra) : t.String(extra)
}

/** the options part of the description, from the fields the query schema reports them in (x-describe) */
export function describedOptionsSchema(
  schema: TObject = ImageQuerySchema,
): Record<string, TObject> {
  const groups: Record<string, Record<string, TSchema>> = {}
  for (const [, s] of paramsOf(schema)) {
    const d = describedField(s)
    if (!d) continue
    const [group, field] = d.field.split('.')
    ;(groups[group] ??= {})[field] = describedFieldSchema(s, d.description)
  }
  return Object.fromEntries(
    Object.entries(groups).map(([group, fields]) => [group, t.Object(fields)]),
  )
}

/** the body of GET /v1/images/plane?format=json (pipeline/request/describe.ts) */
export const ImageDescription = t.Object({
  plane: PlaneRef,
  airline: nullable(AirlineRef),
  liveryType: t.String({ description: 'the livery type asked for' }),
  appliedLiveryType: t.String({ description: 'the livery type drawn' }),
  angle: t.String({ enum: [...ANGLES] }),
  gear: t.String({ enum: [...GEARS] }),
  filetype: t.String({
    enum: [...OUTPUT_FILETYPES],
    description:
      'the type that would be sent: auto negotiated from the Accept header; png when composed and asked as png, jpg or webp',
  }),
  quality: nullable(
    t.Integer({
      minimum: 1,
      maximum: 100,
      description:
        "the quality it would be encoded at (the type's default unless asked); null for png",
    }),
  ),
  ...describedOptionsSchema(),
  compose: t.Object({
    runs: t.Boolean(),
    reason: nullable(t.String()),
    overflow: nullable(
      t.String({
        enum: ['none', 'margin', 'canvas'],
        description:
          'where the drawn aircraft reaches: inside the margin box, into the margin (a fleet model longer than the reference), or past the canvas; null when nothing is composed',
      }),
    ),
  }),
  assetKey: t.String(),
  manifestVersion: t.String(),
  fallbackReason: nullable(t.String()),
  imageSource: t.String({
    enum: ['store-livery', 'store-base', 'store-blank', 'store-default', 'watermark-overlay'],
  }),
})
