/**
 * /docs and /openapi.json: the page and its one script come from the service itself, the
 * script is the pinned vendored RapiDoc, and the document says which routes need a key and what
 * a signed image URL carries. The page drawn in Chromium, offline: docs-browser.test.ts.
 */
import { describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { DOCS_SCRIPT_PATH } from '../../../src/serve/routes/docs'
import { SIGNATURE_PARAMS } from '../../../src/serve/signing'
import { makeApp, withKey } from '../../support/app'

const { request, json } = await makeApp()
const { body: doc } = await json('/openapi.json')
const VENDORED = join(import.meta.dir, '../../../src/serve/vendor/rapidoc-9.3.8.min.js')
const NOTE_END = '// (end of the vendoring note)\n'

describe('/docs', () => {
  test('refers only to what the service serves: its script and the document, by local paths', async () => {
    const html = await (await request('/docs')).text()
    const references = [...html.matchAll(/\s(?:src|href|spec-url)="([^"]*)"/g)].map((m) => m[1])
    expect(references.sort()).toEqual([DOCS_SCRIPT_PATH, '/openapi.json'])
    // no absolute or protocol-relative address anywhere in the page
    expect(html).not.toMatch(/https?:|\/\/[a-z0-9]/i)
    // every script is a file: the CSP allows no inline code
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc="\//)
    // RapiDoc's default fonts are Google's: they stay off
    expect(html).toContain('load-fonts="false"')
  })

  test('serves the vendored script as JavaScript, byte for byte', async () => {
    const res = await request(DOCS_SCRIPT_PATH, { headers: { 'accept-encoding': 'identity' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('text/javascript')
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(VENDORED))).toBe(true)
  })

  test('the vendored script is the release its note names: version in the file name, sha256 of the body', () => {
    const text = readFileSync(VENDORED, 'utf8')
    const [note, body] = [
      text.slice(0, text.indexOf(NOTE_END)),
      text.slice(text.indexOf(NOTE_END) + NOTE_END.length),
    ]
    expect(note).toContain('RapiDoc 9.3.8')
    expect(note).toContain('MIT License')
    expect(body).toContain('RapiDoc 9.3.8 |')
    const stated = /sha256\n\/\/ ([0-9a-f]{64})/.exec(note)?.[1]
    expect(createHash('sha256').update(body).digest('hex')).toBe(stated!)
  })
  test('serves the page, its script and the document compressed as the client accepts', async () => {
    for (const path of ['/docs', DOCS_SCRIPT_PATH, '/openapi.json']) {
      const plain = Buffer.from(
        await (await request(path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      )
      const br = await request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(br.headers.get('content-encoding')).toBe('br')
      expect(br.headers.get('vary')).toContain('accept-encoding')
      const brBody = Buffer.from(await br.arrayBuffer())
      expect(brBody.byteLength).toBeLessThan(plain.byteLength / 2)
      expect(brotliDecompressSync(brBody).equals(plain)).toBe(true)
      const gz = await request(path, { headers: { 'accept-encoding': 'gzip' } })
      expect(gz.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(plain)).toBe(true)
    }
  })
})

describe('who needs a key, in /openapi.json', () => {
  const operations = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== 'parameters')
      .map(([method, op]) => ({
        path,
        method,
        security: (op.security ?? doc.security) as Record<string, string[]>[],
      })),
  )
  const keyOptional = (security: Record<string, string[]>[]) =>
    security.length === 0 || security.some((s) => Object.keys(s).length === 0)

  test('a route asks for a key exactly when it answers 401 without one', async () => {
    expect(operations.length).toBeGreaterThan(10)
    const wrong: string[] = []
    for (const { path, method, security } of operations) {
      const res = await request(path.replace('{slug}', 'klm'), { method: method.toUpperCase() })
      if ((res.status === 401) === keyOptional(security))
        wrong.push(`${method} ${path}: ${res.status}, documented ${JSON.stringify(security)}`)
    }
    expect(wrong).toEqual([])
  })

  test('the image route is public and takes a key in any transport; a requirement names only declared schemes', () => {
    const image = doc.paths['/v1/images/plane'].get
    const schemes = Object.keys(doc.components.securitySchemes)
    expect(image.security).toEqual([{}, ...schemes.map((name) => ({ [name]: [] }))])
    for (const { security } of operations)
      for (const requirement of security)
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name)
  })
})

describe('signed image URLs, in /openapi.json', () => {
  const pathParameters = doc.paths['/v1/images/plane'].parameters as {
    name: string
    in: string
    required: boolean
    schema: Record<string, any>
  }[]

  test('the image path documents exp, kid and sig as optional query parameters', () => {
    expect(pathParameters.map((p) => p.name).sort()).toEqual(Object.values(SIGNATURE_PARAMS).sort())
    for (const p of pathParameters) expect(p).toMatchObject({ in: 'query', required: false })
  })

  test('every parameter of a URL that /v1/sign makes is documented, and its values fit their schemas', async () => {
    const { status, body } = await json('/v1/sign?plane=a320&airline=AF&ttl=600', withKey())
    expect(status).toBe(200)
    const signed = new URL(body.url, 'http://localhost').searchParams
    const documented = new Map(
      [...doc.paths['/v1/images/plane'].get.parameters, ...pathParameters].map((p) => [
        p.name,
        p.schema,
      ]),
    )
    for (const [name, value] of signed) {
      const schema = documented.get(name)
      expect(schema, name).toBeDefined()
      if (schema.type === 'integer')
        expect(Number(value)).toSatisfy(
          (n) => Number.isInteger(n) && n >= schema.minimum && n <= schema.maximum,
        )
      if (schema.pattern) expect(value).toMatch(new RegExp(schema.pattern))
    }
    for (const name of Object.values(SIGNATURE_PARAMS)) expect(signed.has(name)).toBe(true)
  })

  test('the operation keeps only the image query schema, from which the home page builds its form', () => {
    const names = doc.paths['/v1/images/plane'].get.parameters.map((p: { name: string }) => p.name)
    for (const name of Object.values(SIGNATURE_PARAMS)) expect(names).not.toContain(name)
  })
})
