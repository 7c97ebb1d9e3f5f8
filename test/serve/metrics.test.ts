import { describe, expect, test } from 'bun:test'
import { captureLogs, flushLogs } from '../../src/log'
import { makeApp, withKey } from '../support/app'
import { parsePrometheusText } from '../support/prom-text'
import { faultyStore } from '../store/faulty'

const COMPOSITION = '/v1/images/plane?plane=a330&pitch=5&zoomLevel=1.1&resolution=thumb'

describe('GET /metrics on the operations port', () => {
  test('is not served on the public port, whatever the spelling', async () => {
    const { request } = await makeApp()
    for (const path of [
      '/metrics',
      '/metrics/',
      '/metrics/?x',
      '/METRICS',
      '//metrics',
      '/metrics;x',
      '/v1/../metrics',
    ])
      expect((await request(path)).status).toBe(404)
  })

  test('is a Prometheus exposition whose counters move with requests', async () => {
    // a generous store timeout: on a loaded machine a slow write would count as a fault
    const { request, ops } = await makeApp({ STORE_TIMEOUT_MS: '60000' })
    const scrape = async () => {
      const res = await ops('/metrics')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/plain')
      return parsePrometheusText(await res.text())
    }
    const before = await scrape()
    expect(before.types.get('aircraft_images_http_requests_total')).toBe('counter')
    expect(before.types.get('aircraft_images_http_request_duration_seconds')).toBe('histogram')
    const prerendered = before.sum('aircraft_images_http_request_duration_seconds_count', {
      route: '/v1/images/plane',
      image_class: 'pre-rendered',
    })

    expect((await request('/v1/images/plane?plane=a320&angle=90')).status).toBe(200)
    expect((await request(COMPOSITION, withKey())).headers.get('x-cache')).toBe('composed')
    expect((await request(`${COMPOSITION}&other=1`, withKey())).headers.get('x-cache')).toBe(
      'memory',
    )
    expect((await request('/v1/catalog/planes')).status).toBe(401)
    expect((await request('/no/such/path/12345')).status).toBe(404)

    const after = await scrape()
    expect(
      after.sum('aircraft_images_http_requests_total', {
        route: '/v1/images/plane',
        status: '200',
      }),
    ).toBe(
      before.sum('aircraft_images_http_requests_total', {
        route: '/v1/images/plane',
        status: '200',
      }) + 3,
    )
    expect(
      after.value('aircraft_images_http_requests_total', {
        route: '/v1/catalog/planes',
        status: '401',
      }),
    ).toBe(1)
    // unknown paths share one label, whatever clients send
    expect(
      after.value('aircraft_images_http_requests_total', { route: 'other', status: '404' }),
    ).toBe(1)
    expect(
      after.sum('aircraft_images_http_request_duration_seconds_count', {
        route: '/v1/images/plane',
        image_class: 'pre-rendered',
      }),
    ).toBe(prerendered + 1)
    expect(
      after.value('aircraft_images_http_request_duration_seconds_count', {
        route: '/v1/images/plane',
        image_class: 'new-composition',
      }),
    ).toBe(1)
    expect(
      after.value('aircraft_images_http_request_duration_seconds_count', {
        route: '/v1/images/plane',
        image_class: 'cached-composition',
      }),
    ).toBe(1)
    expect(
      after.value('aircraft_images_image_cache_total', { result: 'miss', tier: 'composed' }),
    ).toBe(1)
    expect(
      after.value('aircraft_images_image_cache_total', { result: 'hit', tier: 'memory' }),
    ).toBe(1)
    expect(after.value('aircraft_images_drawings_in_flight')).toBe(0)
    expect(after.value('aircraft_images_drawings_queued')).toBe(0)
    expect(after.samples.filter((s) => s.name === 'aircraft_images_store_faults')).toEqual([])
    expect(after.value('aircraft_images_store_ok', { kind: 'local' })).toBe(1)
    expect(after.value('aircraft_images_renderer_ready')).toBe(0) // nothing warmed this app
    expect(
      after.samples.find((s) => s.name === 'aircraft_images_manifest_info')?.labels.version,
    ).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(after.value('aircraft_images_process_resident_memory_bytes')).toBeGreaterThan(10_000_000)
    expect(after.value('aircraft_images_memory_limit_bytes')).toBeGreaterThan(100_000_000)
    expect(after.value('aircraft_images_memory_shedding')).toBe(0)
    // drawing's stages: the composition's queue wait and its whole drawing; the pre-rendered view's render and encode
    for (const stage of ['queue', 'compose', 'render', 'encode'])
      expect([
        stage,
        (after.value('aircraft_images_drawing_stage_seconds_count', { stage }) ?? 0) > 0,
      ]).toEqual([stage, true])
    expect(
      after.sum('aircraft_images_http_response_bytes_count', { route: '/v1/images/plane' }),
    ).toBeGreaterThan(0)
    expect(after.types.get('aircraft_images_event_loop_lag_seconds')).toBe('histogram')
    // one prefix for every name, and none of the runtime defaults that mean nothing under Bun
    expect([...after.types.keys()].filter((name) => !name.startsWith('aircraft_images_'))).toEqual(
      [],
    )
  })

  test('reports a failing store by kind of call', async () => {
    const { ops, parts } = await makeApp()
    const original = parts.store.condition
    parts.store.condition = () => ({
      ok: false,
      reasons: ['write: timed out (ETIMEDOUT)', 'read: disk full (ENOSPC)'],
    })
    const m = parsePrometheusText(await (await ops('/metrics')).text())
    parts.store.condition = original
    expect(m.value('aircraft_images_store_ok', { kind: 'local' })).toBe(0)
    expect(m.value('aircraft_images_store_faults', { op: 'write', reason: 'timeout' })).toBe(1)
    expect(m.value('aircraft_images_store_faults', { op: 'read', reason: 'error' })).toBe(1)
  })
})

describe('request ids', () => {
  test('every response carries one, and its log lines do too', async () => {
    const { request } = await makeApp()
    flushLogs()
    const logs = captureLogs()
    try {
      const a = await request('/v1/health')
      const b = await request('/v1/health')
      const idA = a.headers.get('x-request-id')!
      expect(idA).toMatch(/^[0-9a-f-]{36}$/)
      expect(b.headers.get('x-request-id')).not.toBe(idA)
      const line = logs.lines
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'request' && l.requestId === idA)
      expect(line?.path).toBe('/v1/health')
    } finally {
      logs.restore()
    }
  })

  test('keeps a sane id sent by the client or proxy, replaces an unsafe one', async () => {
    const { request } = await makeApp()
    const kept = await request('/v1/health', { headers: { 'x-request-id': 'edge-7f3a:42' } })
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a:42')
    for (const bad of ['a b', 'x'.repeat(200), 'id"},{"level":"error', ''])
      expect(
        (await request('/v1/health', { headers: { 'x-request-id': bad } })).headers.get(
          'x-request-id',
        ),
      ).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('lines logged inside a request carry its id', async () => {
    const { store, state } = faultyStore()
    // long enough that no call times out while the app is built (the guard logs a kind of fault once per interval)
    const { request } = await makeApp({ STORE_TIMEOUT_MS: '1000' }, { store })
    state.frozen = true // the store read inside the request times out, and the guard logs it
    flushLogs()
    const logs = captureLogs()
    try {
      const res = await request('/v1/images/plane?plane=b787-9&angle=45', {
        headers: { 'x-request-id': 'trace-inside-1' },
      })
      expect(res.headers.get('x-request-id')).toBe('trace-inside-1')
      const lines = logs.lines.map((l) => JSON.parse(l))
      const fault = lines.find((l) => /store .* failed/.test(l.msg))
      expect(fault?.requestId).toBe('trace-inside-1')
      expect(lines.find((l) => l.msg === 'request')?.requestId).toBe('trace-inside-1')
    } finally {
      logs.restore()
    }
  })
})
