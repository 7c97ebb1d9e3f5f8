import { describe, expect, test } from 'bun:test'
import { catalog, makeApp, withKey } from '../../support/app'

const { json } = await makeApp()
/** the models of the catalog: a new one changes no count here */
const MODELS = catalog.planes.length

describe('GET /v1/catalog/planes', () => {
  test('lists the first 50 by default, and counts them all', async () => {
    const { status, body } = await json('/v1/catalog/planes', withKey())
    expect(status).toBe(200)
    expect(body.total).toBe(MODELS)
    expect(body.limit).toBe(50)
    expect(body.offset).toBe(0)
    expect(body.items.map((p: { slug: string }) => p.slug)).toEqual(
      catalog.planes.slice(0, 50).map((p) => p.slug),
    )
    expect(Object.keys(body.items[0]).sort()).toEqual(
      ['family', 'iata', 'icao', 'lengthM', 'manufacturer', 'name', 'slug', 'wingspanM'].sort(),
    )
  })
  test('returns them all with limit=200', async () => {
    expect(MODELS).toBeLessThanOrEqual(200)
    expect((await json('/v1/catalog/planes?limit=200', withKey())).body.items).toHaveLength(MODELS)
  })
  test('pages with limit and offset', async () => {
    const { body } = await json(`/v1/catalog/planes?limit=5&offset=${MODELS - 1}`, withKey())
    expect(body.items).toHaveLength(1)
    expect(body.items[0].slug).toBe(catalog.planes[MODELS - 1].slug)
    expect(
      (await json(`/v1/catalog/planes?limit=5&offset=${MODELS - 7}`, withKey())).body.items,
    ).toHaveLength(5)
  })
  test.each(['0', '201', 'abc', '-1'])('rejects limit=%s with 400', async (limit) => {
    const { status, body } = await json(`/v1/catalog/planes?limit=${limit}`, withKey())
    expect(status).toBe(400)
    expect(body.error).toBe('invalid request')
  })
})

describe('GET /v1/catalog/airlines', () => {
  test('lists at least 60 airlines with their codes', async () => {
    const { body } = await json('/v1/catalog/airlines?limit=200', withKey())
    expect(body.total).toBeGreaterThanOrEqual(60)
    expect(Object.keys(body.items[0]).sort()).toEqual(['country', 'iata', 'icao', 'name', 'slug'])
  })
  test('filters to the airlines operating a model, resolved from a loose selector', async () => {
    const { body } = await json('/v1/catalog/airlines?plane=a380&limit=200', withKey())
    const a380 = catalog.plane('airbus-a380-800')!
    const expected = catalog.airlines.filter((a) => a.fleet.includes(a380.slug)).map((a) => a.slug)
    expect(expected.length).toBeGreaterThan(0)
    expect(body.items.map((a: { slug: string }) => a.slug)).toEqual(expected)
  })
  test('answers 404 with candidates for an unknown plane filter', async () => {
    const { status, body } = await json('/v1/catalog/airlines?plane=concorde', withKey())
    expect(status).toBe(404)
    expect(body.error).toBe('plane not found')
    expect(Array.isArray(body.candidates)).toBe(true)
  })
})

describe('GET /v1/catalog/liveries', () => {
  test('lists base and blank for an operated pair', async () => {
    const { status, body } = await json(
      '/v1/catalog/liveries?plane=airbus-a320-200&airline=air-france',
      withKey(),
    )
    expect(status).toBe(200)
    expect(body.plane.slug).toBe('airbus-a320-200')
    expect(body.airline.slug).toBe('air-france')
    const types = body.liveries.map((l: { liveryType: string }) => l.liveryType)
    expect(types).toContain('base')
    expect(types).toContain('blank')
    expect(body.liveries[0].angles).toHaveLength(10)
  })
  test('lists only blank when the airline does not operate the model', async () => {
    const pair = catalog.airlines.find((a) => !a.fleet.includes('airbus-a380-800'))!
    const { body } = await json(`/v1/catalog/liveries?plane=a380&airline=${pair.slug}`, withKey())
    expect(body.liveries.map((l: { liveryType: string }) => l.liveryType)).toEqual(['blank'])
  })
  test('lists a special livery with only its own angles', async () => {
    const special = catalog.specials.find((s) => s.angles.length < 10)!
    expect(special).toBeDefined()
    const { body } = await json(
      `/v1/catalog/liveries?plane=${special.plane}&airline=${special.airline}`,
      withKey(),
    )
    const entry = body.liveries.find(
      (l: { liveryType: string }) => l.liveryType === special.liveryType,
    )
    expect(entry.angles).toEqual(special.angles)
  })
  test('answers 400 when a parameter is missing', async () => {
    expect((await json('/v1/catalog/liveries?plane=a320', withKey())).status).toBe(400)
    expect((await json('/v1/catalog/liveries?airline=klm', withKey())).status).toBe(400)
  })
  test('answers 404 for an unknown airline', async () => {
    const { status, body } = await json('/v1/catalog/liveries?plane=a320&airline=qqqqqq', withKey())
    expect(status).toBe(404)
    expect(body.error).toBe('airline not found')
  })
})

describe('paging', () => {
  test.each([
    'limit=0',
    'limit=-1',
    'limit=201',
    'limit=1000',
    'offset=-3',
    'offset=1.5',
    'limit=ten',
  ])('answers 400 with details for %s, on both listings', async (q) => {
    for (const path of ['/v1/catalog/planes', '/v1/catalog/airlines']) {
      const { status, body } = await json(`${path}?${q}`, withKey())
      expect([path, status]).toEqual([path, 400])
      expect(body.details.length).toBeGreaterThan(0)
    }
  })
  test('returns limit and offset as integers', async () => {
    const { body } = await json('/v1/catalog/airlines?limit=7&offset=3', withKey())
    expect(body.limit).toBe(7)
    expect(body.offset).toBe(3)
    expect(body.items).toHaveLength(7)
  })
})

describe('unknown paths under the keyed prefixes', () => {
  test.each([
    '/v1/info/foo/bar',
    '/v1/catalog/foo',
    '/v1/info/',
    '/v1/info',
    '/v1/catalog',
    '/v1/catalog/',
    '/v1/resolve/x',
    '/v1/sign/x/y',
  ])('%s answers 401 without a key, 404 with one', async (path) => {
    const { request } = await makeApp()
    const anonymous = await request(path)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer')
    expect((await request(path, withKey())).status).toBe(404)
  })
})
