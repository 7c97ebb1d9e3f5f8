/**
 * Selector resolution, used by every route: auto mode (slug, IATA, ICAO, common
 * spellings, then fuzzy) and strict code modes. Case-insensitive throughout.
 */
import fuzzysort from 'fuzzysort'
import { FAMILY_DEFAULTS, airlineSpellings, compact, planeFuzzySpellings, planeSpellings } from './aliases'
import type { Catalog } from './load'
import { dice, prepare, type Prepared } from './similarity'
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

/** below this fuzzy score a guess is a candidate, not a match */
export const MATCH_THRESHOLD = 0.5
const MAX_CANDIDATES = 5
const MIN_CANDIDATE_SCORE = 0.2

interface Entry<T> {
  item: T
  slug: string
  iata: string[]
  icao: string
  spellings: Prepared[]
  label: string
}

class Index<T extends { slug: string }> {
  private bySlug = new Map<string, Entry<T>>()
  private byIata = new Map<string, Entry<T>>()
  private byIcao = new Map<string, Entry<T>>()
  private bySpelling = new Map<string, Entry<T>>()
  private targets: ReturnType<typeof fuzzysort.snapshot<Entry<T>>>

  constructor(
    private entries: Entry<T>[],
    spellings: (item: T) => string[],
    extra: Record<string, string> = {},
  ) {
    for (const e of entries) {
      this.bySlug.set(e.slug, e)
      for (const code of e.iata) this.byIata.set(code.toLowerCase(), e)
      this.byIcao.set(e.icao.toLowerCase(), e)
      for (const s of spellings(e.item)) this.bySpelling.set(s, e)
    }
    for (const [spelling, slug] of Object.entries(extra)) {
      const e = this.bySlug.get(slug)
      if (e && !this.bySpelling.has(spelling)) this.bySpelling.set(spelling, e)
    }
    this.targets = fuzzysort.snapshot(entries, { keys: ['label', 'slug'] })
  }

  resolve(value: string, method: ResolveMethod): Resolution<T> {
    const v = value.trim().toLowerCase()
    if (!v) return { item: null, score: 0, candidates: [] }
    if (method === 'iata') return this.exact(this.byIata.get(v))
    if (method === 'icao') return this.exact(this.byIcao.get(v))
    const exact = this.bySlug.get(v) ?? this.byIata.get(v) ?? this.byIcao.get(v) ?? this.bySpelling.get(compact(v))
    if (exact) return this.exact(exact)
    return this.fuzzy(v)
  }

  private exact(e: Entry<T> | undefined): Resolution<T> {
    return e ? { item: e.item, score: 1, candidates: [{ slug: e.slug, score: 1 }] } : { item: null, score: 0, candidates: [] }
  }

  private fuzzy(v: string): Resolution<T> {
    const scores = new Map<Entry<T>, number>()
    for (const r of fuzzysort.go(v, this.targets, { threshold: MIN_CANDIDATE_SCORE, limit: MAX_CANDIDATES * 2 }))
      scores.set(r.obj, r.score)
    const query = prepare(compact(v))
    for (const e of this.entries) {
      let best = scores.get(e) ?? 0
      for (const s of e.spellings) best = Math.max(best, dice(query.grams, query.size, s.grams, s.size))
      if (best >= MIN_CANDIDATE_SCORE) scores.set(e, best)
    }
    const ranked = [...scores]
      .sort((a, b) => b[1] - a[1] || a[0].slug.localeCompare(b[0].slug))
      .slice(0, MAX_CANDIDATES)
      .map(([e, score]) => ({ e, score: Math.round(Math.min(score, 0.99) * 1000) / 1000 }))
    const best = ranked[0]
    return {
      item: best && best.score >= MATCH_THRESHOLD ? best.e.item : null,
      score: best?.score ?? 0,
      candidates: ranked.map(({ e, score }) => ({ slug: e.slug, score })),
    }
  }
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
      spellings: planeFuzzySpellings(p).map(prepare),
      label: p.name,
    })),
    planeSpellings,
    FAMILY_DEFAULTS,
  )
  const airlines = new Index<Airline>(
    catalog.airlines.map((a) => ({
      item: a,
      slug: a.slug,
      iata: [a.iata],
      icao: a.icao,
      spellings: airlineSpellings(a).map(prepare),
      label: a.name,
    })),
    airlineSpellings,
  )
  return {
    plane: (value, method = 'raw') => planes.resolve(value, method),
    airline: (value, method = 'raw') => airlines.resolve(value, method),
  }
}
