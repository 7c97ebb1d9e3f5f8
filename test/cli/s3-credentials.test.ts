import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import { closeS3rver } from '../deploy/support/s3rver'

// a real S3-compatible server that knows one key id, S3RVER (it accepts any secret, so only the key id is tested)
let server: S3rver
let dataDir: string
let endpoint: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 's3rver-'))
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dataDir,
    configureBuckets: [{ name: 'aircraft-cli' }],
  })
  endpoint = `http://127.0.0.1:${(await server.run()).port}`
})

afterAll(async () => {
  await closeS3rver(server)
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const serve = async (env: Record<string, string>) => {
  const proc = Bun.spawn([process.execPath, 'src/main.ts', 'serve'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'error',
      PORT: '4292',
      STORE: 's3://aircraft-cli/x',
      S3_ENDPOINT: endpoint,
      AWS_REGION: 'us-east-1',
      ...env,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => proc.kill(), 20_000)
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited])
  clearTimeout(timer)
  return { lines: err.trim().split('\n'), code }
}

test('an unknown S3 key id stops serve with one line saying so', async () => {
  const { lines, code } = await serve({
    AWS_ACCESS_KEY_ID: 'NOT-A-KEY',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  })
  expect(code).toBe(1)
  expect(lines).toEqual([
    'cannot start: store s3://aircraft-cli/x unusable: the S3 server does not know AWS_ACCESS_KEY_ID',
  ])
}, 30_000)
