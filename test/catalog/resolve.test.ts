import { describe, expect, test } from 'bun:test'
import { MATCH_THRESHOLD, createResolver } from '../../src/catalog/resolve'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { MUST_MATCH, MUST_NOT_MATCH } from './resolve-table'

const catalog = loadEmbeddedCatalog()

const resolver = createResolver(catalog)
const plane = (v: string, m?: 'raw' | 'iata' | 'icao') => resolver.plane(v, m)
const airline = (v: string, m?: 'raw' | 'iata' | 'icao') => resolver.airline(v, m)

describe('plane resolution', () => {
  test('resolves an exact slug with score 1', () => {
    const r = plane('boeing-787-9')
    expect(r.item?.slug).toBe('boeing-787-9')
    expect(r.score).toBe(1)
  })
  test('resolves IATA and ICAO codes case-insensitively', () => {
    expect(plane('388').item?.slug).toBe('airbus-a380-800')
    expect(plane('b77w').item?.slug).toBe('boeing-777-300er')
    expect(plane('A20N').item?.slug).toBe('airbus-a320-neo')
  })
  test('accepts both forms of a type code that has two in use', () => {
    expect(plane('21N').item?.slug).toBe('airbus-a321-neo')
    expect(plane('32Q').item?.slug).toBe('airbus-a321-neo')
    expect(plane('78J', 'iata').item?.slug).toBe('boeing-787-10')
    expect(plane('73H', 'iata').item?.slug).toBe('boeing-737-800')
  })
  test.each([
    ['A320', 'airbus-a320-200'],
    ['a320neo', 'airbus-a320-neo'],
    ['737-800', 'boeing-737-800'],
    ['777', 'boeing-777-300er'],
    ['Boeing 787-9', 'boeing-787-9'],
    ['Airbus A350-1000', 'airbus-a350-1000'],
    ['747-8', 'boeing-747-8i'],
    ['737 MAX 8', 'boeing-737-max-8'],
  ])('resolves the common spelling %s', (input, slug) => {
    expect(plane(input).item?.slug).toBe(slug)
  })
  test.each([
    ['Airbsu A380', 'airbus-a380-800'],
    ['boing 787-9', 'boeing-787-9'],
    ['Airbus A35O-900', 'airbus-a350-900'],
    ['boeng 777-300ER', 'boeing-777-300er'],
  ])('tolerates the typo %s', (input, slug) => {
    const r = plane(input)
    expect(r.item?.slug).toBe(slug)
    expect(r.score).toBeLessThan(1)
  })
  test('strict IATA mode refuses an ICAO code and a slug', () => {
    expect(plane('B789', 'iata').item).toBeNull()
    expect(plane('boeing-787-9', 'iata').item).toBeNull()
    expect(plane('789', 'iata').item?.slug).toBe('boeing-787-9')
  })
  test('strict ICAO mode refuses an IATA code', () => {
    expect(plane('789', 'icao').item).toBeNull()
    expect(plane('b789', 'icao').item?.slug).toBe('boeing-787-9')
  })
  test('gives no match but at most 5 scored candidates for nonsense', () => {
    const r = plane('concorde supersonic')
    expect(r.item).toBeNull()
    expect(r.candidates.length).toBeLessThanOrEqual(5)
    for (const c of r.candidates) {
      expect(c.score).toBeGreaterThanOrEqual(0)
      expect(c.score).toBeLessThanOrEqual(1)
    }
  })
  test('orders candidates best first', () => {
    const r = plane('boeing 78')
    const scores = r.candidates.map((c) => c.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(r.candidates.length).toBeGreaterThan(1)
  })
  test('gives no match for an empty string', () => {
    expect(plane('  ').item).toBeNull()
  })
})

describe('airline resolution', () => {
  test('resolves slug, IATA, ICAO and name', () => {
    expect(airline('lufthansa').item?.slug).toBe('lufthansa')
    expect(airline('LH').item?.slug).toBe('lufthansa')
    expect(airline('dlh').item?.slug).toBe('lufthansa')
    expect(airline('Air France').item?.slug).toBe('air-france')
  })
  test('tolerates typos in names', () => {
    expect(airline('lufthnasa').item?.slug).toBe('lufthansa')
    expect(airline('Singapor Airlines').item?.slug).toBe('singapore-airlines')
  })
  test('strict modes accept only their code', () => {
    expect(airline('AF', 'iata').item?.slug).toBe('air-france')
    expect(airline('AFR', 'iata').item).toBeNull()
    expect(airline('AFR', 'icao').item?.slug).toBe('air-france')
    expect(airline('air-france', 'icao').item).toBeNull()
  })
  test('gives no match for an unknown airline', () => {
    expect(airline('zzqx').item).toBeNull()
  })
  // pairs whose names share their words: each name, as written, is its own airline
  test.each([
    ['Air China', 'China Airlines'],
    ['Air India', 'Air India Express'],
    ['AirAsia', 'AirAsia X'],
    ['Air Canada', 'Air Canada Rouge'],
    ['Jet2.com', 'JetBlue'],
    ['Air Astana', 'FlyArystan'],
    ['Air Cambodia', 'Cambodia Airways'],
    ['AirJapan', 'Japan Airlines'],
    ['West Air', 'WestJet'],
    ['Eastern Airlines', 'China Eastern Airlines'],
    ['Myanmar National Airlines', 'Myanmar Airways International'],
    ['Atlantic Airways', 'euroAtlantic Airways'],
  ])('%s and %s each resolve to themselves', (a, b) => {
    const [x, y] = [airline(a), airline(b)]
    expect(x.item?.name).toBe(a)
    expect(y.item?.name).toBe(b)
  })
  test('every airline of the catalog resolves to itself by its name, slug and codes', () => {
    const wrong = catalog.airlines.flatMap((a) =>
      [a.name, a.slug, a.iata, a.icao]
        .filter((v) => airline(v).item?.slug !== a.slug)
        .map((v) => `${v} -> ${airline(v).item?.slug ?? 'nothing'}, not ${a.slug}`),
    )
    expect(wrong).toEqual([])
  })
  test('a callsign resolves typed whole, but lends no word to fuzzy matching', () => {
    // Discover Airlines is OCEAN on the radio; Ocean Air is another airline
    expect(airline('ocean').item?.slug).toBe('discover-airlines')
    expect(airline('Ocean Air').item).toBeNull()
  })
})

describe('fuzzy resolution, calibrated on a table of typos and strangers', () => {
  test('the table holds at least 50 cases each way', () => {
    expect(MUST_MATCH.length).toBeGreaterThanOrEqual(50)
    expect(MUST_NOT_MATCH.length).toBeGreaterThanOrEqual(50)
  })
  test('resolves every real typo and variant to the model or airline meant', () => {
    const wrong = MUST_MATCH.filter((c) => resolver[c.kind](c.value).item?.slug !== c.slug).map(
      (c) =>
        `${c.value} -> ${resolver[c.kind](c.value).item?.slug ?? 'nothing'} (score ${resolver[c.kind](c.value).score}), not ${c.slug}`,
    )
    expect(wrong).toEqual([])
  })
  test('resolves no random word and no airline or aircraft outside the catalog', () => {
    const matched = MUST_NOT_MATCH.flatMap((value) =>
      (['plane', 'airline'] as const).flatMap((kind) => {
        const r = resolver[kind](value)
        return r.item ? [`${kind} ${value} -> ${r.item.slug} (score ${r.score})`] : []
      }),
    )
    expect(matched).toEqual([])
  })
  test('the threshold sits in a gap between the two sides of the table', () => {
    const lowestMatch = Math.min(...MUST_MATCH.map((c) => resolver[c.kind](c.value).score))
    const highestStranger = Math.max(
      ...MUST_NOT_MATCH.flatMap((v) => [plane(v).score, airline(v).score]),
    )
    expect(lowestMatch).toBeGreaterThanOrEqual(MATCH_THRESHOLD)
    expect(highestStranger).toBeLessThan(MATCH_THRESHOLD)
    expect(lowestMatch - highestStranger).toBeGreaterThan(0.03)
  })
  test('does not match nosuchairline, but still offers candidates below the bar', () => {
    const r = airline('nosuchairline')
    expect(r.item).toBeNull()
    for (const c of r.candidates) expect(c.score).toBeLessThan(MATCH_THRESHOLD)
  })
  test('does not take a model a digit away for the one asked (a 737-600 is not a 737-700)', () => {
    const r = plane('Boeing 737-600')
    expect(r.item).toBeNull()
    expect(r.candidates.map((c) => c.slug)).toContain('boeing-737-700')
  })
  test('gives up when two names are equally close', () => {
    // one slip from the A320neo and from the A321neo alike: which was meant is a guess
    const r = plane('A32X neo')
    expect(r.item).toBeNull()
    expect(
      r.candidates
        .slice(0, 2)
        .map((c) => c.slug)
        .sort(),
    ).toEqual(['airbus-a320-neo', 'airbus-a321-neo'])
    expect(r.candidates[0].score).toBeGreaterThanOrEqual(MATCH_THRESHOLD)
  })
})
