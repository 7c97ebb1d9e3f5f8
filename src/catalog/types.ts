/**
 * The catalog's record types, derived from the TypeBox schemas in schema.ts so the
 * JSON in assets/, its validation and the OpenAPI document cannot drift apart.
 * See schema.ts for the meaning of each field of LiveryDesign.
 */
import type { Static } from '@sinclair/typebox'
import type {
  AirlineSchema,
  EmblemSchema,
  LiveryDesignSchema,
  MarkSchema,
  PlaneSchema,
  SpecialLiverySchema,
  TailTextSchema,
  WingtipSchema,
} from './schema'

export { ANGLES, GEARS } from './schema'
export type Angle = typeof import('./schema').ANGLES[number]
export type Gear = typeof import('./schema').GEARS[number]
export type WingtipDevice = Static<typeof WingtipSchema>
export type UpperDeck = Plane['upperDeck']
export type Hex = string

export type Plane = Static<typeof PlaneSchema>
export type LiveryDesign = Static<typeof LiveryDesignSchema>
export type Airline = Static<typeof AirlineSchema>
/** A special livery on one (plane, airline) pair, possibly without every angle or gear. */
export type SpecialLivery = Static<typeof SpecialLiverySchema>
export type Emblem = Static<typeof EmblemSchema>
export type Mark = Static<typeof MarkSchema>
export type TailText = Static<typeof TailTextSchema>
