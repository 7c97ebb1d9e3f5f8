/**
 * Common spellings people type for a model: family names alone pick the variant
 * most people mean by them. Keys are compact (lowercase, no spaces or hyphens,
 * manufacturer removed), as produced by `compact()`.
 */
import type { Airline, Plane } from './types'

export const FAMILY_DEFAULTS: Record<string, string> = {
  a220: 'airbus-a220-300',
  cseries: 'airbus-a220-300',
  a319: 'airbus-a319-100',
  a319ceo: 'airbus-a319-100',
  a320: 'airbus-a320-200',
  a320ceo: 'airbus-a320-200',
  a321: 'airbus-a321-200',
  a321ceo: 'airbus-a321-200',
  a330: 'airbus-a330-300',
  a330neo: 'airbus-a330-900',
  a340: 'airbus-a340-300',
  a350: 'airbus-a350-900',
  a380: 'airbus-a380-800',
  // "Airbus 380": the family number without its letter (the IATA codes 319, 320, 321 agree)
  '220': 'airbus-a220-300',
  '330': 'airbus-a330-300',
  '340': 'airbus-a340-300',
  '350': 'airbus-a350-900',
  '380': 'airbus-a380-800',
  '737': 'boeing-737-800',
  '737ng': 'boeing-737-800',
  '737max': 'boeing-737-max-8',
  '7378': 'boeing-737-max-8',
  '7379': 'boeing-737-max-9',
  max8: 'boeing-737-max-8',
  max9: 'boeing-737-max-9',
  '747': 'boeing-747-400',
  jumbo: 'boeing-747-400',
  '7478': 'boeing-747-8i',
  '757': 'boeing-757-200',
  '767': 'boeing-767-300er',
  '777': 'boeing-777-300er',
  '777x': 'boeing-777-9',
  '787': 'boeing-787-9',
  dreamliner: 'boeing-787-9',
}

// the maker as a word, or Boeing's B written onto a 7x7 model ("B787-9" is a 787-9, as "A320" is Airbus' own name)
const MANUFACTURER_WORDS = /\b(airbus|boeing)\b|\bb(?=7\d7)/g

/** accents dropped ("Aeroméxico" is typed "aeromexico") */
const fold = (input: string) =>
  input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** lowercase, manufacturer words removed, only letters and digits */
export function compact(input: string): string {
  return fold(input)
    .replace(MANUFACTURER_WORDS, '')
    .replace(/[^a-z0-9]/g, '')
}

/** a model name as fuzzy matching compares it: an O typed among digits is a zero ("A35O-900") */
export const planeKey = (text: string) => text.replace(/(?<=\d)o/g, '0')

// Spanish and Portuguese "airlines" and "aviation" too: "Sol Líneas Aéreas" is not "GOL Linhas Aéreas"
const GENERIC_ENDINGS =
  /(airlines|airline|airways|airway|international|intl|lines|air|lineasaereas|linhasaereas|aviation|aviacion)$/

/**
 * An airline name without the words every airline shares at its end ("Airlines", "Air",
 * "International", "Aviation"): what is left tells airlines apart, so only it is compared.
 */
export function airlineCore(compacted: string): string {
  let core = compacted
  for (;;) {
    const next = core.replace(GENERIC_ENDINGS, '')
    if (next === core || next.length < 2) return core
    core = next
  }
}

/** every compact spelling that names this plane exactly */
export function planeSpellings(plane: Plane): string[] {
  const model = plane.slug.replace(/^(airbus|boeing)-/, '')
  const spellings = [compact(plane.slug), compact(plane.name), compact(model)]
  // "a320neo" for "airbus-a320-neo", "787-9" for "boeing-787-9", "a350-1000" for "airbus-a350-1000"
  if (model.endsWith('-neo')) spellings.push(compact(model.replace(/-neo$/, 'neo')))
  return [...new Set(spellings)]
}

export function airlineSpellings(airline: Airline): string[] {
  return [
    ...new Set(
      [compact(airline.slug), compact(airline.name), compact(airline.callsign)].filter(Boolean),
    ),
  ]
}

/**
 * What fuzzy matching compares a query's core with: the slug and the name, whole and as cores.
 * Not the callsign: it is often a plain word ("OCEAN", "PACIFIC", "NAVIGATOR") that another
 * airline's name begins with, so "Ocean Air" would be Discover Airlines; typed exactly it still resolves.
 */
export function airlineFuzzySpellings(airline: Airline): string[] {
  const names = [compact(airline.slug), compact(airline.name)].filter(Boolean)
  return [...new Set(names.flatMap((s) => [s, airlineCore(s)]))]
}

/**
 * The name with "Air" moved to its other end ("Astana Air" for Air Astana, "Air Jeju" for Jeju Air):
 * people swap it, and the swapped name must not fall to a third airline ("Astana" is one letter
 * from Asiana). Compared as a query's core is: compact, without generic endings.
 */
export function airlineSwappedSpellings(airline: Airline): string[] {
  const words = fold(airline.name).split(/\s+/).filter(Boolean)
  if (words.length < 2) return []
  if (words[0] === 'air') return [airlineCore(compact(words.slice(1).join(' ')))]
  if (words.at(-1) === 'air') return [compact(['air', ...words.slice(0, -1)].join(' '))]
  return []
}

export const alnum = (s: string) => fold(s).replace(/[^a-z0-9]/g, '')

/** What fuzzy matching compares against: the exact spellings, the name with its manufacturer, and family names that default to this plane. */
export function planeFuzzySpellings(plane: Plane): string[] {
  const maker = plane.manufacturer.toLowerCase()
  const family = Object.entries(FAMILY_DEFAULTS)
    .filter(([, slug]) => slug === plane.slug)
    .flatMap(([key]) => [key, maker + key])
  return [...new Set([...planeSpellings(plane), alnum(plane.name), ...family])]
}
