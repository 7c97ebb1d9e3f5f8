/**
 * Selector resolution, used by every route: auto mode (slug, IATA, ICAO, common
 * spellings, then fuzzy) and strict code modes. Case-insensitive throughout.
 */
import {
  FAMILY_DEFAULTS,
  airlineCore,
  airlineFuzzySpellings,
  airlineSpellings,
  airlineSwappedSpellings,
  alnum,
  compact,
  planeFuzzySpellings,
  planeKey,
  planeSpellings,
} from './aliases'
import type { Catalog } from './load'
import { nameSimilarity, similarityBound, withFewMissing } from './similarity'
import type { Airline, Plane } from './types'

export type ResolveMethod = 'raw' | 'iata' | 'icao'
export interface Candidate {
  slug: string
  score: number
}
export interface Resolution<T> {
  item: T | null
  score: number
  candidates: Candidate[]
}

/**
 * A guess is a match from this score up (1 - edits / length): one slip in six letters, two in
 * eleven. Calibrated on test/catalog/resolve-table.ts, real typos that must match and random words
 * and other airlines' and planes' names that must not; the table checks the gap on both sides.
 * It was 0.8 (one slip in five) for 69 airlines; past 300 a slip in five letters lands on too many
 * other names ("Wings Air" on Wingo, "Australian" on Austrian, "Lions-Air" on Lion Air).
 */
export const MATCH_THRESHOLD = 0.81
/** a name with its words swapped is still the name, but the name as written wins a tie ("China Air") */
const SWAPPED_WEIGHT = 0.9
const MAX_CANDIDATES = 5
const MIN_CANDIDATE_SCORE = 0.2

interface Entry<T> {
  item: T
  slug: string
  iata: string[]
  icao: string
  /** the forms fuzzy matching compares a query with (see Kind) */
  fuzzy: string[]
  /** the name with its words in another order, compared like fuzzy forms but worth SWAPPED_WEIGHT */
  swapped?: string[]
}

/** what tells one kind of name from another when guessing */
interface Kind {
  /** the forms of a query that are compared with an entry's fuzzy forms */
  forms(query: string): string[]
  /** the part of a name that must agree for two names to be the same (a model number), '' if none */
  identity(text: string): string
  /** whether a close spelling can still be the same name, by their identities */
  sameName(queryIdentity: string, spellingIdentity: string): boolean
}

/** a form to compare, with its identity (computed once: lookups compare every spelling) */
interface Form {
  text: string
  identity: string
  /** what an exact match with this form is worth */
  weight: number
}

class Index<T extends { slug: string }> {
  private bySlug = new Map<string, Entry<T>>()
  private byIata = new Map<string, Entry<T>>()
  private byIcao = new Map<string, Entry<T>>()
  private bySpelling = new Map<string, Entry<T>>()
  private forms = new Map<Entry<T>, Form[]>()

  constructor(
    private entries: Entry<T>[],
    private kind: Kind,
    spellings: (item: T) => string[],
    extra: Record<string, string> = {},
  ) {
    for (const e of entries) {
      this.bySlug.set(e.slug, e)
      for (const code of e.iata) this.byIata.set(code.toLowerCase(), e)
      this.byIcao.set(e.icao.toLowerCase(), e)
      for (const s of spellings(e.item)) this.bySpelling.set(s, e)
      const form = (weight: number) => (text: string) => ({
        text,
        identity: kind.identity(text),
        weight,
      })
      this.forms.set(e, [...e.fuzzy.map(form(1)), ...(e.swapped ?? []).map(form(SWAPPED_WEIGHT))])
    }
    for (const [spelling, slug] of Object.entries(extra)) {
      const e = this.bySlug.get(slug)
      if (e && !this.bySpelling.has(spelling)) this.bySpelling.set(spelling, e)
    }
  }

  resolve(value: string, method: ResolveMethod): Resolution<T> {
    const v = value.trim().toLowerCase()
    if (!v) return { item: null, score: 0, candidates: [] }
    if (method === 'iata') return this.exact(this.byIata.get(v))
    if (method === 'icao') return this.exact(this.byIcao.get(v))
    const exact =
      this.bySlug.get(v) ??
      this.byIata.get(v) ??
      this.byIcao.get(v) ??
      this.bySpelling.get(compact(v))
    if (exact) return this.exact(exact)
    return this.fuzzy(v)
  }

  private exact(e: Entry<T> | undefined): Resolution<T> {
    return e
      ? { item: e.item, score: 1, candidates: [{ slug: e.slug, score: 1 }] }
      : { item: null, score: 0, candidates: [] }
  }

  /** how plausibly the query names this entry, 0..1 */
  private score(query: Form[], e: Entry<T>): number {
    let best = 0
    for (const q of query)
      for (const s of this.forms.get(e)!) {
        // the lengths alone bound the score: no need to count edits that cannot beat the best
        if (similarityBound(q.text.length, s.text.length) * s.weight <= best) continue
        let score = nameSimilarity(q.text, s.text) * s.weight
        // a close spelling that cannot be the same name stays a candidate, below the bar (in the same order)
        if (!this.kind.sameName(q.identity, s.identity)) score *= MATCH_THRESHOLD - 0.05
        best = Math.max(best, score)
      }
    return best
  }

  private fuzzy(v: string): Resolution<T> {
    const forms = this.kind
      .forms(v)
      .map((text) => ({ text, identity: this.kind.identity(text), weight: 1 }))
    const ranked = this.entries
      .map((e) => ({ e, score: Math.round(Math.min(this.score(forms, e), 0.99) * 1000) / 1000 }))
      .filter((r) => r.score >= MIN_CANDIDATE_SCORE)
      .sort((a, b) => b.score - a.score || (a.e.slug < b.e.slug ? -1 : 1))
      .slice(0, MAX_CANDIDATES)
    const [best, second] = ranked
    // two names equally close: neither is plausibly the one meant
    const clear = best && best.score >= MATCH_THRESHOLD && !(second && second.score === best.score)
    return {
      item: clear ? best.e.item : null,
      score: best?.score ?? 0,
      candidates: ranked.map(({ e, score }) => ({ slug: e.slug, score })),
    }
  }
}

/** the digit strings left when one of a doubled pair is dropped */
const withoutOneDouble = (d: string) =>
  [...d].flatMap((c, i) => (c === d[i + 1] ? [d.slice(0, i) + d.slice(i + 1)] : []))

const PLANE: Kind = {
  // with and without the manufacturer ("Aribus A321 neo" keeps its misspelt maker)
  forms: (query) => [...new Set([planeKey(compact(query)), planeKey(alnum(query))])],
  identity: (text) => text.replace(/\D/g, ''),
  // the model number is the name: 737-600 is not a 737-700; a digit left out or struck twice is a slip ("a35-900", "787-99")
  sameName: (q, s) =>
    q === s ||
    withFewMissing(q, s, 1) ||
    (withFewMissing(s, q, 1) && withoutOneDouble(q).includes(s)),
}

const AIRLINE: Kind = {
  // only the distinctive part of what was typed: a shared "...airlines" must not make two names close
  forms: (query) => [airlineCore(compact(query))],
  identity: () => '',
  sameName: () => true,
}

export interface Resolver {
  plane(value: string, method?: ResolveMethod): Resolution<Plane>
  airline(value: string, method?: ResolveMethod): Resolution<Airline>
}

export function createResolver(catalog: Catalog): Resolver {
  const planes = new Index<Plane>(
    catalog.planes.map((p) => ({
      item: p,
      slug: p.slug,
      iata: [p.iata, ...p.iataAlt],
      icao: p.icao,
      fuzzy: planeFuzzySpellings(p),
    })),
    PLANE,
    planeSpellings,
    FAMILY_DEFAULTS,
  )
  const airlines = new Index<Airline>(
    catalog.airlines.map((a) => ({
      item: a,
      slug: a.slug,
      iata: [a.iata],
      icao: a.icao,
      // the core, and the whole name for a slip inside a brand that ends in a common word ("Ryanar")
      fuzzy: airlineFuzzySpellings(a),
      swapped: airlineSwappedSpellings(a),
    })),
    AIRLINE,
    airlineSpellings,
  )
  return {
    plane: (value, method = 'raw') => planes.resolve(value, method),
    airline: (value, method = 'raw') => airlines.resolve(value, method),
  }
}
