/**
 * The image route's OpenAPI description: generated from the one query schema, rich enough to
 * build a form from, listing every answer and header the route gives, and lint-clean.
 */
import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  ImageQuerySchema,
  IMAGE_PARAMS,
  paramSchema,
  type ImageParam,
} from '../../../src/params/image-schema'
import { DIAGNOSTIC_HEADERS } from '../../../src/serve/image-response'
import { ImageDescription, queryParameters } from '../../../src/serve/schemas'
import { KEYS, makeApp, withKey } from '../../support/app'

const { json, request } = await makeApp()
const { body: doc } = await json('/openapi.json')
const operation = doc.paths['/v1/images/plane'].get
const byNameOf = (name: string) =>
  operation.parameters.find((p: { name: string }) => p.name === name).schema
/** a value of a parameter other than its default: another of its enum, its lowest bound, its first example */
function sampleOf(param: ImageParam): string {
  const s = paramSchema(param) as ReturnType<typeof paramSchema> & { examples?: string[] }
  return (
    s.enum?.find((v) => v !== s.default) ??
    (s.minimum !== undefined ? String(s.minimum) : s.examples![0])
  )
}

describe('OpenAPI of GET /v1/images/plane', () => {
  test('lists exactly the parameters of the query schema, as that schema says them', () => {
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(IMAGE_PARAMS)
    expect(operation.parameters).toEqual(
      JSON.parse(JSON.stringify(queryParameters(ImageQuerySchema))),
    )
  })
  test('gives a form what it needs: a description for every parameter, enums, bounds and defaults', () => {
    const byName = Object.fromEntries(
      operation.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]),
    )
    for (const p of operation.parameters) expect(p.description?.length).toBeGreaterThan(10)
    expect(byName.angle).toMatchObject({
      type: 'string',
      enum: ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'],
      default: '90',
    })
    expect(byName.zoomLevel).toMatchObject({ type: 'number', minimum: 0.5, maximum: 3, default: 1 })
    expect(byName.width).toMatchObject({
      type: 'integer',
      minimum: 256,
      maximum: 4096,
      default: 1280,
    })
    expect(byName.pitch).toMatchObject({
      type: 'number',
      minimum: -45,
      maximum: 45,
      default: 0,
      'x-aliases': { up: 25 },
    })
    expect(byName.filetype).toMatchObject({
      enum: ['png', 'jpg', 'webp', 'avif', 'auto'],
      default: 'png',
      'x-aliases': { jpeg: 'jpg' },
    })
    expect(byName.quality).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      'x-defaults': { jpg: 88, webp: 88, avif: 60 },
    })
    expect(byName.quality.description).toContain('avif 60')
    expect(byName.v).toMatchObject({ type: 'string' })
    expect(byName.v['x-composes']).toBeUndefined()
  })
  test('documents every status and media type the route answers with', () => {
    expect(Object.keys(operation.responses).sort()).toEqual([
      '200',
      '304',
      '400',
      '401',
      '404',
      '429',
      '503',
    ])
    expect(Object.keys(operation.responses['200'].content).sort()).toEqual([
      'application/json',
      'image/avif',
      'image/jpeg',
      'image/png',
      'image/webp',
    ])
    expect(operation.responses['503'].headers['retry-after']).toBeDefined()
    expect(operation.responses['429'].headers['retry-after']).toBeDefined()
  })
  test('documents every header an image answer carries, and every header it documents is carried by some answer', async () => {
    const documented = new Set(Object.keys(operation.responses['200'].headers))
    const sent = new Set<string>()
    const undocumented = new Set<string>()
    const send = async (q: string, init: RequestInit) => {
      const res = await request(`/v1/images/plane?${q}`, init)
      expect(res.status).toBe(200)
      for (const [name] of res.headers) {
        if (!name.startsWith('x-') && !['etag', 'cache-control', 'vary'].includes(name)) continue
        sent.add(name)
        if (!documented.has(name)) undocumented.add(name)
      }
    }
    // the headers of the outcome: fallbacks, the watermark, coercion, negotiation
    const outcomes = [
      'plane=a320&airline=AF',
      'plane=a320&airline=nosuchairline',
      'plane=a320&airline=AF&liveryType=retro-1900&filetype=webp',
      'plane=boeing-7x7',
      'plane=a320&width=256&filetype=jpg',
      'plane=a320&filetype=auto&quality=40',
      'plane=a320&resolution=thumb&filetype=avif',
    ]
    for (const q of outcomes) for (const init of [withKey(), {}]) await send(q, init)
    // the headers the schema's options declare: each option sent alone (on a small canvas) at a value not its default
    const declared = IMAGE_PARAMS.filter((p) => paramSchema(p)['x-headers'])
    expect(declared.length).toBeGreaterThan(3)
    for (const param of declared) {
      const q = new URLSearchParams({ plane: 'a320', width: '256' })
      q.set(param, sampleOf(param))
      await send(q.toString(), withKey())
    }
    expect([...undocumented]).toEqual([])
    expect([...documented].filter((name) => !sent.has(name))).toEqual([])
    for (const name of Object.keys(DIAGNOSTIC_HEADERS)) expect(documented.has(name)).toBe(true)
  }, 60_000)
  test('documents each option header from the option that declares it, and exposes every header to browser scripts', async () => {
    const headers = operation.responses['200'].headers
    for (const param of IMAGE_PARAMS)
      for (const [name, doc] of Object.entries(paramSchema(param)['x-headers'] ?? {}))
        expect(headers[name]).toEqual(JSON.parse(JSON.stringify(doc)))
    const res = await request('/v1/images/plane?plane=a320', withKey())
    const exposed = res.headers.get('access-control-expose-headers')!.split(', ')
    expect(Object.keys(headers).filter((name) => !exposed.includes(name))).toEqual([
      'cache-control',
      'vary',
    ])
  })
  test('tells the coercion of a composition with the values it documents, for every filetype of the schema', async () => {
    const requested = new Set<string>()
    const coerced = new Set<string>()
    for (const filetype of byNameOf('filetype').enum as string[]) {
      const res = await request(
        `/v1/images/plane?plane=a320&resolution=thumb&filetype=${filetype}`,
        { headers: { 'x-api-key': KEYS[0], accept: 'image/avif,image/webp,*/*' } },
      )
      expect(res.status).toBe(200)
      const asked = res.headers.get('x-format-requested')
      if (asked) requested.add(asked)
      if (res.headers.get('x-format-coerced')) coerced.add(res.headers.get('x-format-coerced')!)
      // a coerced answer is PNG; an uncoerced one is the type asked (auto: the negotiated AVIF)
      expect(res.headers.get('content-type')).toBe(
        asked
          ? 'image/png'
          : `image/${{ png: 'png', jpg: 'jpeg', webp: 'webp', avif: 'avif', auto: 'avif' }[filetype]}`,
      )
    }
    const headers = operation.responses['200'].headers
    expect([...requested].sort()).toEqual([...headers['x-format-requested'].schema.enum].sort())
    expect([...coerced]).toEqual(headers['x-format-coerced'].schema.enum)
  }, 60_000)
  test('describes the JSON answer by a schema the real answer meets', async () => {
    for (const q of [
      'plane=a320&airline=AF',
      'plane=a320&pitch=10&align=bottom',
      'plane=a320&airline=nosuchairline',
    ]) {
      const { status, body } = await json(`/v1/images/plane?${q}&format=json`, withKey())
      expect(status).toBe(200)
      expect(
        [...Value.Errors(ImageDescription, body)].map((e) => `${e.path} ${e.message}`),
      ).toEqual([])
    }
  })
  test('passes redocly lint with no errors (offline)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'))
    const file = join(dir, 'openapi.json')
    writeFileSync(file, JSON.stringify(doc))
    // run by bun itself (no node needed); telemetry and the update check off: no network
    const cli = join(import.meta.dir, '../../../node_modules/@redocly/cli/bin/cli.js')
    const proc = Bun.spawn([process.execPath, cli, 'lint', file, '--format=json'], {
      cwd: dir,
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const out = await new Response(proc.stdout).text()
    await proc.exited
    const report = JSON.parse(out) as {
      problems: {
        severity: string
        ruleId: string
        message: string
        location: { pointer: string }[]
      }[]
    }
    const errors = report.problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)
    expect(errors).toEqual([])
    expect(proc.exitCode).toBe(0)
  }, 60_000)
})
