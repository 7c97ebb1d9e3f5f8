/**
 * Several instances behind a CDN, on one machine: two deployed instances on loopback share
 * one S3 bucket (s3rver), nginx in front runs deploy/nginx/service.conf with proxy_cache.
 * nginx is required (apt-get install -y nginx-light): without it this test fails.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { S3Store } from '../../src/store/s3'
import { KEYS } from '../support/app'
import { descendantsOf, startService, type RunningService } from '../support/service-process'
import { startNginx, type Nginx } from './support/nginx'
import { startBucket, type Bucket } from './support/s3rver'

const COMPOSITION = '/v1/images/plane?plane=a330&pitch=5&zoomLevel=1.2&resolution=thumb'
const IMAGE = '/v1/images/plane?plane=a320&airline=air-france&angle=345'
const keyed = { headers: { 'x-api-key': KEYS[0] } }

let bucket: Bucket
let instances: RunningService[] = []
let nginx: Nginx
let store: S3Store

beforeAll(async () => {
  bucket = await startBucket('multi-instance')
  const env = {
    ...bucket.env,
    STORE: `s3://${bucket.name}/edge`,
    API_KEYS: KEYS.join(','),
    URL_SIGNING_KEYS: 'edge-1:an-edge-test-signing-secret-of-40-chars',
    MANIFEST_POLL_MS: '500',
  }
  instances = await Promise.all([startService(env, 90_000), startService(env, 90_000)])
  store = new S3Store(env.STORE, bucket.env)
  // both on one manifest version (s3rver ignores If-None-Match: the watch settles it)
  const deadline = performance.now() + 15_000
  for (;;) {
    const versions = await Promise.all(
      instances.map(
        async (s) => ((await (await fetch(s.url('/v1/health'))).json()) as any).manifestVersion,
      ),
    )
    if (versions[0] === versions[1]) break
    if (performance.now() > deadline)
      throw new Error(`instances never agreed on the manifest: ${versions}`)
    await Bun.sleep(200)
  }
  nginx = await startNginx(instances.map((s) => s.port))
}, 200_000)

afterAll(async () => {
  await nginx?.stop()
  await Promise.all(instances.map((s) => s.stop()))
  await bucket?.close()
})

/** the upstream port nginx sent a request to, found by the id the instance echoed */
function upstreamOf(res: Response): string {
  const id = res.headers.get('x-request-id')
  const line = nginx.accessLog().find((l) => l.id === id)
  if (!line) throw new Error(`no access log line for ${id}`)
  return line.upstream
}

async function edge(path: string, init?: RequestInit) {
  const started = performance.now()
  const res = await fetch(nginx.url(path), init)
  const body = new Uint8Array(await res.arrayBuffer())
  const ms = Math.round((performance.now() - started) * 10) / 10
  await Bun.sleep(20) // nginx writes the access log line once the response is sent
  return { res, body, ms, h: (name: string) => res.headers.get(name) }
}

describe('many instances behind nginx on one bucket', () => {
  test('a composition made through one instance is served by the other from the bucket, not composed again', async () => {
    const first = await edge(COMPOSITION, keyed)
    expect(first.res.status).toBe(200)
    expect(first.h('x-cache')).toBe('composed')
    // a keyed request never touches nginx's cache
    expect(first.h('x-cache-status')).toBe('BYPASS')
    expect(first.h('cache-control')).toBe('private, max-age=86400')
    const madeBy = upstreamOf(first.res)
    // the composition reaches the bucket in the background (write-behind)
    const deadline = performance.now() + 10_000
    while ((await store.list('composed/')).length === 0 && performance.now() < deadline)
      await Bun.sleep(100)
    expect((await store.list('composed/')).length).toBeGreaterThan(0)

    let other: Awaited<ReturnType<typeof edge>> | undefined
    for (let i = 0; i < 6 && !other; i++) {
      const again = await edge(COMPOSITION, keyed)
      if (upstreamOf(again.res) !== madeBy) other = again
    }
    expect(other).toBeDefined()
    expect(other!.h('x-cache')).toBe('store')
    expect(other!.h('etag')).toBe(first.h('etag'))
    expect(other!.h('x-manifest-version')).toBe(first.h('x-manifest-version'))
    expect(other!.body).toEqual(first.body)
    console.log(
      JSON.stringify({
        figure: 'composition across instances',
        composedMs: first.ms,
        fromBucketOnOtherMs: other!.ms,
      }),
    )
  }, 60_000)

  test('nginx caches a signed clean image and the unkeyed watermarked one separately', async () => {
    const signing = await edge(`/v1/sign?${IMAGE.split('?')[1]}&ttl=3600`, keyed)
    expect(signing.res.status).toBe(200)
    const signed = (JSON.parse(new TextDecoder().decode(signing.body)) as { url: string }).url

    const s1 = await edge(signed)
    const s2 = await edge(signed)
    const u1 = await edge(IMAGE)
    const u2 = await edge(IMAGE)
    expect([
      s1.h('x-cache-status'),
      s2.h('x-cache-status'),
      u1.h('x-cache-status'),
      u2.h('x-cache-status'),
    ]).toEqual(['MISS', 'HIT', 'MISS', 'HIT'])
    // signed: clean, public until it expires, no Vary on key headers
    for (const s of [s1, s2]) {
      expect(s.h('x-auth-status')).toBeNull()
      expect(Number(/max-age=(\d+)/.exec(s.h('cache-control')!)![1])).toBeGreaterThan(3500)
      expect(s.h('vary')).toBeNull()
    }
    // unkeyed: watermarked
    for (const u of [u1, u2]) expect(u.h('x-auth-status')).toBe('unauthorized')
    expect(s2.h('etag')).toBe(s1.h('etag'))
    expect(u2.h('etag')).toBe(u1.h('etag'))
    expect(u1.h('etag')).not.toBe(s1.h('etag'))
    expect(s2.body).toEqual(s1.body)
    console.log(
      JSON.stringify({
        figure: 'nginx cache',
        signedMissMs: s1.ms,
        signedHitMs: s2.ms,
        unkeyedMissMs: u1.ms,
        unkeyedHitMs: u2.ms,
      }),
    )
    // the same image fetched with a key is the clean one, but never from or into the shared cache
    const withKey = await edge(IMAGE, keyed)
    expect(withKey.h('x-cache-status')).toBe('BYPASS')
    expect(withKey.h('etag')).toBe(s1.h('etag'))
  }, 60_000)

  test('killing one instance loses no request: nginx retries the other', async () => {
    const total = 240
    const concurrency = 6
    const [victim] = instances
    const outcomes: { status: number; upstream?: string }[] = []
    let sent = 0
    let killedAt = -1
    const started = performance.now()
    async function client() {
      for (;;) {
        const i = sent++
        if (i >= total) return
        if (i === total / 3) {
          killedAt = i
          // the whole tree at once, no draining: a crash, not a shutdown
          for (const pid of [victim.proc.pid, ...descendantsOf(victim.proc.pid)])
            process.kill(pid, 'SIGKILL')
        }
        // every 4th an image with its own URL (a cache miss at nginx), the rest cheap probes
        const path = i % 4 === 0 ? `${IMAGE}&n=${i}` : `/v1/health/live?n=${i}`
        try {
          const res = await fetch(nginx.url(path))
          await res.arrayBuffer()
          outcomes.push({ status: res.status })
        } catch (error) {
          outcomes.push({ status: 0 })
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, client))
    const seconds = (performance.now() - started) / 1000
    await Bun.sleep(50)
    const log = nginx.accessLog().filter((l) => /[?&]n=\d+/.test(l.uri))
    const retried = log.filter((l) => l.upstream.includes(',')).length
    const failed = outcomes.filter((o) => o.status !== 200).length
    console.log(
      JSON.stringify({
        figure: 'instance killed mid-load',
        requests: total,
        concurrency,
        killedAfter: killedAt,
        failed,
        retriedByNginx: retried,
        seconds: Math.round(seconds * 10) / 10,
      }),
    )
    expect(killedAt).toBeGreaterThan(0)
    expect(outcomes.length).toBe(total)
    expect(failed).toBe(0)
    // both instances took traffic, and nginx did have to retry requests the victim could not answer
    expect(new Set(log.flatMap((l) => l.upstream.split(', '))).size).toBe(2)
    expect(retried).toBeGreaterThan(0)
    // and the survivor carries on alone
    const after = await edge(`${COMPOSITION}&after=1`, keyed)
    expect(after.res.status).toBe(200)
  }, 120_000)
})
