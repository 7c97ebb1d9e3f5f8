/**
 * Builds the in-memory catalog from the JSON records and validates it once at
 * start: schema, unique slugs, codes and names, and cross-references (fleets,
 * special liveries, the emblems each livery places). Every problem is collected so
 * a broken catalog is fixed in one pass, not one error at a time.
 */
import { Value } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'
import { airlineSpellings } from './aliases'
import { AirlineSchema, PlaneSchema, SpecialLiverySchema } from './schema'
import { withSharedTails } from './shared-tails'
import type { Airline, Plane, SpecialLivery } from './types'
import { checkPlacements, checkVocabulary } from './vocabulary'
import { checkWordmarks } from './wordmarks-schema'

export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid catalog:\n- ${problems.join('\n- ')}`)
  }
}

export interface Catalog {
  planes: readonly Plane[]
  airlines: readonly Airline[]
  specials: readonly SpecialLivery[]
  plane(slug: string): Plane | undefined
  airline(slug: string): Airline | undefined
  /** the base livery exists exactly when the airline operates the model */
  operates(airline: Airline, plane: Plane): boolean
  specialsFor(plane: Plane, airline: Airline): SpecialLivery[]
  /** the model with the greatest wingspan: the default fleet-scale reference */
  largestPlane(): Plane
}

const RESERVED_LIVERY_TYPES = new Set(['base', 'blank'])

function checkRecords<R>(
  label: string,
  schema: TSchema,
  records: unknown,
  key: (r: R) => string,
  problems: string[],
): R[] {
  if (!Array.isArray(records)) {
    problems.push(`${label}: expected an array`)
    return []
  }
  records.forEach((record, i) => {
    for (const e of Value.Errors(schema, record))
      problems.push(
        `${label}[${i}]${record?.slug ? ` (${record.slug})` : ''}: ${e.path || '/'} ${e.message}`,
      )
  })
  return records
    .filter((r) => Value.Check(schema, r))
    .map((r) => r as R)
    .filter((r) => key(r) !== undefined)
}

function checkUnique<R>(
  label: string,
  records: R[],
  fields: ((r: R) => string[])[],
  problems: string[],
): void {
  for (const field of fields) {
    const seen = new Map<string, number>()
    records.forEach((r, i) => {
      for (const value of field(r)) {
        const v = value.toLowerCase()
        if (seen.has(v))
          problems.push(`${label}: "${value}" is used twice (entries ${seen.get(v)} and ${i})`)
        else seen.set(v, i)
      }
    })
  }
}

/**
 * a name typed exactly (slug, name, callsign, IATA, ICAO; compact) must name one airline: resolution
 * looks them up in one map, where the second would hide the first
 */
function checkSpellings(airlines: Airline[], problems: string[]): void {
  const owner = new Map<string, string>()
  for (const a of airlines)
    for (const s of new Set([...airlineSpellings(a), a.iata.toLowerCase(), a.icao.toLowerCase()])) {
      const other = owner.get(s)
      if (other && other !== a.slug)
        problems.push(`airlines (${a.slug}): "${s}" also names ${other}`)
      else owner.set(s, a.slug)
    }
}

/** emblems: the vocabulary (assets/emblems/emblems.json); without it, placements go unchecked */
export function buildCatalog(raw: {
  planes: unknown
  airlines: unknown
  specials: unknown
  emblems?: unknown
  /** assets/wordmarks.json; without it, titles' wordmark references go unchecked */
  wordmarks?: unknown
}): Catalog {
  const problems: string[] = []
  const planes = checkRecords<Plane>('planes', PlaneSchema, raw.planes, (p) => p.slug, problems)
  const airlines = checkRecords<Airline>(
    'airlines',
    AirlineSchema,
    withSharedTails(raw.airlines),
    (a) => a.slug,
    problems,
  )
  const specials = checkRecords<SpecialLivery>(
    'special liveries',
    SpecialLiverySchema,
    raw.specials,
    (s) => s.plane,
    problems,
  )

  checkUnique(
    'planes',
    planes,
    [(p) => [p.slug], (p) => [p.icao], (p) => [p.iata, ...p.iataAlt]],
    problems,
  )
  checkUnique('airlines', airlines, [(a) => [a.slug], (a) => [a.iata], (a) => [a.icao]], problems)
  checkSpellings(airlines, problems)
  for (const p of planes)
    if (p.typicalSeats.min > p.typicalSeats.max)
      problems.push(`planes (${p.slug}): typicalSeats min above max`)

  const planeBySlug = new Map(planes.map((p) => [p.slug, p]))
  const airlineBySlug = new Map(airlines.map((a) => [a.slug, a]))
  for (const a of airlines) {
    for (const slug of a.fleet)
      if (!planeBySlug.has(slug))
        problems.push(`airlines (${a.slug}): fleet names unknown plane "${slug}"`)
    // the base livery exists per model flown: no model, no livery
    if (a.fleet.length === 0) problems.push(`airlines (${a.slug}): the fleet is empty`)
    for (const slug of new Set(a.fleet.filter((s, i) => a.fleet.indexOf(s) !== i)))
      problems.push(`airlines (${a.slug}): fleet names "${slug}" twice`)
    const parent = a.sharesTail === undefined ? null : airlineBySlug.get(a.sharesTail)
    if (parent === undefined || parent === a)
      problems.push(`airlines (${a.slug}): sharesTail names no other airline ("${a.sharesTail}")`)
    // the parent flies its own tail: sister airlines then all name the one parent
    else if (parent?.sharesTail !== undefined)
      problems.push(
        `airlines (${a.slug}): sharesTail names "${a.sharesTail}", which flies another's tail`,
      )
  }
  if (raw.emblems !== undefined) {
    const names = checkVocabulary(raw.emblems, problems)
    for (const a of airlines) checkPlacements(`airlines (${a.slug})`, a.livery, names, problems)
    for (const s of specials)
      checkPlacements(`special liveries (${s.airline}/${s.liveryType})`, s.design, names, problems)
  }
  if (raw.wordmarks !== undefined) problems.push(...checkWordmarks(raw.wordmarks, airlines))
  const seenSpecial = new Set<string>()
  for (const s of specials) {
    const airline = airlineBySlug.get(s.airline)
    if (!planeBySlug.has(s.plane)) problems.push(`special liveries: unknown plane "${s.plane}"`)
    if (!airline) problems.push(`special liveries: unknown airline "${s.airline}"`)
    else if (!airline.fleet.includes(s.plane))
      problems.push(`special liveries: ${s.airline} does not operate ${s.plane} (${s.liveryType})`)
    if (RESERVED_LIVERY_TYPES.has(s.liveryType))
      problems.push(`special liveries: "${s.liveryType}" is reserved`)
    const id = `${s.plane}/${s.airline}/${s.liveryType}`
    if (seenSpecial.has(id)) problems.push(`special liveries: ${id} is defined twice`)
    seenSpecial.add(id)
  }
  if (planes.length === 0) problems.push('planes: the catalog has no plane')
  if (problems.length) throw new CatalogError(problems)

  const largest = planes.reduce((a, b) => (b.wingspanM > a.wingspanM ? b : a))
  return {
    planes,
    airlines,
    specials,
    plane: (slug) => planeBySlug.get(slug),
    airline: (slug) => airlineBySlug.get(slug),
    operates: (airline, plane) => airline.fleet.includes(plane.slug),
    specialsFor: (plane, airline) =>
      specials.filter((s) => s.plane === plane.slug && s.airline === airline.slug),
    largestPlane: () => largest,
  }
}
