import { describe, expect, test } from 'bun:test'
import { captureLogs } from '../../../src/log'
import { KEYS, makeApp } from '../../support/app'

const { request } = await makeApp()
const planes = '/v1/catalog/planes'

describe('API keys on keyed routes', () => {
  test('accepts a key in x-api-key', async () => {
    expect((await request(planes, { headers: { 'x-api-key': KEYS[0] } })).status).toBe(200)
  })
  test('accepts a key as Authorization: Bearer', async () => {
    expect(
      (await request(planes, { headers: { authorization: `Bearer ${KEYS[0]}` } })).status,
    ).toBe(200)
  })
  test('accepts a key in the api-key query parameter', async () => {
    expect((await request(`${planes}?api-key=${KEYS[0]}`)).status).toBe(200)
  })
  test('accepts every configured key', async () => {
    for (const key of KEYS)
      expect((await request(planes, { headers: { 'x-api-key': key } })).status).toBe(200)
  })
  test('answers 401 with WWW-Authenticate when no key is sent', async () => {
    const res = await request(planes)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe('Bearer')
    expect(await res.json()).toEqual({ error: 'unauthorized' })
  })
  test('answers 401 for a wrong key on every transport', async () => {
    expect((await request(planes, { headers: { 'x-api-key': 'wrong-key-123' } })).status).toBe(401)
    expect(
      (await request(planes, { headers: { authorization: 'Bearer wrong-key-123' } })).status,
    ).toBe(401)
    expect((await request(`${planes}?api-key=wrong-key-123`)).status).toBe(401)
  })
  test('answers 401 for a key that is a prefix of a valid one', async () => {
    expect((await request(planes, { headers: { 'x-api-key': KEYS[0].slice(0, -1) } })).status).toBe(
      401,
    )
  })
  test('answers 401 for an Authorization header that is not Bearer', async () => {
    expect((await request(planes, { headers: { authorization: `Basic ${KEYS[0]}` } })).status).toBe(
      401,
    )
  })
  test('lets the first transport present decide: a wrong x-api-key is not rescued by a valid Bearer', async () => {
    const res = await request(`${planes}?api-key=${KEYS[0]}`, {
      headers: { 'x-api-key': 'wrong-key-123', authorization: `Bearer ${KEYS[0]}` },
    })
    expect(res.status).toBe(401)
  })
  test('lets a valid x-api-key win over a wrong Bearer and a wrong query key', async () => {
    const res = await request(`${planes}?api-key=nope`, {
      headers: { 'x-api-key': KEYS[1], authorization: 'Bearer nope' },
    })
    expect(res.status).toBe(200)
  })
  test('lets Bearer win over the query parameter', async () => {
    const res = await request(`${planes}?api-key=nope`, {
      headers: { authorization: `Bearer ${KEYS[0]}` },
    })
    expect(res.status).toBe(200)
  })
  test('answers 401 everywhere when no key is configured', async () => {
    const { request: noKeys } = await makeApp({ API_KEYS: '' })
    expect((await noKeys(planes, { headers: { 'x-api-key': KEYS[0] } })).status).toBe(401)
  })
  test('never writes a key to the log', async () => {
    const logs = captureLogs()
    try {
      await request(`${planes}?api-key=${KEYS[1]}&limit=1`)
      await request(planes, { headers: { 'x-api-key': KEYS[0] } })
      await request(`${planes}?api-key=secret-wrong-key`)
      await Bun.sleep(20) // request lines are written after the response
    } finally {
      logs.restore()
    }
    expect(logs.lines.length).toBeGreaterThan(0)
    const all = logs.lines.join('\n')
    for (const secret of [...KEYS, 'secret-wrong-key']) expect(all).not.toContain(secret)
    expect(all).toContain('api-key=[redacted]')
  })
})

describe('public routes', () => {
  test('health answers 200 with and without a key, and with a wrong one', async () => {
    expect((await request('/v1/health')).status).toBe(200)
    expect((await request('/v1/health', { headers: { 'x-api-key': KEYS[0] } })).status).toBe(200)
    expect((await request('/v1/health', { headers: { 'x-api-key': 'bad-key-000' } })).status).toBe(
      200,
    )
  })
})
