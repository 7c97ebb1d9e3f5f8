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
 * A documented string: `enum`, `minimum`/`maximum` and `pattern`-free hints are
 * OpenAPI documentation only (TypeBox does not check them on a string). `default` is
 * given only where Elysia's injection of it into the query is harmless: a present
 * compose parameter (pitch, width, zoomLevel...) would trigger composition.
 */
const documented = (description: string, doc: { enum?: string[]; minimum?: number; maximum?: number; default?: string }) =>
  t.Optional(t.String({ description, ...doc }))

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
    liveryType: documented('base (the airline\'s livery), blank, or a special livery slug such as retro', { default: 'base' }),
    format: documented('image, or json for the description of the image', { enum: ['image', 'json'], default: 'image' }),
    filetype: documented('file type (jpeg means jpg); a composed image is always png', { enum: ['png', 'jpg', 'webp'], default: 'png' }),
    angle: documented('camera position from the nose towards the right side; 347 means 345', {
      enum: ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'],
      default: '90',
    }),
    gear: documented('landing gear; false, 0, without, retracted also mean up', { enum: ['down', 'up'], default: 'down' }),
    pitch: documented('nose up (positive) or down, degrees; aliases none, up, down, up45, down45; default 0', { minimum: -45, maximum: 45 }),
    background: text('hex colour, 3/4/6/8 digits, # optional (url-encode as %23)'),
    backgroundGradient: text('linear:<deg>:<colour>-<offset>,<colour>-<offset>[,...]'),
    marginPercent: documented('margin on each side, percent of the canvas width', { minimum: 0, maximum: 45, default: '8' }),
    zoomLevel: documented('zoom factor; default 1', { minimum: 0.5, maximum: 3 }),
    zoomType: documented('contain fits the whole aircraft, fill covers the canvas; default contain', { enum: ['contain', 'fill'] }),
    align: documented('vertical alignment; bottom puts every angle on one ground line; default center', { enum: ['bottom', 'center', 'top'] }),
    verticalAlign: text('alias of align'),
    scale: documented('none frames each model alone; fleet draws every model on one metres-per-pixel scale; absolute gives every model the same width; default none', {
      enum: ['none', 'fleet', 'absolute'],
    }),
    referencePlane: text('plane slug for scale=fleet; default the largest model'),
    resolution: documented('preset width: thumb 512, card 1024, hd 2048, ultra 4096; not with width', { enum: ['thumb', 'card', 'hd', 'ultra'] }),
    width: documented('pixels; the height is width x 9/16; not with resolution; default 1280', { minimum: 256, maximum: 4096 }),
    'api-key': text('API key in the query (discouraged; prefer the x-api-key header)'),
  },
  { additionalProperties: true },
)
