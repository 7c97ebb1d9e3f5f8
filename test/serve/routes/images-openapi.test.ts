/**
 * The image route's OpenAPI description: generated from the one query schema, rich enough to
 * build a form from, listing every answer and header the route gives, and lint-clean.
 */
import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ImageQuerySchema, IMAGE_PARAMS } from '../../../src/params/image-schema'
import { DIAGNOSTIC_HEADERS } from '../../../src/serve/image-response'
import { ImageDescription, queryParameters } from '../../../src/serve/schemas'
import { makeApp, withKey } from '../../support/app'

const { json, request } = await makeApp()
const { body: doc } = await json('/openapi.json')
const operation = doc.paths['/v1/images/plane'].get

describe('OpenAPI of GET /v1/images/plane', () => {
  test('lists exactly the parameters of the query schema, as that schema says them', () => {
    expect(operation.parameters.map((p: { name: string }) => p.name)).toEqual(IMAGE_PARAMS)
    expect(operation.parameters).toEqual(JSON.parse(JSON.stringify(queryParameters(ImageQuerySchema))))
  })
  test('gives a form what it needs: a description for every parameter, enums, bounds and defaults', () => {
    const byName = Object.fromEntries(operation.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]))
    for (const p of operation.parameters) expect(p.description?.length).toBeGreaterThan(10)
    expect(byName.angle).toMatchObject({ type: 'string', enum: ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'], default: '90' })
    expect(byName.zoomLevel).toMatchObject({ type: 'number', minimum: 0.5, maximum: 3, default: 1 })
    expect(byName.width).toMatchObject({ type: 'integer', minimum: 256, maximum: 4096, default: 1280 })
    expect(byName.pitch).toMatchObject({ type: 'number', minimum: -45, maximum: 45, default: 0, 'x-aliases': { up: 25 } })
    expect(byName.filetype).toMatchObject({ enum: ['png', 'jpg', 'webp'], default: 'png', 'x-aliases': { jpeg: 'jpg' } })
  })
  test('documents every status and media type the route answers with', () => {
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '304', '400', '401', '404', '429', '503'])
    expect(Object.keys(operation.responses['200'].content).sort()).toEqual(['application/json', 'image/jpeg', 'image/png', 'image/webp'])
    expect(operation.responses['503'].headers['retry-after']).toBeDefined()
    expect(operation.responses['429'].headers['retry-after']).toBeDefined()
  })
  test('documents every header an image answer carries', async () => {
    const documented = new Set(Object.keys(operation.responses['200'].headers))
    const queries = [
      'plane=a320&airline=AF',
      'plane=a320&airline=nosuchairline',
      'plane=a320&airline=AF&liveryType=retro-1900&filetype=webp',
      'plane=boeing-7x7',
      'plane=a320&pitch=10&background=dfe9f3&scale=fleet&align=bottom&filetype=jpg&resolution=thumb',
      'plane=a320&backgroundGradient=linear:90:fff-0,000-1&resolution=thumb',
    ]
    const undocumented = new Set<string>()
    for (const q of queries)
      for (const init of [withKey(), {}]) {
        const res = await request(`/v1/images/plane?${q}`, init)
        expect(res.status).toBe(200)
        for (const [name] of res.headers) if ((name.startsWith('x-') || ['etag', 'cache-control', 'vary'].includes(name)) && !documented.has(name)) undocumented.add(name)
      }
    expect([...undocumented]).toEqual([])
    for (const name of Object.keys(DIAGNOSTIC_HEADERS)) expect(documented.has(name)).toBe(true)
  })
  test('describes the JSON answer by a schema the real answer meets', async () => {
    for (const q of ['plane=a320&airline=AF', 'plane=a320&pitch=10&align=bottom', 'plane=a320&airline=nosuchairline']) {
      const { status, body } = await json(`/v1/images/plane?${q}&format=json`, withKey())
      expect(status).toBe(200)
      expect([...Value.Errors(ImageDescription, body)].map((e) => `${e.path} ${e.message}`)).toEqual([])
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
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const out = await new Response(proc.stdout).text()
    await proc.exited
    const report = JSON.parse(out) as { problems: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[] }
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`)
    expect(errors).toEqual([])
    expect(proc.exitCode).toBe(0)
  }, 60_000)
})
