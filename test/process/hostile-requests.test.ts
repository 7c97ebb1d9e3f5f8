import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rawRequest, statusOf } from '../support/raw-http'
import { startService, type RunningService } from '../support/service-process'

/**
 * Requests no well-behaved client sends, over a real socket to the service as deployed:
 * each is answered or refused, and the process goes on serving.
 */
let service: RunningService
beforeAll(async () => {
  service = await startService({ API_KEYS: 'hostile-test-key-0001' })
}, 90_000)
afterAll(() => service.stop())

const HOSTILE: [string, string][] = [
  ['no Host, HTTP/1.0', 'GET /v1/health HTTP/1.0\r\n\r\n'],
  ['Host with userinfo', 'GET /v1/health HTTP/1.1\r\nHost: a@b\r\nConnection: close\r\n\r\n'],
  [
    'Host with a port out of range',
    'GET /v1/health HTTP/1.1\r\nHost: x:99999\r\nConnection: close\r\n\r\n',
  ],
  [
    'Host with an unclosed IPv6 bracket',
    'GET /v1/health HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
  ],
  ['a two-letter Host', 'GET /v1/health HTTP/1.1\r\nHost: ok\r\nConnection: close\r\n\r\n'],
  ['an image with no Host', 'GET /v1/images/plane?plane=a320&format=json HTTP/1.0\r\n\r\n'],
  [
    'an image with a key in the query and a bad Host',
    'GET /v1/images/plane?plane=a320&format=json&api%2Dkey=hostile-test-key-0001 HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n',
  ],
  [
    'a catalog with a bad Host',
    'GET /v1/catalog/planes HTTP/1.1\r\nHost: a@b\r\nx-api-key: hostile-test-key-0001\r\nConnection: close\r\n\r\n',
  ],
  [
    'an absolute-form target',
    'GET http://evil.example/v1/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
  ],
  [
    'a percent-encoded NUL in the path',
    'GET /v1/%00health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  ],
  [
    'a malformed percent escape in the query',
    'GET /v1/images/plane?plane=%E0%A4%A&format=json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
  ],
  ['a request line with no version', 'GET /v1/health\r\n\r\n'],
  ['garbage', '\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n'],
  [
    'a huge header',
    `GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(70_000)}\r\nConnection: close\r\n\r\n`,
  ],
]

describe('hostile requests over a raw socket', () => {
  test.each(HOSTILE)('survives %s and keeps answering', async (_name, bytes) => {
    const reply = await rawRequest(service.port, bytes, 5000)
    const status = statusOf(reply)
    // answered (any status below 500), or refused by the HTTP parser (no reply, or 505 for a
    // request line without a version), never an internal error
    expect(status === 0 || status < 500 || status === 505).toBe(true)
    const health = await fetch(service.url('/v1/health'))
    expect(health.status).toBe(200)
    expect(service.proc.exitCode).toBeNull()
  })

  test('answers the bad-Host requests above as a browser request would be answered', async () => {
    for (const [, bytes] of HOSTILE.slice(0, 5))
      expect(statusOf(await rawRequest(service.port, bytes))).toBe(200)
  })

  test('never writes a key from a bad-Host request into the log', async () => {
    await rawRequest(service.port, HOSTILE[6][1])
    await Bun.sleep(100)
    expect(service.output()).not.toContain('hostile-test-key-0001')
  })

  test('keeps its worker: the same process answered every request', () => {
    expect(service.output()).not.toContain('worker exited')
    expect(service.workers()).toHaveLength(1)
  })
})
