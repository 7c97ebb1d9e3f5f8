/**
 * TypeBox schemas of the catalog records: the one source of their validation at
 * start, their TypeScript types (types.ts) and their shape in the OpenAPI document.
 */
import { Type as T, type Static, type TLiteral, type TUnion } from '@sinclair/typebox'

export const ANGLES = ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'] as const
export const GEARS = ['up', 'down'] as const
/** A union of string literals that keeps its literal types in `Static`. */
export function oneOf<const V extends readonly string[]>(values: V) {
  return T.Union(values.map((v) => T.Literal(v))) as unknown as TUnion<{
    -readonly [K in keyof V]: TLiteral<V[K]>
  }>
}

export const Slug = T.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' })
export const HexColour = T.String({ pattern: '^#[0-9A-Fa-f]{6}$' })
export const AngleSchema = oneOf(ANGLES)
export const GearSchema = T.Union([T.Literal('up'), T.Literal('down')])
const positive = T.Number({ exclusiveMinimum: 0 })

export const WingtipSchema = oneOf([
  'none',
  'fence',
  'sharklet',
  'winglet',
  'blended',
  'split-scimitar',
  'raked',
] as const)

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
  gear: T.Object({
    mainLegs: T.Integer({ minimum: 2 }),
    mainWheels: T.Integer({ minimum: 2 }),
    noseWheels: T.Integer({ minimum: 1 }),
  }),
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
 * - engines / engineAccent (nacelle lip), wings (default light grey), winglets (default the tail
 *   colour), titles; tail.emblems and marks: shapes on the fin and fuselage (EmblemSchema).
 */
/**
 * An emblem from assets/emblems/emblems.json (a shape the project draws from its subject) placed on
 * the fin or the fuselage. colors fill the shape's layers in order.
 * - on the fin, frame 'free' (default): centred at x along the chord (0 leading edge, 1 trailing
 *   edge) and y up the fin (0 root, 1 tip), size a fraction of the fin height, rotate in degrees;
 *   frame 'fin': the shape's box is the fin itself (leading edge to root chord, root to tip), for
 *   flags, sweeps and stripes that fill it.
 * - on the fuselage: the box x..x+w (fractions of the length from the nose, or of the fin's root
 *   chord from its leading edge when anchor is 'fin', or of the titles' extent from their nose end
 *   when anchor is 'title'), y..y+h (fractions of the height above the
 *   belly), painted on both sides with its front towards the nose.
 */
export const EmblemSchema = T.Object({
  shape: T.String({ minLength: 1 }),
  colors: T.Array(HexColour),
  frame: T.Optional(T.Union([T.Literal('free'), T.Literal('fin')])),
  x: T.Optional(T.Number()),
  y: T.Optional(T.Number()),
  size: T.Optional(T.Number({ exclusiveMinimum: 0 })),
  rotate: T.Optional(T.Number()),
})

/**
 * Letters on the fin (a wordmark), painted on both sides so they read from each, never mirrored:
 * centred at x along the chord (0 leading edge, 1 trailing edge) and y up the fin (0 root, 1 tip);
 * size is the letter height as a fraction of the fin height (squeezed to fit the fin); along
 * 'level' runs them horizontally, 'edge' parallel to the leading edge
 * (reading upwards on the left side, downwards towards the nose on the right).
 */
export const TailTextSchema = T.Object({
  text: T.String({ minLength: 1 }),
  color: HexColour,
  font: T.Optional(T.Union([T.Literal('sans'), T.Literal('serif')])),
  weight: T.Optional(T.Union([T.Literal('regular'), T.Literal('bold')])),
  along: T.Optional(T.Union([T.Literal('level'), T.Literal('edge')])),
  x: T.Optional(T.Number()),
  y: T.Optional(T.Number()),
  size: T.Optional(T.Number({ exclusiveMinimum: 0, maximum: 1 })),
})

export const MarkSchema = T.Object({
  shape: T.String({ minLength: 1 }),
  colors: T.Array(HexColour),
  anchor: T.Optional(T.Union([T.Literal('nose'), T.Literal('fin'), T.Literal('title')])),
  x: T.Number(),
  y: T.Number(),
  w: T.Number({ exclusiveMinimum: 0 }),
  h: T.Number({ exclusiveMinimum: 0 }),
})

/** an emblem (EmblemSchema's vocabulary) on an engine or a winglet, placed along and up the part */
export const PartEmblemSchema = T.Object({
  shape: T.String({ minLength: 1 }),
  colors: T.Array(HexColour, { minItems: 1 }),
  x: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
  y: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
  size: T.Optional(T.Number({ exclusiveMinimum: 0, maximum: 1 })),
})

export const LiveryDesignSchema = T.Object({
  fuselage: HexColour,
  belly: HexColour,
  bellyLine: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
  cheatline: T.Object({
    style: oneOf(['none', 'stripe', 'double', 'window-band', 'swoosh', 'tail-sweep'] as const),
    colors: T.Array(HexColour),
    /** the line's first colour fading through these, from its front end to its rear */
    gradient: T.Optional(T.Array(HexColour, { minItems: 1 })),
  }),
  /**
   * the fuselage colour fading through these colours, along the body (aft: nose to tail) or up it
   * (up: belly to crown), between from and to (fractions of the length or height): the belly,
   * cheatline, tail wrap and titles are painted over it
   */
  fuselageGradient: T.Optional(
    T.Object({
      colors: T.Array(HexColour, { minItems: 1 }),
      direction: T.Optional(oneOf(['aft', 'up'] as const)),
      from: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
      to: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
    }),
  ),
  nose: T.Optional(HexColour),
  tail: T.Object({
    base: HexColour,
    style: oneOf([
      'solid',
      'stripes',
      'disc',
      'chevron',
      'split',
      'band',
      'sweep',
      'star',
      'crescent',
      'triangle',
      'bird',
    ] as const),
    colors: T.Array(HexColour),
    wrap: T.Optional(T.Boolean()),
    emblems: T.Optional(T.Array(EmblemSchema)),
    text: T.Optional(TailTextSchema),
    /**
     * the fin's base fading through these colours: up the fin (root to tip, the default), aft
     * (leading to trailing edge), or sweep (from the root's trailing edge to the tip's leading edge)
     */
    gradient: T.Optional(
      T.Object({
        colors: T.Array(HexColour, { minItems: 1 }),
        direction: T.Optional(oneOf(['up', 'aft', 'sweep'] as const)),
      }),
    ),
  }),
  marks: T.Optional(T.Array(MarkSchema)),
  winglets: T.Optional(HexColour),
  engines: HexColour,
  engineAccent: T.Optional(HexColour),
  /**
   * an emblem on the fan cowl's two sides, its front towards the nose on both: x its centre along
   * the cowl (0 front, 1 rear), size its height over the nacelle diameter (paint/nacelle.ts)
   */
  engineEmblem: T.Optional(PartEmblemSchema),
  /**
   * an emblem on both faces of each winglet or sharklet, its front towards the leading edge: y its
   * centre up the device (0 root, 1 tip), size its height over the device's (paint/winglet.ts)
   */
  wingletEmblem: T.Optional(PartEmblemSchema),
  /** the airline's name on the side of each engine's fan cowl, on both sides; size: letter height over the nacelle diameter */
  engineTitles: T.Optional(
    T.Object({
      text: T.String({ minLength: 1 }),
      color: HexColour,
      font: T.Optional(T.Union([T.Literal('sans'), T.Literal('serif')])),
      weight: T.Optional(T.Union([T.Literal('regular'), T.Literal('bold')])),
      size: T.Optional(T.Number({ exclusiveMinimum: 0, maximum: 0.6 })),
    }),
  ),
  wings: T.Optional(HexColour),
  /**
   * how the livery takes the light (every field optional): paint, the sheen of its paint (gloss,
   * clear-coated, by default); polished, the fuselage colour is bare polished metal rather than
   * paint (where it shows: stripes and titles stay paint); metallic, livery colours laid in
   * metallic paint (gold titles, a silver band), matched by colour on the fuselage and fin
   */
  finish: T.Optional(
    T.Object({
      paint: T.Optional(oneOf(['gloss', 'satin', 'matte'] as const)),
      polished: T.Optional(T.Boolean()),
      metallic: T.Optional(T.Array(HexColour)),
    }),
  ),
  titles: T.Object({
    text: T.String(),
    color: HexColour,
    /** the entry of assets/wordmarks.json that letters these titles (default: a style from the fields here) */
    wordmark: T.Optional(Slug),
    font: T.Optional(T.Union([T.Literal('sans'), T.Literal('serif')])),
    weight: T.Optional(T.Union([T.Literal('regular'), T.Literal('bold')])),
    italic: T.Optional(T.Boolean()),
    /** letter height as a multiple of the default (about a third of the fuselage height) */
    size: T.Optional(T.Number({ exclusiveMinimum: 0, maximum: 2.5 })),
    /** centre of the titles along the fuselage, a fraction of its length (default: forward, after door 1) */
    x: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
    /** centre of the letters, a fraction of the fuselage height above the belly (default: above the windows) */
    y: T.Optional(T.Number({ minimum: 0, maximum: 1 })),
    /** a second line in another script or language, under the first (e.g. Arabic) */
    second: T.Optional(
      T.Object({
        text: T.String(),
        color: T.Optional(HexColour),
        font: T.Optional(T.Union([T.Literal('sans'), T.Literal('serif')])),
        size: T.Optional(T.Number({ exclusiveMinimum: 0 })),
      }),
    ),
  }),
})

export const AirlineSchema = T.Object({
  slug: Slug,
  name: T.String({ minLength: 1 }),
  iata: T.String({ pattern: '^[0-9A-Z]{2}$' }),
  icao: T.String({ pattern: '^[A-Z]{3}$' }),
  country: T.String({ minLength: 1 }),
  countryCode: T.String({ pattern: '^[A-Z]{2}$' }),
  continent: oneOf([
    'Europe',
    'Asia',
    'Africa',
    'North America',
    'South America',
    'Oceania',
  ] as const),
  alliance: T.Union([T.String(), T.Null()]),
  callsign: T.String(),
  fleet: T.Array(Slug),
  livery: LiveryDesignSchema,
  liveryName: T.String(),
  /**
   * the airline whose tail this one flies unchanged: a group airline in its parent's colours
   * (Thai AirAsia in AirAsia's, Iberia Express in Iberia's). Its record may leave out its tail and
   * is given the parent's (shared-tails.ts). Declared, two tails may be alike; undeclared, the
   * catalog's tests hold every two tails apart
   */
  sharesTail: T.Optional(Slug),
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
export type EmblemRecord = Static<typeof EmblemSchema>
export type MarkRecord = Static<typeof MarkSchema>
export type TailTextRecord = Static<typeof TailTextSchema>
