import { describe, expect, test } from 'bun:test'
import { defaultRenderer, type Renderer } from '../../src/pipeline/pixels/renderer'
import { KEYS, makeApp, withKey } from '../support/app'

const counting = () => {
  const calls = { measure: 0 }
  const renderer: Renderer = {
    render: defaultRenderer.render,
    measure: (...args) => (calls.measure++, defaultRenderer.measure(...args)),
  }
  return { calls, renderer }
}

describe('response memo in front of the image route', () => {
  test('answers a repeated URL with the same bytes and headers without running the pipeline', async () => {
    const { calls, renderer } = counting()
    const { request } = await makeApp({}, { renderer })
    const q = '/v1/images/plane?plane=a321&airline=BA&pitch=4&resolution=thumb'
    const first = await request(q, withKey())
    const before = calls.measure
    const second = await request(q, withKey())
    expect(calls.measure).toBe(before)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(second.headers.get('x-livery-type')).toBe('base')
    expect(second.headers.get('x-cache')).toBe('memory')
    expect(second.headers.get('access-control-allow-origin')).toBe('*')
    expect(
      Buffer.compare(
        Buffer.from(await first.arrayBuffer()),
        Buffer.from(await second.arrayBuffer()),
      ),
    ).toBe(0)
  })
  test('keeps callers with and without a key apart', async () => {
    const { request } = await makeApp()
    const q = '/v1/images/plane?plane=a220-300&angle=45'
    const clean = await request(q, withKey())
    const marked = await request(q)
    const cleanAgain = await request(q, { headers: { authorization: `Bearer ${KEYS[1]}` } })
    const markedAgain = await request(q, { headers: { 'x-api-key': 'not-a-valid-key' } })
    expect(marked.headers.get('x-auth-status')).toBe('unauthorized')
    expect(markedAgain.headers.get('x-auth-status')).toBe('unauthorized')
    expect(cleanAgain.headers.get('x-auth-status')).toBeNull()
    expect(cleanAgain.headers.get('etag')).toBe(clean.headers.get('etag'))
    expect(markedAgain.headers.get('etag')).toBe(marked.headers.get('etag'))
    expect(marked.headers.get('etag')).not.toBe(clean.headers.get('etag'))
  })
  test('answers 304 from the memo to a matching If-None-Match', async () => {
    const { request } = await makeApp()
    const q = '/v1/images/plane?plane=a330-200&angle=315'
    const etag = (await request(q, withKey())).headers.get('etag')!
    const res = await request(q, { headers: { 'x-api-key': KEYS[0], 'if-none-match': etag } })
    expect(res.status).toBe(304)
  })
  test('does not remember a failure fallback, so it is retried', async () => {
    let broken = true
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        if (broken && spec.plane.slug === 'boeing-767-300er') throw new Error('transient')
        return defaultRenderer.render(spec)
      },
    }
    const { request } = await makeApp({}, { renderer })
    const q = '/v1/images/plane?plane=767&angle=90'
    expect((await request(q, withKey())).headers.get('x-fallback-reason')).toBe('blank-missing')
    broken = false
    expect((await request(q, withKey())).headers.get('x-fallback-reason')).toBeNull()
  })
})
