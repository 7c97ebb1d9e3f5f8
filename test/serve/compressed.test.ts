import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { chooseEncoding, compressedAsset } from '../../src/serve/compressed'

describe('chooseEncoding', () => {
  test('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chooseEncoding('gzip;q=0.8, br;q=0')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip')
  })
  test('falls back to the plain body when nothing usable is accepted', () => {
    expect(chooseEncoding(null)).toBe('identity')
    expect(chooseEncoding('')).toBe('identity')
    expect(chooseEncoding('deflate, identity')).toBe('identity')
    expect(chooseEncoding('gzip;q=0')).toBe('identity')
  })
})

describe('compressedAsset', () => {
  test('loads once and compresses once per encoding, however many requests', async () => {
    let loads = 0
    const asset = compressedAsset(
      () => (loads++, new TextEncoder().encode('hello '.repeat(500))),
      'text/plain',
      'no-cache',
    )
    const ask = () =>
      asset.respond(new Request('http://x/', { headers: { 'accept-encoding': 'gzip' } }))
    const [a, b] = await Promise.all([ask(), ask()])
    expect(a.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await b.arrayBuffer())).toString()).toBe('hello '.repeat(500))
    await a.arrayBuffer()
    const br = await asset.respond(
      new Request('http://x/', { headers: { 'accept-encoding': 'br' } }),
    )
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(
      (await asset.respond(new Request('http://x/'))).headers.get('content-encoding'),
    ).toBeNull()
    expect(loads).toBe(1)
  })
})
