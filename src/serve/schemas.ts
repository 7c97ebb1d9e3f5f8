/**
 * Response and query schemas of the JSON routes, in Elysia's TypeBox (`t`): they
 * validate queries, type handlers and make the OpenAPI document.
 */
import { t } from 'elysia'
import { PlaneSchema } from '../catalog/schema'

export const ErrorBody = t.Object({ error: t.String(), details: t.Optional(t.Array(t.String())) })
export const CandidateSchema = t.Object({ slug: t.String(), score: t.Number({ minimum: 0, maximum: 1 }) })
export const NotFoundBody = t.Object({
  error: t.String(),
  requested: t.Optional(t.String()),
  candidates: t.Optional(t.Array(CandidateSchema)),
})

export const PlaneRef = t.Object({ slug: t.String(), name: t.String(), iata: t.String(), icao: t.String() })
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
  t.Object({ operators: t.Array(t.String({ description: 'slugs of airlines with a base livery for this model' })) }),
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

export const HealthBody = t.Object({
  status: t.String(),
  version: t.String(),
  manifestVersion: t.String(),
  uptimeSeconds: t.Number(),
  store: t.Object({ kind: t.String(), location: t.String(), ok: t.Boolean() }),
})

export const ResolveBody = t.Object({
  kind: t.String(),
  method: t.String(),
  value: t.String(),
  matched: t.Boolean(),
  item: t.Union([PlaneRef, t.Null()]),
  candidates: t.Array(CandidateSchema),
})
