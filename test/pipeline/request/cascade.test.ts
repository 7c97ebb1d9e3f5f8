import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { decide, type CascadeInput } from '../../../src/pipeline/request/cascade'

const catalog = loadEmbeddedCatalog()
const defaultPlane = catalog.plane('airbus-a320-200')!
const a350 = catalog.plane('airbus-a350-900')!
const lufthansa = catalog.airline('lufthansa')!
const input = (over: Partial<CascadeInput>): CascadeInput => ({
  plane: a350,
  airlineRequested: true,
  airline: lufthansa,
  liveryType: 'base',
  angle: '90',
  gear: 'down',
  ...over,
})
const run = (over: Partial<CascadeInput>) => decide(catalog, defaultPlane, input(over))

describe('livery cascade', () => {
  test('serves the base livery of an operated pair without fallback', () => {
    const d = run({})
    expect(d).toMatchObject({ state: 'livery', fallbackReason: null, source: 'store-livery' })
    expect(d.livery.liveryType).toBe('base')
  })
  test('serves blank without an airline', () => {
    const d = run({ airlineRequested: false, airline: null })
    expect(d).toMatchObject({ state: 'blank', fallbackReason: null, source: 'store-blank' })
  })
  test('treats liveryType=blank like no airline', () => {
    expect(run({ liveryType: 'blank' })).toMatchObject({ state: 'blank', fallbackReason: null })
  })
  test('falls back to blank with airline-not-found when the airline does not resolve', () => {
    expect(run({ airline: null })).toMatchObject({
      state: 'blank',
      fallbackReason: 'airline-not-found',
    })
  })
  test('falls back to base with livery-unavailable for an unknown special livery', () => {
    const d = run({ liveryType: 'retro-1920' })
    expect(d).toMatchObject({
      state: 'livery',
      fallbackReason: 'livery-unavailable',
      source: 'store-base',
    })
    expect(d.livery.liveryType).toBe('base')
  })
  test('falls back to blank with airline-livery-missing when the airline does not fly the model', () => {
    const a380 = catalog.plane('airbus-a380-800')!
    const ryanair = catalog.airline('ryanair')!
    expect(ryanair.fleet).not.toContain('airbus-a380-800')
    const d = decide(catalog, defaultPlane, input({ plane: a380, airline: ryanair }))
    expect(d).toMatchObject({
      state: 'blank',
      fallbackReason: 'airline-livery-missing',
      source: 'store-blank',
    })
  })
  test('serves the default image with plane-not-found when the plane does not resolve', () => {
    const d = run({ plane: null })
    expect(d).toMatchObject({
      state: 'fallback',
      fallbackReason: 'plane-not-found',
      source: 'store-default',
    })
    expect(d.plane.slug).toBe('airbus-a320-200')
  })
  const partial = catalog.specials.find((s) => !s.angles.includes('top'))!
  const gearless = catalog.specials.find((s) => !s.gears.includes('up'))!
  const specialInput = (s: typeof partial, over: Partial<CascadeInput>) =>
    input({
      plane: catalog.plane(s.plane)!,
      airline: catalog.airline(s.airline)!,
      liveryType: s.liveryType,
      ...over,
    })
  test('serves a special livery where it exists', () => {
    const d = decide(catalog, defaultPlane, specialInput(partial, { angle: partial.angles[0] }))
    expect(d).toMatchObject({ state: 'livery', fallbackReason: null, source: 'store-livery' })
    expect(d.livery.liveryType).toBe(partial.liveryType)
  })
  test('falls back to base when a special livery lacks the angle', () => {
    const d = decide(catalog, defaultPlane, specialInput(partial, { angle: 'top' }))
    expect(d).toMatchObject({ fallbackReason: 'livery-unavailable', source: 'store-base' })
  })
  test('falls back to base when a special livery lacks the gear', () => {
    const d = decide(
      catalog,
      defaultPlane,
      specialInput(gearless, { angle: gearless.angles[0], gear: 'up' }),
    )
    expect(d).toMatchObject({ fallbackReason: 'livery-unavailable', source: 'store-base' })
  })
})
