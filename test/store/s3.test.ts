/**
 * Runs the store contract against a real S3-compatible server (s3rver) that
 * this file starts on 127.0.0.1 and stops afterwards. Not skippable: if the
 * server or the backend breaks, these tests fail.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { S3Client } from 'bun'
import S3rver from 's3rver'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { S3Store, parseS3Location } from '../../src/store/s3'
import { openStore } from '../../src/store'
import { captureLogs } from '../../src/log'
import { storeContract } from './contract'
import { KEY, png } from './fixtures'
import { closeS3rver } from '../deploy/support/s3rver'

const BUCKET = 'aircraft-test'
// s3rver's fixed development credentials; it checks request signatures against them.
const CREDENTIALS = {
  AWS_ACCESS_KEY_ID: 'S3RVER',
  AWS_SECRET_ACCESS_KEY: 'S3RVER',
  AWS_REGION: 'us-east-1',
}

let server: S3rver
let dataDir: string
let env: Record<string, string>
let raw: S3Client

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 's3rver-'))
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dataDir,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await server.run()
  env = { ...CREDENTIALS, S3_ENDPOINT: `http://127.0.0.1:${port}` }
  raw = new S3Client({
    bucket: BUCKET,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  })
})

afterAll(async () => {
  await closeS3rver(server)
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

// Each test gets its own prefix in the one bucket, so tests start empty.
let run = 0
storeContract('s3', async () => {
  const prefix = `run-${++run}/assets`
  return {
    store: new S3Store(`s3://${BUCKET}/${prefix}`, env),
    writeRaw: async (key, bytes) => void (await raw.write(`${prefix}/${key}`, bytes)),
  }
})

/** A loopback port with nothing listening, for "server down" tests. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as { port: number }).port
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('s3 store specifics', () => {
  test('stores objects under the location prefix in the bucket', async () => {
    const store = new S3Store(`s3://${BUCKET}/prefixed/here/`, env)
    await store.put(KEY, png())
    expect(await raw.exists(`prefixed/here/${KEY}`)).toBe(true)
    expect(await store.list('')).toEqual([KEY])
  })

  test('stores with different prefixes do not see each other', async () => {
    const a = new S3Store(`s3://${BUCKET}/iso/a`, env)
    const ab = new S3Store(`s3://${BUCKET}/iso/ab`, env)
    await a.put('manifest.json', new TextEncoder().encode('{}'))
    expect(await ab.list('')).toEqual([])
    expect(await ab.get('manifest.json')).toBeNull()
  })

  test('skips objects whose names are not valid store keys when listing', async () => {
    const store = new S3Store(`s3://${BUCKET}/foreign`, env)
    await raw.write('foreign/ok.png', png())
    await raw.write('foreign/.hidden.png', png())
    expect(await store.list('')).toEqual(['ok.png'])
  })

  test('treats an unreachable server as a logged miss and reports unhealthy', async () => {
    const down = { ...env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` }
    const store = new S3Store(`s3://${BUCKET}/x`, down)
    const capture = captureLogs()
    try {
      expect(await store.get(KEY)).toBeNull()
    } finally {
      capture.restore()
    }
    expect(capture.lines.some((l) => JSON.parse(l).level === 'warn' && l.includes(KEY))).toBe(true)
    const health = await store.health()
    expect(health.ok).toBe(false)
    expect(health.detail).not.toContain('S3RVER')
  })

  test('describes itself as s3://bucket/prefix without credentials', () => {
    const store = new S3Store(`s3://${BUCKET}/renders/`, env)
    expect(store.description).toBe(`s3://${BUCKET}/renders`)
    expect(store.description).not.toContain('S3RVER')
  })
})

describe('openStore', () => {
  test('opens the S3 backend for s3:// locations and the local one otherwise', () => {
    expect(openStore(`s3://${BUCKET}/p`, env).kind).toBe('s3')
    expect(openStore('./var/store').kind).toBe('local')
    expect(openStore('/srv/assets').description).toBe('local:/srv/assets')
  })

  test('rejects malformed s3 locations', () => {
    expect(() => parseS3Location('s3://')).toThrow('invalid s3 store location')
    expect(() => parseS3Location('s3://bucket/../up')).toThrow(/invalid store key/)
    expect(parseS3Location('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' })
    expect(parseS3Location('s3://bucket/a/b/')).toEqual({ bucket: 'bucket', prefix: 'a/b' })
  })
})
