import { describe, expect, test } from 'bun:test'
import { makeApp } from '../../support/app'

const { request, json, ops, store } = await makeApp()

describe('GET /v1/health', () => {
  test('reports status, version, manifest version and uptime, and nothing of the internals', async () => {
    const { status, body } = await json('/v1/health')
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual([
      'manifestVersion',
      'status',
      'uptimeSeconds',
      'version',
    ])
    expect(body.status).toBe('ok')
    expect(body.manifestVersion).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(typeof body.uptimeSeconds).toBe('number')
    expect(JSON.stringify(body)).not.toContain(store.description)
  })

  test('tells the store, renderer and memory on the operations port only', async () => {
    const body = (await (await ops('/health')).json()) as any
    expect(body.status).toBe('ok')
    expect(body.store).toEqual({ kind: 'local', location: store.description, ok: true })
    expect(body.renderer).toBe('warming') // tests build the service without the background warm-up
    expect(body.memory.limitBytes).toBeGreaterThan(100_000_000)
    expect(body.memory.shedding).toBe(false)
  })
})

describe('GET /', () => {
  test('is an HTML page listing the routes (the playground is tested in test/serve/routes/home.test.ts and test/e2e)', async () => {
    const res = await request('/')
    expect(res.headers.get('content-type')).toContain('text/html')
    const html = await res.text()
    for (const path of ['/v1/images/plane', '/v1/catalog/planes', '/v1/resolve', '/docs'])
      expect(html).toContain(path)
  })
  test('is a JSON route index when JSON is accepted', async () => {
    const { body } = await json('/', { headers: { accept: 'application/json' } })
    expect(body.routes.map((r: { path: string }) => r.path)).toContain('/v1/health')
  })
})

describe('OpenAPI', () => {
  test('publishes an OpenAPI document with every JSON route and its schemas', async () => {
    const { status, body } = await json('/openapi.json')
    expect(status).toBe(200)
    expect(body.openapi).toMatch(/^3\./)
    for (const path of [
      '/v1/health',
      '/v1/catalog/planes',
      '/v1/catalog/airlines',
      '/v1/catalog/liveries',
      '/v1/resolve',
      '/v1/info/planes/{slug}',
    ])
      expect(Object.keys(body.paths)).toContain(path)
    const limit = body.paths['/v1/catalog/planes'].get.parameters.find(
      (p: { name: string }) => p.name === 'limit',
    )
    expect(limit.schema.maximum).toBe(200)
  })
})

describe('unknown routes, methods and CORS', () => {
  test('answers 404 {error:"not found"} for an unknown route', async () => {
    const { status, body } = await json('/v2/nothing')
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'not found' })
  })
  test('answers 405 with Allow for a POST', async () => {
    const res = await request('/v1/health', { method: 'POST' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, OPTIONS')
    expect(await res.json()).toEqual({ error: 'method not allowed' })
  })
  test('answers a preflight with 204 and the CORS headers', async () => {
    const res = await request('/v1/catalog/planes', {
      method: 'OPTIONS',
      headers: { origin: 'https://example.com', 'access-control-request-method': 'GET' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-api-key')
    expect(res.headers.get('access-control-max-age')).toBe('86400')
  })
  test('sends CORS headers on answers and on errors', async () => {
    for (const path of ['/v1/health', '/v1/catalog/planes', '/nope']) {
      const res = await request(path)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
      expect(res.headers.get('access-control-expose-headers')).toContain('x-fallback-reason')
    }
  })
})
