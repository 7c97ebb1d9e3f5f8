/**
 * Every drawing is admitted: first renders of pre-rendered views wait in the same bounded
 * queue as compositions, and above the memory high-water mark new drawing is refused, while
 * bytes already made are served at once.
 */
import { describe, expect, test } from 'bun:test'
import { makeApp, withKey } from '../support/app'

const VIEWS = ['0', '45', '90', '135', '180', '225', '270', '315', '345', 'top'].map(
  (angle) => `/v1/images/plane?plane=a330-300&airline=klm&angle=${angle}`,
)

describe('first renders of pre-rendered views', () => {
  test('wait in the bounded queue: past it, 503 with Retry-After, and nothing is dropped', async () => {
    const { request } = await makeApp({ QUEUE_WAIT_MS: '5000' }, { concurrency: 1, queueMax: 2 })
    const answers = await Promise.all(
      VIEWS.map((v) =>
        request(v, withKey()).then((r) => ({
          status: r.status,
          retryAfter: r.headers.get('retry-after'),
        })),
      ),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200).length).toBe(3) // one drawing, two waiting
    expect(statuses.filter((s) => s === 503).length).toBe(VIEWS.length - 3)
    for (const a of answers.filter((x) => x.status === 503))
      expect(Number(a.retryAfter)).toBeGreaterThanOrEqual(1)
  })

  test('do not wait longer than QUEUE_WAIT_MS', async () => {
    const { request } = await makeApp({ QUEUE_WAIT_MS: '1' }, { concurrency: 1, queueMax: 64 })
    const statuses = await Promise.all(VIEWS.map((v) => request(v).then((r) => r.status)))
    expect(statuses).toContain(503)
    expect(statuses).toContain(200)
  })

  test('already made are served while the queue is full', async () => {
    const { request } = await makeApp({ QUEUE_WAIT_MS: '5000' }, { concurrency: 1, queueMax: 0 })
    expect((await request(VIEWS[0], withKey())).status).toBe(200)
    const busy = Promise.all(
      VIEWS.slice(1, 4).map((v) => request(v, withKey()).then((r) => r.status)),
    )
    expect((await request(VIEWS[0], withKey())).status).toBe(200)
    expect(await busy).toContain(503)
  })
})

describe('above the memory high-water mark', () => {
  test('new drawing is refused with 503, and what is in memory or the store is still served', async () => {
    // made under a roomy limit, then the same store under a limit this process is already above
    const roomy = await makeApp({ MEMORY_LIMIT_MB: '65536' })
    expect((await roomy.request(VIEWS[2], withKey())).status).toBe(200)
    await roomy.parts.writes.settled()
    const tight = await makeApp({ MEMORY_LIMIT_MB: '128' }, { store: roomy.store })
    expect(tight.parts.pressure.high).toBe(true)
    const stored = await tight.request(VIEWS[2], withKey())
    expect(stored.status).toBe(200)
    const drawing = await tight.request(VIEWS[5], withKey())
    expect(drawing.status).toBe(503)
    expect(Number(drawing.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const composition = await tight.request(
      '/v1/images/plane?plane=a320&resolution=thumb&pitch=3',
      withKey(),
    )
    expect(composition.status).toBe(503)
    expect((await tight.request('/v1/catalog/planes', withKey())).status).toBe(200)
  })
})
