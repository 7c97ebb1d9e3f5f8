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
  reason: t.Optional(t.String({ description: 'why the status is degraded' })),
  version: t.String(),
  manifestVersion: t.String(),
  uptimeSeconds: t.Number(),
  renderer: t.Union([t.Literal('warming'), t.Literal('ready')]),
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

const text = (description: string, examples?: string[]) => t.Optional(t.String({ description, ...(examples ? { examples } : {}) }))

/**
 * The image route's query, as documentation: every field is a free string because
 * bad values are the pipeline's to judge (400 in JSON mode, a fallback in image mode).
 */
export const ImageQuery = t.Object(
  {
    plane: text('Aircraft: slug, IATA or ICAO code, or a fuzzy name', ['airbus-a350-900', 'A320', 'boing 787-9']),
    plane_iata: text('Strict IATA type code (wins over plane)'),
    plane_icao: text('Strict ICAO type code (wins over plane_iata and plane)'),
    airline: text('Airline: slug, IATA or ICAO code, or a fuzzy name', ['lufthansa', 'AF']),
    airline_iata: text('Strict IATA airline code'),
    airline_icao: text('Strict ICAO airline code'),
    liveryType: text('base (default), blank, or a special livery slug such as retro'),
    format: text('image (default) or json'),
    filetype: text('png (default), jpg (alias jpeg), webp'),
    angle: text('0 45 90 135 180 225 270 315 345 top; 347 means 345; default 90'),
    gear: text('down (default) or up; false, 0, without, retracted also mean up'),
    pitch: text('degrees -45..45, or none, up, down, up45, down45'),
    background: text('hex colour, 3/4/6/8 digits, # optional (url-encode as %23)'),
    backgroundGradient: text('linear:<deg>:<colour>-<offset>,<colour>-<offset>[,...]'),
    marginPercent: text('0..45, default 8, percent of the canvas width on each side'),
    zoomLevel: text('0.5..3, default 1'),
    zoomType: text('contain (default) or fill'),
    align: text('bottom, center or top (alias verticalAlign)'),
    verticalAlign: text('alias of align'),
    scale: text('none, fleet or absolute'),
    referencePlane: text('plane slug for scale=fleet; default the largest model'),
    resolution: text('thumb 512, card 1024, hd 2048, ultra 4096'),
    width: text('256..4096 pixels; not with resolution'),
    'api-key': text('API key in the query (discouraged; prefer the x-api-key header)'),
  },
  { additionalProperties: true },
)
