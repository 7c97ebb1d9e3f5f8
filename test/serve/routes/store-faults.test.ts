/**
 * A store that stops answering (a hung disk, a frozen S3 server) or cannot write
 * (full, read-only) must not hold up images or health: images are rendered and served
 * within the store timeout plus the render, health answers at once and says degraded.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { S3Store } from '../../../src/store/s3'
import { faultyStore } from '../../store/faulty'
import { KEYS, makeApp, withKey } from '../../support/app'

const TIMEOUT = 300
const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47

async function timedRequest(
  request: (p: string, i?: RequestInit) => Promise<Response>,
  path: string,
  init?: RequestInit,
) {
  const start = performance.now()
  const res = await request(path, init)
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { res, bytes, ms: performance.now() - start }
}

describe('a store that hangs forever', () => {
  test('still serves new images and compositions, and health answers at once saying degraded', async () => {
    const { store, state } = faultyStore()
    const { request, json, ops } = await makeApp({ STORE_TIMEOUT_MS: String(TIMEOUT) }, { store })
    state.frozen = true
    // time of the same work with a working store, for the bound: timeout + render
    const image = await timedRequest(
      request,
      '/v1/images/plane?plane=a380&airline=emirates&angle=90',
      withKey(),
    )
    expect(image.res.status).toBe(200)
    expect(isPng(image.bytes)).toBe(true)
    expect(image.ms).toBeLessThan(TIMEOUT + 3000)
    const composed = await timedRequest(
      request,
      '/v1/images/plane?plane=a320&pitch=5&resolution=thumb',
      withKey(),
    )
    expect(composed.res.status).toBe(200)
    expect(isPng(composed.bytes)).toBe(true)
    const start = performance.now()
    const { status, body } = await json('/v1/health')
    expect(performance.now() - start).toBeLessThan(1000)
    expect(status).toBe(200)
    expect(body.status).toBe('degraded')
    expect(body.reason).toBeUndefined()
    expect(((await (await ops('/health')).json()) as { reason: string }).reason).toContain(
      'timed out',
    )
  })

  test('does not stop the service from starting', async () => {
    const { store, state } = faultyStore()
    state.frozen = true
    const { json } = await makeApp({ STORE_TIMEOUT_MS: String(TIMEOUT) }, { store })
    expect((await json('/v1/health')).body.status).toBe('degraded')
  })
})

describe('a store whose writes fail', () => {
  test('makes health degraded with "disk full" when puts fail with ENOSPC, while images are served', async () => {
    const { store, state } = faultyStore()
    const { request, json, parts, ops } = await makeApp({}, { store })
    state.writeError = 'ENOSPC'
    const res = await request('/v1/images/plane?plane=a330-300&airline=klm&angle=45', withKey())
    expect(res.status).toBe(200)
    await parts.writes.settled()
    expect((await json('/v1/health')).body).toEqual({
      status: 'degraded',
      version: expect.any(String),
      manifestVersion: expect.any(String),
      uptimeSeconds: expect.any(Number),
    })
    expect(await (await ops('/health')).json()).toMatchObject({
      status: 'degraded',
      reason: 'store: write: disk full (ENOSPC)',
      store: { ok: false },
    })
  })
})

describe('a frozen S3 server (SIGSTOP)', () => {
  const BUCKET = 'frozen-test'
  let dir = ''
  let child: ReturnType<typeof Bun.spawn> | null = null
  afterAll(async () => {
    if (child) {
      child.kill('SIGCONT')
      child.kill()
      await child.exited
    }
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  test('serves images within the timeout and reports degraded in under a second', async () => {
    dir = await mkdtemp(join(tmpdir(), 's3rver-frozen-'))
    child = Bun.spawn(
      ['bun', join(import.meta.dir, '../../store/support/s3rver-child.ts'), dir, BUCKET],
      { stdout: 'pipe', stderr: 'inherit' },
    )
    const reader = (child.stdout as ReadableStream<Uint8Array>).getReader()
    const { port } = JSON.parse(new TextDecoder().decode((await reader.read()).value))
    const env = {
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_REGION: 'us-east-1',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
    }
    const store = new S3Store(`s3://${BUCKET}/svc`, env)
    const { request, json, parts, ops } = await makeApp(
      { STORE_TIMEOUT_MS: String(TIMEOUT) },
      { store },
    )
    // working first: an image is stored
    expect(
      (await request('/v1/images/plane?plane=a320', { headers: { 'x-api-key': KEYS[0] } })).status,
    ).toBe(200)
    await parts.writes.settled()
    expect((await json('/v1/health')).body.status).toBe('ok')

    child.kill('SIGSTOP')
    const image = await timedRequest(
      request,
      '/v1/images/plane?plane=787-9&airline=klm&angle=225',
      withKey(),
    )
    expect(image.res.status).toBe(200)
    expect(isPng(image.bytes)).toBe(true)
    expect(image.ms).toBeLessThan(TIMEOUT + 3000)
    const start = performance.now()
    const { body } = await json('/v1/health')
    expect(performance.now() - start).toBeLessThan(1000)
    expect(body.status).toBe('degraded')
    expect(((await (await ops('/health')).json()) as { reason: string }).reason).toContain(
      'timed out',
    )
  })
})
