/**
 * The catalog's record shapes. `assets/planes.json`, `assets/airlines.json`,
 * `assets/special-liveries.json` and `assets/shapes.json` hold these as JSON;
 * `load.ts` validates them at start.
 */

export const ANGLES = ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'] as const
export type Angle = (typeof ANGLES)[number]
export const GEARS = ['up', 'down'] as const
export type Gear = (typeof GEARS)[number]

export type WingtipDevice =
  | 'none' // plain tip
  | 'fence' // small vertical fence above and below the tip (A320ceo, A380)
  | 'sharklet' // tall blended upward winglet (A320 family, A330neo)
  | 'winglet' // canted upward winglet (A330ceo, A340, 747-400)
  | 'blended' // large curved blended winglet (737NG, 757, 767, A350 curved)
  | 'split-scimitar' // up-and-down split winglet (737 MAX "AT")
  | 'raked' // swept-back raked tip, no winglet (777-300ER, 787, 747-8)

export type UpperDeck = 'none' | 'hump' | 'full'

export interface Plane {
  slug: string // <manufacturer>-<model>-<variant>
  name: string
  manufacturer: 'Airbus' | 'Boeing'
  family: string // A220, A320, A330, A340, A350, A380, 737, 747, 757, 767, 777, 787
  iata: string
  iataAlt: string[] // other IATA codes in use (accepted when resolving)
  icao: string
  lengthM: number
  wingspanM: number
  heightM: number
  fuselageWidthM: number
  fuselageHeightM: number
  engines: { count: 2 | 4; type: string; fanDiameterM: number; nacelleDiameterM: number }
  wing: { sweepDeg: number; tip: WingtipDevice }
  decks: 1 | 2
  upperDeck: UpperDeck
  gear: { mainLegs: number; mainWheels: number; noseWheels: number }
  firstFlight: string // ISO date (YYYY-MM-DD or YYYY-MM)
  typicalSeats: { min: number; max: number } // typical 2-/3-class range
  rangeKm?: number
}

/** A hex colour, `#rrggbb`. */
export type Hex = string

/**
 * A livery as data. The renderer paints it as a function of surface coordinates,
 * so every airline is the same code with different values.
 */
export interface LiveryDesign {
  fuselage: Hex // upper fuselage colour
  belly: Hex // lower fuselage colour (same as fuselage for an all-over colour)
  /** where the belly colour starts, as a fraction of fuselage height from the bottom (0.5 = half) */
  bellyLine?: number
  /** a line or band that runs along the fuselage */
  cheatline: {
    style: 'none' | 'stripe' | 'double' | 'window-band' | 'swoosh' | 'tail-sweep'
    colors: Hex[] // 1 or 2 colours
  }
  /** nose cone colour (radome); default the fuselage colour */
  nose?: Hex
  tail: {
    base: Hex // fin background colour
    /** a stylised shape on the fin (never a copied logo) */
    style:
      | 'solid'
      | 'stripes' // diagonal stripes across the fin
      | 'disc' // a circle emblem
      | 'chevron'
      | 'split' // fin divided diagonally in two colours
      | 'band' // horizontal band(s) across the fin
      | 'sweep' // curved sweep rising from the fin root
      | 'star'
      | 'crescent'
      | 'triangle'
      | 'bird' // stylised wing/bird shape
    colors: Hex[] // 1 to 3 accent colours, in order of prominence
    /** tail colour continues down onto the rear fuselage */
    wrap?: boolean
  }
  engines: Hex
  /** engine nacelle lip / accent ring colour */
  engineAccent?: Hex
  wings?: Hex // upper wing colour, default light grey
  titles: { text: string; color: Hex; font?: 'sans' | 'serif'; weight?: 'regular' | 'bold'; italic?: boolean }
}

export interface Airline {
  slug: string
  name: string
  iata: string
  icao: string
  country: string
  countryCode: string // ISO 3166-1 alpha-2
  continent: 'Europe' | 'Asia' | 'Africa' | 'North America' | 'South America' | 'Oceania'
  alliance: string | null
  callsign: string
  fleet: string[] // plane slugs: a base livery exists exactly for these
  livery: LiveryDesign
  liveryName: string // e.g. "2018 livery"
}

/** A special livery on one (plane, airline) pair, possibly without every angle or gear. */
export interface SpecialLivery {
  plane: string
  airline: string
  liveryType: string // retro, retro-<year>, event-<name>, alliance names (star-alliance, skyteam, oneworld)
  name: string
  design: LiveryDesign
  angles: Angle[] // angles that exist
  gears: Gear[] // gears that exist
}

