/**
 * Two deployed instances started together on one empty store agree on the manifest: the
 * same x-manifest-version and ETags, on a shared folder and on one S3 bucket (s3rver, which
 * ignores If-None-Match, so there agreement comes from the read-back and the watch).
 */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startService, type RunningService } from '../support/service-process'
import { S3Store } from '../../src/store/s3'
import { startBucket } from './support/s3rver'

const IMAGE = '/v1/images/plane?plane=a320&angle=90'

async function versions(services: RunningService[]) {
  return Promise.all(
    services.map(async (s) => {
      const res = await fetch(s.url(IMAGE))
      await res.arrayBuffer()
      return { version: res.headers.get('x-manifest-version'), etag: res.headers.get('etag') }
    }),
  )
}

async function startTogether(env: Record<string, string>) {
  return Promise.all([startService(env, 90_000), startService(env, 90_000)])
}

describe('two instances on one empty store', () => {
  test('sharing a folder serve the same manifest version and ETags from the first request', async () => {
    const services = await startTogether({ STORE: mkdtempSync(join(tmpdir(), 'shared-store-')) })
    try {
      const [a, b] = await versions(services)
      expect(a.version).toMatch(/^\d{4}-/)
      expect(b).toEqual(a)
    } finally {
      await Promise.all(services.map((s) => s.stop()))
    }
  }, 180_000)

  test('sharing an S3 bucket converge on one manifest version and the same ETags without a restart', async () => {
    const bucket = await startBucket('agreed-manifest')
    const services = await startTogether({
      ...bucket.env,
      STORE: `s3://${bucket.name}/shared`,
      MANIFEST_POLL_MS: '300',
    })
    try {
      let seen = await versions(services)
      const deadline = performance.now() + 10_000
      while (seen[0].version !== seen[1].version && performance.now() < deadline) {
        await Bun.sleep(200)
        seen = await versions(services)
      }
      expect(seen[0].version).toMatch(/^\d{4}-/)
      expect(seen[1]).toEqual(seen[0])
      // and it is what the bucket holds
      const store = new S3Store(`s3://${bucket.name}/shared`, bucket.env)
      const records = await store.list('manifests/')
      expect(records.length).toBe(1)
      expect(JSON.parse(new TextDecoder().decode((await store.get(records[0]))!)).version).toBe(
        seen[0].version,
      )
    } finally {
      await Promise.all(services.map((s) => s.stop()))
      await bucket.close()
    }
  }, 180_000)
})
