/**
 * Which livery types exist for a (plane, airline) pair, with their angles and gears:
 * `blank` always and everywhere, `base` exactly when the airline operates the model,
 * special liveries where the catalog defines them (possibly on fewer angles/gears).
 */
import type { Catalog } from './load'
import {
  ANGLES,
  GEARS,
  type Airline,
  type Angle,
  type Gear,
  type LiveryDesign,
  type Plane,
} from './types'

export interface LiveryAvailability {
  liveryType: string
  name: string
  angles: Angle[]
  gears: Gear[]
  /** null for blank */
  design: LiveryDesign | null
}

export const BLANK: LiveryAvailability = {
  liveryType: 'blank',
  name: 'Blank (unpainted)',
  angles: [...ANGLES],
  gears: [...GEARS],
  design: null,
}

export function liveriesFor(
  catalog: Catalog,
  plane: Plane,
  airline: Airline | null,
): LiveryAvailability[] {
  if (!airline) return [BLANK]
  const list: LiveryAvailability[] = []
  if (catalog.operates(airline, plane))
    list.push({
      liveryType: 'base',
      name: airline.liveryName,
      angles: [...ANGLES],
      gears: [...GEARS],
      design: airline.livery,
    })
  for (const s of catalog.specialsFor(plane, airline))
    list.push({
      liveryType: s.liveryType,
      name: s.name,
      angles: [...s.angles],
      gears: [...s.gears],
      design: s.design,
    })
  list.push(BLANK)
  return list
}

export const planeRef = (p: Plane) => ({ slug: p.slug, name: p.name, iata: p.iata, icao: p.icao })
export const airlineRef = (a: Airline) => ({
  slug: a.slug,
  name: a.name,
  iata: a.iata,
  icao: a.icao,
})
