import { describe, expect, test } from 'bun:test'
import { HTML_SECURITY_HEADERS } from '../../../src/serve/plugins/security-headers'
import { KEYS, makeApp } from '../../support/app'

const { request } = await makeApp()

describe('security headers', () => {
  test('are sent on every HTML page: the home page and the API reference', async () => {
    for (const path of ['/', '/docs']) {
      const res = await request(path)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    }
  })

  test('allow everything the API reference loads: its scripts are all served by the service itself', async () => {
    const html = await (await request('/docs')).text()
    const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])
    expect(sources.length).toBeGreaterThan(0)
    for (const src of sources) expect(src.startsWith('/')).toBe(true)
    // an inline script with code would need 'unsafe-inline' or a hash; the only inline one holds data
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g))
      expect(m[1].trim()).toBe('')
    expect(html).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(css|js|woff2?)/)
  })

  test('are left off JSON and images', async () => {
    for (const path of ['/v1/health', '/openapi.json', '/v1/images/plane?plane=a320']) {
      const res = await request(path, { headers: { 'x-api-key': KEYS[0] } })
      expect(res.status).toBe(200)
      for (const name of Object.keys(HTML_SECURITY_HEADERS))
        expect(res.headers.get(name)).toBeNull()
    }
  })
})
