import { describe, expect, test } from 'bun:test'
import { makeApp, withKey } from '../../support/app'

const { json } = await makeApp()

describe('GET /v1/resolve', () => {
  test('resolves a plane with a typo in raw mode', async () => {
    const { status, body } = await json(
      '/v1/resolve?kind=plane&method=raw&value=boing%20787-9',
      withKey(),
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({
      kind: 'plane',
      method: 'raw',
      value: 'boing 787-9',
      matched: true,
    })
    expect(body.item.slug).toBe('boeing-787-9')
    expect(body.candidates.length).toBeGreaterThan(0)
  })
  test('resolves an airline by strict ICAO', async () => {
    const { body } = await json('/v1/resolve?kind=airline&method=icao&value=KLM', withKey())
    expect(body.matched).toBe(true)
    expect(body.item).toEqual({ slug: 'klm', name: expect.any(String), iata: 'KL', icao: 'KLM' })
  })
  test('reports no match with item null and candidates present', async () => {
    const { body } = await json('/v1/resolve?kind=plane&method=iata&value=XYZ', withKey())
    expect(body.matched).toBe(false)
    expect(body.item).toBeNull()
    expect(body.candidates).toEqual([])
  })
  test.each([
    ['kind=ship&value=x'],
    ['kind=plane'],
    ['kind=plane&value='],
    ['kind=plane&method=fuzzy&value=a320'],
    ['value=a320'],
    ['kind=plane&value=a320'],
  ])('answers 400 for %s', async (query) => {
    const { status, body } = await json(`/v1/resolve?${query}`, withKey())
    expect(status).toBe(400)
    expect(body.error).toBe('invalid request')
  })
  test('answers 401 without a key', async () => {
    expect((await json('/v1/resolve?kind=plane&value=a320')).status).toBe(401)
  })
})
