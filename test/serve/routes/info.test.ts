import { describe, expect, test } from 'bun:test'
import { catalog, makeApp, withKey } from '../../support/app'

const { json } = await makeApp()

describe('GET /v1/info/planes/:slug', () => {
  test('gives the real length and the full record', async () => {
    const { status, body } = await json('/v1/info/planes/airbus-a380-800', withKey())
    expect(status).toBe(200)
    expect(body.lengthM).toBe(72.72)
    for (const field of [
      'wingspanM',
      'heightM',
      'engines',
      'manufacturer',
      'family',
      'firstFlight',
      'typicalSeats',
    ])
      expect(body[field]).toBeDefined()
    expect(body.operators).toEqual(
      catalog.airlines.filter((a) => a.fleet.includes('airbus-a380-800')).map((a) => a.slug),
    )
  })
  test('answers 404 with candidates for an unknown slug', async () => {
    const { status, body } = await json('/v1/info/planes/boeing-787-99', withKey())
    expect(status).toBe(404)
    expect(body.candidates[0].slug).toMatch(/^boeing-787/)
  })
  test('answers 401 without a key', async () => {
    expect((await json('/v1/info/planes/airbus-a380-800')).status).toBe(401)
  })
})

describe('GET /v1/info/airlines/:slug', () => {
  test('gives codes, country, fleet and liveries', async () => {
    const { status, body } = await json('/v1/info/airlines/lufthansa', withKey())
    expect(status).toBe(200)
    expect(body.iata).toBe('LH')
    expect(body.icao).toBe('DLH')
    expect(body.country).toBe('Germany')
    expect(body.fleet.length).toBeGreaterThan(0)
    expect(
      body.liveries.filter((l: { liveryType: string }) => l.liveryType === 'base'),
    ).toHaveLength(body.fleet.length)
  })
  test('answers 404 for an unknown airline', async () => {
    expect((await json('/v1/info/airlines/nowhere-air', withKey())).status).toBe(404)
  })
})
