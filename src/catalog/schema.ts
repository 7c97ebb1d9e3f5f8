/**
 * TypeBox schemas of the catalog records: the one source of their validation at
 * start, their TypeScript types (types.ts) and their shape in the OpenAPI document.
 */
import { Type as T, type Static, type TLiteral, type TUnion } from '@sinclair/typebox'

export const ANGLES = ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'] as const
export const GEARS = ['up', 'down'] as const
/** A union of string literals that keeps its literal types in `Static`. */
export function oneOf<const V extends readonly string[]>(values: V) {
  return T.Union(values.map((v) => T.Literal(v))) as unknown as TUnion<{ -readonly [K in keyof V]: TLiteral<V[K]> }>
}

export const Slug = T.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })
export const HexColour = T.String({ pattern: '^#[0-9A-Fa-f]{6}$' })
export const AngleSchema = oneOf(ANGLES)
export const GearSchema = T.Union([T.Literal('up'), T.Literal('down')])
const positive = T.Number({ exclusiveMinimum: 0 })

export const WingtipSchema = oneOf(['none', 'fence', 'sharklet', 'winglet', 'blended', 'split-scimitar', 'raked'] as const)

export const PlaneSchema = T.Object({
  slug: Slug,
  name: T.String({ minLength: 1 }),
  manufacturer: T.Union([T.Literal('Airbus'), T.Literal('Boeing')]),
  family: T.String({ minLength: 1 }),
  iata: T.String({ pattern: '^[0-9A-Z]{3}$' }),
  iataAlt: T.Array(T.String({ pattern: '^[0-9A-Z]{3}$' })),
  icao: T.String({ pattern: '^[0-9A-Z]{3,4}$' }),
  lengthM: positive,
  wingspanM: positive,
  heightM: positive,
  fuselageWidthM: positive,
  fuselageHeightM: positive,
  engines: T.Object({
    // 2 or 4, said as bounds: the OpenAPI generator writes a union of numbers as strings
    count: T.Integer({ minimum: 2, maximum: 4, multipleOf: 2 }),
    type: T.String(),
    fanDiameterM: positive,
    nacelleDiameterM: positive,
  }),
  wing: T.Object({ sweepDeg: T.Number({ minimum: 0, maximum: 45 }), tip: WingtipSchema }),
  decks: T.Integer({ minimum: 1, maximum: 2 }), // 1 or 2, as bounds (see engines.count)
  upperDeck: T.Union([T.Literal('none'), T.Literal('hump'), T.Literal('full')]),
  gear: T.Object({ mainLegs: T.Integer({ minimum: 2 }), mainWheels: T.Integer({ minimum: 2 }), noseWheels: T.Integer({ minimum: 1 }) }),
  firstFlight: T.String({ pattern: '^\\d{4}-\\d{2}(-\\d{2})?$' }),
  typicalSeats: T.Object({ min: T.Integer({ minimum: 1 }), max: T.Integer({ minimum: 1 }) }),
  rangeKm: T.Optional(positive),
})

/**
 * A livery as data. The renderer paints it as a function of surface coordinates,
 * so every airline is the same code with different values.
 * - fuselage / belly: upper and lower fuselage colours; bellyLine: where the belly colour
 *   starts, as a fraction of fuselage height from the bottom (0.5 = half).
 * - cheatline: a line or band along the fuselage (1 or 2 colours).
 * - nose: radome colour (default the fuselage colour).
 * - tail: fin background, a stylised shape on it (never a copied logo), accent colours in
 *   order of prominence, and whether the tail colour wraps onto the rear fuselage.
 * - engines / engineAccent (nacelle lip), wings (default light grey), titles.
 */
export const LiveryDesignSchema = T.Object({
  fuselage: HexColour,
  belly: HexColour,
  bellyLine: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
  cheatline: T.Object({
    style: oneOf(['none', 'stripe', 'double', 'window-band', 'swoosh', 'tail-sweep'] as const),
    colors: T.Array(HexColour),
  }),
  nose: T.Optional(HexColour),
  tail: T.Object({
    base: HexColour,
    style: oneOf(['solid', 'stripes', 'disc', 'chevron', 'split', 'band', 'sweep', 'star', 'crescent', 'triangle', 'bird'] as const),
    colors: T.Array(HexColour),
    wrap: T.Optional(T.Boolean()),
  }),
  engines: HexColour,
  engineAccent: T.Optional(HexColour),
  wings: T.Optional(HexColour),
  titles: T.Object({
    text: T.String(),
    color: HexColour,
    font: T.Optional(T.Union([T.Literal('sans'), T.Literal('serif')])),
    weight: T.Optional(T.Union([T.Literal('regular'), T.Literal('bold')])),
    italic: T.Optional(T.Boolean()),
  }),
})

export const AirlineSchema = T.Object({
  slug: Slug,
  name: T.String({ minLength: 1 }),
  iata: T.String({ pattern: '^[0-9A-Z]{2}$' }),
  icao: T.String({ pattern: '^[A-Z]{3}$' }),
  country: T.String({ minLength: 1 }),
  countryCode: T.String({ pattern: '^[A-Z]{2}$' }),
  continent: oneOf(['Europe', 'Asia', 'Africa', 'North America', 'South America', 'Oceania'] as const),
  alliance: T.Union([T.String(), T.Null()]),
  callsign: T.String(),
  fleet: T.Array(Slug),
  livery: LiveryDesignSchema,
  liveryName: T.String(),
})

export const SpecialLiverySchema = T.Object({
  plane: Slug,
  airline: Slug,
  liveryType: Slug,
  name: T.String({ minLength: 1 }),
  design: LiveryDesignSchema,
  angles: T.Array(AngleSchema, { minItems: 1 }),
  gears: T.Array(GearSchema, { minItems: 1 }),
})

export type PlaneRecord = Static<typeof PlaneSchema>
export type AirlineRecord = Static<typeof AirlineSchema>
export type SpecialLiveryRecord = Static<typeof SpecialLiverySchema>
export type LiveryDesignRecord = Static<typeof LiveryDesignSchema>
