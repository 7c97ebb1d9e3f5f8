/**
 * The livery cascade: which aircraft, livery, angle and gear are actually drawn
 * for a request, and why. Every fallback is a marked branch with its reason.
 */
import { BLANK, liveriesFor, type LiveryAvailability } from '../../catalog/liveries'
import type { Catalog } from '../../catalog/load'
import type { Airline, Angle, Gear, Plane } from '../../catalog/types'

export type FallbackReason =
  | 'airline-not-found'
  | 'livery-unavailable'
  | 'airline-livery-missing'
  | 'blank-missing'
  | 'plane-not-found'
export type LiveryState = 'livery' | 'blank' | 'fallback'
export type ImageSource = 'store-livery' | 'store-base' | 'store-blank' | 'store-default'

export interface CascadeInput {
  plane: Plane | null // null: the plane selector did not resolve
  airlineRequested: boolean
  airline: Airline | null // null with airlineRequested: the airline did not resolve
  liveryType: string
  angle: Angle
  gear: Gear
}

export interface Decision {
  plane: Plane
  airline: Airline | null
  requestedLiveryType: string
  livery: LiveryAvailability
  angle: Angle
  gear: Gear
  state: LiveryState
  fallbackReason: FallbackReason | null
  source: ImageSource
}

const covers = (l: LiveryAvailability, angle: Angle, gear: Gear) =>
  l.angles.includes(angle) && l.gears.includes(gear)

export function decide(catalog: Catalog, defaultPlane: Plane, input: CascadeInput): Decision {
  const { angle, gear, liveryType } = input
  const base = { angle, gear, requestedLiveryType: liveryType }
  const blank = (
    plane: Plane,
    airline: Airline | null,
    fallbackReason: FallbackReason | null,
  ): Decision => ({
    ...base,
    plane,
    airline,
    livery: BLANK,
    state: 'blank',
    fallbackReason,
    source: 'store-blank',
  })

  if (!input.plane)
    return {
      ...blank(defaultPlane, null, 'plane-not-found'),
      state: 'fallback',
      source: 'store-default',
    }
  const plane = input.plane
  if (!input.airlineRequested || liveryType === 'blank') return blank(plane, input.airline, null)
  if (!input.airline) return blank(plane, null, 'airline-not-found')

  const airline = input.airline
  const available = liveriesFor(catalog, plane, airline)
  const requested = available.find((l) => l.liveryType === liveryType && l.liveryType !== 'blank')
  // the livery asked for is served (the airline's base included): store-livery (decisions.md)
  if (requested && covers(requested, angle, gear))
    return {
      ...base,
      plane,
      airline,
      livery: requested,
      state: 'livery',
      fallbackReason: null,
      source: 'store-livery',
    }

  const baseLivery = available.find((l) => l.liveryType === 'base')
  if (baseLivery)
    return {
      ...base,
      plane,
      airline,
      livery: baseLivery,
      state: 'livery',
      fallbackReason: liveryType === 'base' ? null : 'livery-unavailable',
      // store-base says a special livery fell back to the base
      source: liveryType === 'base' ? 'store-livery' : 'store-base',
    }
  return blank(plane, airline, 'airline-livery-missing')
}

/** When the blank of the requested model cannot be produced: the default model's blank. */
export function blankMissing(decision: Decision, defaultPlane: Plane): Decision {
  return {
    ...decision,
    plane: defaultPlane,
    livery: BLANK,
    state: 'fallback',
    fallbackReason: 'blank-missing',
    source: 'store-default',
  }
}
