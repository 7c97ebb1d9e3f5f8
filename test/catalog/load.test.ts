import { describe, expect, test } from 'bun:test'
import airlinesJson from '../../assets/airlines.json'
import planes from '../../assets/planes.json'
import specialsJson from '../../assets/special-liveries.json'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { CatalogError, buildCatalog } from '../../src/catalog/load'

const design = {
  fuselage: '#FFFFFF',
  belly: '#FFFFFF',
  cheatline: { style: 'none', colors: [] },
  tail: { base: '#05164D', style: 'disc', colors: ['#FFAD00'] },
  engines: '#05164D',
  titles: { text: 'Test Air', color: '#05164D' },
}
const airline = (over: Record<string, unknown> = {}) => ({
  slug: 'test-air',
  name: 'Test Air',
  iata: 'TA',
  icao: 'TST',
  country: 'Testland',
  countryCode: 'TL',
  continent: 'Europe',
  alliance: null,
  callsign: 'TESTER',
  fleet: ['airbus-a320-200'],
  livery: design,
  liveryName: 'house colours',
  ...over,
})
const special = (over: Record<string, unknown> = {}) => ({
  plane: 'airbus-a320-200',
  airline: 'test-air',
  liveryType: 'retro',
  name: 'Retro',
  design,
  angles: ['90'],
  gears: ['down'],
  ...over,
})
const vocabulary = {
  disc: {
    subject: 'a disc',
    layers: [{ d: 'M10 50 A40 40 0 1 0 90 50 A40 40 0 1 0 10 50 Z', c: 0 }],
  },
}
const withEmblem = (shape: string, colors = ['#FFFFFF']) => ({
  ...design,
  tail: { ...design.tail, emblems: [{ shape, colors }] },
})
const problemsOf = (raw: {
  planes?: unknown
  airlines?: unknown
  specials?: unknown
  emblems?: unknown
}) => {
  try {
    buildCatalog({ planes, airlines: [airline()], specials: [], emblems: vocabulary, ...raw })
    return []
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogError)
    return (e as CatalogError).problems
  }
}

describe('catalog validation', () => {
  test('accepts a consistent catalog', () => {
    const catalog = buildCatalog({ planes, airlines: [airline()], specials: [special()] })
    expect(catalog.planes.length).toBe(planes.length)
    expect(catalog.largestPlane().slug).toBe('airbus-a380-800')
  })
  test('rejects a duplicate plane slug', () => {
    expect(problemsOf({ planes: [...planes, planes[0]] }).join()).toContain('used twice')
  })
  test('rejects a duplicate airline code', () => {
    const problems = problemsOf({
      airlines: [airline(), airline({ slug: 'other-air', icao: 'OTH' })],
    })
    expect(problems.join()).toContain('"TA" is used twice')
  })
  test('rejects a record with a missing required field', () => {
    const { name: _, ...nameless } = airline()
    expect(problemsOf({ airlines: [nameless] }).join()).toContain('/name')
  })
  test('rejects a malformed colour and a bad slug', () => {
    const problems = problemsOf({
      airlines: [airline({ slug: 'Test Air', livery: { ...design, engines: 'navy' } })],
    })
    expect(problems.some((p) => p.includes('/slug'))).toBe(true)
    expect(problems.some((p) => p.includes('/livery/engines'))).toBe(true)
  })
  test('rejects a fleet naming an unknown plane', () => {
    expect(problemsOf({ airlines: [airline({ fleet: ['boeing-797'] })] }).join()).toContain(
      'unknown plane "boeing-797"',
    )
  })
  test('rejects a special livery on a model the airline does not operate', () => {
    expect(problemsOf({ specials: [special({ plane: 'airbus-a380-800' })] }).join()).toContain(
      'does not operate',
    )
  })
  test('rejects reserved livery types as special liveries', () => {
    expect(problemsOf({ specials: [special({ liveryType: 'base' })] }).join()).toContain('reserved')
  })
  test('collects every problem, not only the first', () => {
    const problems = problemsOf({
      airlines: [airline({ fleet: ['x-1'] }), airline({ slug: 'b-air', icao: 'BBB' })],
    })
    expect(problems.length).toBeGreaterThanOrEqual(2)
  })
  test('rejects a catalog that is not an array', () => {
    expect(problemsOf({ planes: {} }).join()).toContain('expected an array')
  })
  test('rejects a duplicate ICAO code', () => {
    const problems = problemsOf({
      airlines: [
        airline(),
        airline({
          slug: 'other-air',
          name: 'Other Air',
          callsign: 'OTHER',
          iata: 'OA',
          icao: 'TST',
        }),
      ],
    })
    expect(problems).toContain('airlines: "TST" is used twice (entries 0 and 1)')
  })
  test('rejects two airlines of the same name (resolution would hide one)', () => {
    const problems = problemsOf({
      airlines: [
        airline(),
        airline({
          slug: 'other-air',
          name: 'TEST  AIR',
          callsign: 'OTHER',
          iata: 'OA',
          icao: 'OTH',
        }),
      ],
    })
    expect(problems).toEqual(['airlines (other-air): "testair" also names test-air'])
  })
  test('rejects an empty fleet and a model named twice', () => {
    expect(problemsOf({ airlines: [airline({ fleet: [] })] })).toEqual([
      'airlines (test-air): the fleet is empty',
    ])
    const twice = problemsOf({
      airlines: [airline({ fleet: ['airbus-a320-200', 'boeing-737-800', 'airbus-a320-200'] })],
    })
    expect(twice).toEqual(['airlines (test-air): fleet names "airbus-a320-200" twice'])
  })
  /** a second airline, parent of the group airline test-air */
  const parent = airline({
    slug: 'other-air',
    name: 'Other Air',
    callsign: 'OTHER',
    iata: 'OA',
    icao: 'OTH',
  })
  test("accepts a group airline declared to fly another's tail, and no other reference", () => {
    expect(problemsOf({ airlines: [airline({ sharesTail: 'other-air' }), parent] })).toEqual([])
    expect(problemsOf({ airlines: [airline({ sharesTail: 'no-such-air' })] })).toEqual([
      'airlines (test-air): sharesTail names no other airline ("no-such-air")',
    ])
    expect(problemsOf({ airlines: [airline({ sharesTail: 'test-air' })] })).toEqual([
      'airlines (test-air): sharesTail names no other airline ("test-air")',
    ])
    const chain = [airline({ sharesTail: 'other-air' }), { ...parent, sharesTail: 'test-air' }]
    expect(problemsOf({ airlines: chain })).toEqual([
      'airlines (test-air): sharesTail names "other-air", which flies another\'s tail',
      'airlines (other-air): sharesTail names "test-air", which flies another\'s tail',
    ])
  })
  test("gives a group airline that writes no tail its parent's, and leaves one it cannot find to the schema", () => {
    const tailless = airline({ sharesTail: 'other-air', livery: { ...design, tail: undefined } })
    const catalog = buildCatalog({ planes, airlines: [tailless, parent], specials: [] })
    expect(catalog.airline('test-air')?.livery.tail).toEqual(design.tail as never)
    const orphan = airline({ sharesTail: 'no-such-air', livery: { ...design, tail: undefined } })
    expect(() => buildCatalog({ planes, airlines: [orphan], specials: [] })).toThrow(/tail/)
  })
  test('rejects a special livery for an airline that is not in the catalog', () => {
    expect(problemsOf({ specials: [special({ airline: 'no-such-air' })] })).toEqual([
      'special liveries: unknown airline "no-such-air"',
    ])
  })
})

describe('emblem vocabulary and placements', () => {
  test('accepts an emblem of the vocabulary', () => {
    expect(problemsOf({ airlines: [airline({ livery: withEmblem('disc') })] })).toEqual([])
  })
  test('rejects a livery or a special livery placing an emblem that is not in the vocabulary', () => {
    const problems = problemsOf({
      airlines: [
        airline({
          livery: {
            ...design,
            marks: [{ shape: 'dics', colors: ['#FFFFFF'], x: 0.1, y: 0.1, w: 0.1, h: 0.1 }],
          },
        }),
      ],
      specials: [special({ design: withEmblem('kangaroo') })],
    })
    expect(problems).toEqual([
      'airlines (test-air): mark "dics" is not in assets/emblems/emblems.json',
      'special liveries (test-air/retro): tail emblem "kangaroo" is not in assets/emblems/emblems.json',
    ])
  })
  test('rejects an emblem placed without a colour: it would draw nothing', () => {
    expect(problemsOf({ airlines: [airline({ livery: withEmblem('disc', []) })] })).toEqual([
      'airlines (test-air): tail emblem "disc" has no colour (it would draw nothing)',
    ])
  })
  test.each([
    ['no subject', { layers: vocabulary.disc.layers }, '/subject'],
    ['no layer', { subject: 'a disc', layers: [] }, '/layers'],
    ['a layer without its path', { subject: 'a disc', layers: [{ c: 0 }] }, '/layers/0/d'],
    [
      'a relative path command',
      { subject: 'a disc', layers: [{ d: 'M10 10 l20 20 Z', c: 0 }] },
      '/layers/0/d',
    ],
    [
      'a colour index that is not a whole number',
      { subject: 'a disc', layers: [{ d: 'M10 10 L20 20 Z', c: 0.5 }] },
      '/layers/0/c',
    ],
  ])('rejects a shape with %s', (_, shape, path) => {
    const problems = problemsOf({ emblems: { ...vocabulary, odd: shape } })
    expect(problems.length).toBeGreaterThan(0)
    for (const p of problems) expect(p).toStartWith(`emblems (odd): ${path}`)
  })
  test('rejects a shape name that is not a slug, and a vocabulary that is not an object', () => {
    expect(problemsOf({ emblems: { ...vocabulary, 'Big Disc': vocabulary.disc } })).toEqual([
      'emblems: "Big Disc" is not a slug',
    ])
    expect(problemsOf({ emblems: [] })).toEqual(['emblems: expected an object of shapes by name'])
  })
})

describe('the shipped catalog', () => {
  const catalog = loadEmbeddedCatalog()
  test('loads whole: every record valid, codes and names unique, every emblem placed in the vocabulary', () => {
    expect(catalog.airlines.length).toBe(airlinesJson.length)
    expect(catalog.specials.length).toBe(specialsJson.length)
    expect(new Set(catalog.airlines.map((a) => a.iata)).size).toBe(catalog.airlines.length)
    expect(new Set(catalog.airlines.map((a) => a.icao)).size).toBe(catalog.airlines.length)
  })
  test('holds at least 200 airlines', () => {
    expect(catalog.airlines.length).toBeGreaterThanOrEqual(200)
  })
})
