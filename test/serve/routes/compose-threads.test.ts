import { afterAll, describe, expect, test } from 'bun:test'
import type { ThreadedRenderer } from '../../../src/pipeline/threads/render-threads'
import { makeApp, withKey } from '../../support/app'
import { decode } from '../../support/images'

// the service as deployed (render threads on) against the same service drawing alone
const threaded = await makeApp({ RENDER_THREADS: '2' })
const alone = await makeApp({ RENDER_THREADS: '0' })
afterAll(() => (threaded.parts.pipeline.renderer as ThreadedRenderer).close())

describe('compositions drawn by two render threads', () => {
  test('uses a threaded renderer when RENDER_THREADS is above 0', () => {
    expect((threaded.parts.pipeline.renderer as ThreadedRenderer).threads).toBe(2)
    expect('threads' in alone.parts.pipeline.renderer).toBe(false)
  })

  for (const query of [
    'plane=a350&airline=lufthansa&angle=345&resolution=card&pitch=8&backgroundGradient=linear:135:%23ff9a8b-0,%23ff6a88-0.55,%23ff99ac-1',
    'plane=boeing-737-800&airline=ryanair&angle=90&width=700&background=%23ffffff',
    'plane=a380&angle=top&resolution=thumb',
  ])
    test(`serves the same pixels as one thread: ${query.slice(0, 48)}...`, async () => {
      const [a, b] = await Promise.all(
        [threaded, alone].map((app) => app.request(`/v1/images/plane?${query}`, withKey())),
      )
      expect(a.status).toBe(200)
      expect(b.status).toBe(200)
      expect(a.headers.get('x-composition-mode')).toBe('composed-runtime')
      const [pa, pb] = await Promise.all([a, b].map(async (r) => decode(await r.arrayBuffer())))
      expect(pa.width).toBe(pb.width)
      expect(Buffer.compare(Buffer.from(pa.data), Buffer.from(pb.data))).toBe(0)
    })

  test('finishes an unkeyed composition (background and preview mark) on a render thread exactly as here', async () => {
    const query =
      'plane=a320&airline=air-france&angle=45&resolution=card&pitch=4&background=%23112233'
    const [a, b] = await Promise.all(
      [threaded, alone].map((app) => app.request(`/v1/images/plane?${query}`)),
    )
    expect(a.headers.get('x-image-source')).toBe('watermark-overlay')
    const [pa, pb] = await Promise.all([a, b].map(async (r) => decode(await r.arrayBuffer())))
    expect(Buffer.compare(Buffer.from(pa.data), Buffer.from(pb.data))).toBe(0)
  })
})
