import { describe, expect, test } from 'bun:test'
import { captureLogs } from '../../src/log'
import { MAX_LOGGED_QUERY, redactQuery } from '../../src/serve/request-log'
import { KEYS, makeApp } from '../support/app'

const { request } = await makeApp()

async function logged(path: string, init: RequestInit = {}) {
  const capture = captureLogs()
  try {
    const res = await request(path, init)
    await res.arrayBuffer()
    return {
      res,
      lines: capture.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request'),
    }
  } finally {
    capture.restore()
  }
}

describe('request log', () => {
  test('records the status actually sent: a JSON-mode 400 from the image route is logged as 400', async () => {
    const { res, lines } = await logged('/v1/images/plane?plane=a320&angle=12&format=json')
    expect(res.status).toBe(400)
    expect(lines).toHaveLength(1)
    expect(lines[0].status).toBe(400)
    expect(lines[0].path).toBe('/v1/images/plane')
  })

  test('records memo hits, 404s and the duration', async () => {
    await request('/v1/images/plane?plane=a320&angle=90')
    const hit = await logged('/v1/images/plane?plane=a320&angle=90')
    expect(hit.lines[0].status).toBe(200)
    expect(typeof hit.lines[0].ms).toBe('number')
    const missing = await logged('/nowhere')
    expect(missing.lines[0].status).toBe(404)
  })

  test('cuts a junk query to a bounded length', async () => {
    const junk = 'x'.repeat(8000)
    const { lines } = await logged(`/v1/images/plane?plane=a320&junk=${junk}&format=json`)
    expect(lines[0].query.length).toBeLessThan(MAX_LOGGED_QUERY + 16)
    expect(JSON.stringify(lines[0]).length).toBeLessThan(1000)
  })

  test.each([
    'api-key',
    'API-KEY',
    'api%2Dkey',
    'api%2dkey',
    '%61pi-key',
    '%61%70%69%2D%6B%65%79',
    'Api-Key',
    'api-key%20',
  ])('never logs a key passed as %s', async (name) => {
    const { lines } = await logged(`/v1/images/plane?plane=a320&format=json&${name}=${KEYS[0]}`)
    expect(JSON.stringify(lines)).not.toContain(KEYS[0])
  })

  test('redacts keys before cutting, so a cut never leaves part of a key', () => {
    const query = `${'a=b&'.repeat(126)}api-key=${'k'.repeat(40)}`
    expect(redactQuery(query)).not.toContain('kkkk')
  })
})
