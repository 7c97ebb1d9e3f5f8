import { describe, expect, test } from 'bun:test'
import planes from '../../assets/planes.json'
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
const problemsOf = (raw: { planes?: unknown; airlines?: unknown; specials?: unknown }) => {
  try {
    buildCatalog({ planes, airlines: [airline()], specials: [], ...raw })
    return []
  } catch (e) {
    expect(e).toBeInstanceOf(CatalogError)
    return (e as CatalogError).problems
  }
}

describe('catalog validation', () => {
  test('accepts a consistent catalog', () => {
    const catalog = buildCatalog({ planes, airlines: [airline()], specials: [special()] })
    expect(catalog.planes.length).toBe(31)
    expect(catalog.largestPlane().slug).toBe('airbus-a380-800')
  })
  test('rejects a duplicate plane slug', () => {
    expect(problemsOf({ planes: [...planes, planes[0]] }).join()).toContain('used twice')
  })
  test('rejects a duplicate airline code', () => {
    const problems = problemsOf({ airlines: [airline(), airline({ slug: 'other-air', icao: 'OTH' })] })
    expect(problems.join()).toContain('"TA" is used twice')
  })
  test('rejects a record with a missing required field', () => {
    const { name: _, ...nameless } = airline()
    expect(problemsOf({ airlines: [nameless] }).join()).toContain('/name')
  })
  test('rejects a malformed colour and a bad slug', () => {
    const problems = problemsOf({ airlines: [airline({ slug: 'Test Air', livery: { ...design, engines: 'navy' } })] })
    expect(problems.some((p) => p.includes('/slug'))).toBe(true)
    expect(problems.some((p) => p.includes('/livery/engines'))).toBe(true)
  })
  test('rejects a fleet naming an unknown plane', () => {
    expect(problemsOf({ airlines: [airline({ fleet: ['boeing-797'] })] }).join()).toContain('unknown plane "boeing-797"')
  })
  test('rejects a special livery on a model the airline does not operate', () => {
    expect(problemsOf({ specials: [special({ plane: 'airbus-a380-800' })] }).join()).toContain('does not operate')
  })
  test('rejects reserved livery types as special liveries', () => {
    expect(problemsOf({ specials: [special({ liveryType: 'base' })] }).join()).toContain('reserved')
  })
  test('collects every problem, not only the first', () => {
    const problems = problemsOf({ airlines: [airline({ fleet: ['x-1'] }), airline({ slug: 'b-air', icao: 'BBB' })] })
    expect(problems.length).toBeGreaterThanOrEqual(2)
  })
  test('rejects a catalog that is not an array', () => {
    expect(problemsOf({ planes: {} }).join()).toContain('expected an array')
  })
})
