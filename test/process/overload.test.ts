import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readConfig } from '../../src/config'
import { idleTimeoutSeconds } from '../../src/process/worker'
import { startService, type RunningService } from '../support/service-process'

/** Overload and departed clients, against the service as deployed with one composition at a time. */
const KEY = 'overload-test-key-0001'
const headers = { 'x-api-key': KEY }
let service: RunningService
let patient: RunningService
let store: string
beforeAll(async () => {
  ;[service, patient] = await Promise.all([
    startService({ API_KEYS: KEY, QUEUE_WAIT_MS: '300' }),
    startService({
      API_KEYS: KEY,
      QUEUE_WAIT_MS: '30000',
      STORE: (store = mkdtempSync(join(tmpdir(), 'overload-store-'))),
    }),
  ])
}, 90_000)
afterAll(() => Promise.all([service.stop(), patient.stop()]))

const composedFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (e) =>
        e.isFile() &&
        /(^|\/)(cache|composed)(\/|$)/.test(join(e.parentPath, e.name).slice(dir.length)),
    )
    .map((e) => e.name)

describe('overload', () => {
  test('answers what it cannot start within QUEUE_WAIT_MS with 503 and Retry-After, and drops no connection', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fetch(
          service.url(`/v1/images/plane?plane=a380&angle=345&resolution=ultra&pitch=${i + 0.5}`),
          { headers },
        ).then(
          (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after') }),
          () => ({ status: 0, retryAfter: null }),
        ),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 0)).toEqual([]) // every connection answered
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true)
    expect(statuses).toContain(503)
    expect(statuses).toContain(200)
    for (const a of answers.filter((x) => x.status === 503))
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1)
    const health = await fetch(service.url('/v1/health'))
    expect(health.status).toBe(200)
  }, 60_000)

  test('drops the queued work of clients that went away: logged as 499, nothing composed for them', async () => {
    const before = composedFiles(store).length
    // a dozen ultra compositions hold the slots and the head of the queue while the others wait behind
    // them, then those clients leave
    const holders = Array.from({ length: 12 }, (_, i) =>
      fetch(
        patient.url(`/v1/images/plane?plane=a380&angle=45&resolution=ultra&pitch=${i + 7.25}`),
        { headers },
      ),
    )
    await Bun.sleep(150) // they hold the slots
    const leaving = Array.from({ length: 6 }, (_, i) => {
      const client = new AbortController()
      const answer = fetch(
        patient.url(`/v1/images/plane?plane=a350&angle=45&resolution=hd&pitch=${i + 10.5}`),
        { headers, signal: client.signal },
      ).catch(() => 'gone')
      return { client, answer }
    })
    await Bun.sleep(800) // every request has reached the server (which may be drawing a band) and waits in its queue
    for (const l of leaving) l.client.abort()
    expect(await Promise.all(leaving.map((l) => l.answer))).toEqual(Array(6).fill('gone'))
    for (const h of holders) expect((await h).status).toBe(200)
    await Bun.sleep(1500)
    const lines = patient
      .output()
      .split('\n')
      .filter((l) => l.includes('"status":499'))
    expect(lines.length).toBe(6)
    expect(composedFiles(store).length - before).toBe(holders.length)
  }, 60_000)
})

test('keeps connections open longer than a request may wait and compose', () => {
  const config = readConfig({ QUEUE_WAIT_MS: '5000' })
  expect(idleTimeoutSeconds(config)).toBeGreaterThan(5 + 10)
  expect(idleTimeoutSeconds(readConfig({ QUEUE_WAIT_MS: '120000' }))).toBeLessThanOrEqual(255)
})
