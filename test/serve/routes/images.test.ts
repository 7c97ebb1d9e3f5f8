import { describe, expect, test } from 'bun:test'
import { captureLogs } from '../../../src/log'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { KEYS, catalog, makeApp, withKey } from '../../support/app'
import { decode, meanAbsDifference } from '../../support/images'

const { request, json, parts } = await makeApp()
const img = (q: string, init: RequestInit = withKey()) => request(`/v1/images/plane?${q}`, init)

describe('serving pre-rendered assets', () => {
  test('serves a base livery as PNG with every diagnostic header', async () => {
    const res = await img('plane=airbus-a350-900&airline=lufthansa&angle=345')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    // keyed by a header: private (a CDN ignoring Vary must not hand it to everyone; signed URLs are the public way)
    expect(res.headers.get('cache-control')).toBe('private, max-age=86400')
    expect(res.headers.get('vary')).toBe('x-api-key, authorization')
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/)
    expect(res.headers.get('x-manifest-version')).toBe(parts.manifest.version)
    expect(res.headers.get('x-livery-state')).toBe('livery')
    expect(res.headers.get('x-livery-type')).toBe('base')
    expect(res.headers.get('x-image-source')).toBe('store-livery')
    expect(res.headers.get('x-effective-gear')).toBe('down')
    expect(res.headers.get('x-composition-mode')).toBe('storage-prebuilt')
    expect(res.headers.get('x-fallback-reason')).toBeNull()
    expect(res.headers.get('x-auth-status')).toBeNull()
    const pixels = await decode(await res.arrayBuffer())
    expect([pixels.width, pixels.height]).toEqual([1280, 720])
  })
  test('stores the asset under its spec key, so the second request reads the store', async () => {
    await img('plane=boeing-787-9&airline=klm&angle=90&gear=up')
    await parts.writes.settled()
    const key = `assets/${parts.manifest.fingerprint}/liveries/boeing-787-9/klm/base/90/up/w-1280_z-contain-1p00_m-8p00.png`
    expect(await parts.store.has(key)).toBe(true)
  })
  test('serves jpg and webp with their content types and signatures', async () => {
    const jpg = await img('plane=a320&airline=AF&filetype=jpeg')
    expect(jpg.headers.get('content-type')).toBe('image/jpeg')
    expect([...new Uint8Array(await jpg.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8])
    const webp = await img('plane=a320&airline=AF&filetype=webp')
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(new TextDecoder().decode(new Uint8Array(await webp.arrayBuffer()).slice(8, 12))).toBe(
      'WEBP',
    )
  })
  test('answers 304 to a matching If-None-Match', async () => {
    const first = await img('plane=a320&airline=AF')
    const etag = first.headers.get('etag')!
    const again = await img('plane=a320&airline=AF', {
      headers: { 'x-api-key': KEYS[0], 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect((await again.arrayBuffer()).byteLength).toBe(0)
  })
  test('serves the same bytes and ETag on a repeat', async () => {
    const a = await img('plane=a321&airline=BA&angle=45')
    const b = await img('plane=a321&airline=BA&angle=45')
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
    expect(
      Buffer.compare(Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())),
    ).toBe(0)
  })
})

describe('the cascade in headers', () => {
  test('serves blank without an airline', async () => {
    const res = await img('plane=a380')
    expect(res.headers.get('x-livery-state')).toBe('blank')
    expect(res.headers.get('x-image-source')).toBe('store-blank')
    expect(res.headers.get('x-fallback-reason')).toBeNull()
  })
  test('serves blank with airline-not-found for an unknown airline', async () => {
    const res = await img('plane=a380&airline=nowhere-airways-xyz')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-livery-state')).toBe('blank')
    expect(res.headers.get('x-fallback-reason')).toBe('airline-not-found')
    expect(res.headers.get('x-composition-mode')).toBe('storage-fallback')
  })
  test('serves base with livery-unavailable for a missing special livery', async () => {
    const res = await img('plane=a320&airline=AF&liveryType=retro-1933')
    expect(res.headers.get('x-livery-type')).toBe('base')
    expect(res.headers.get('x-fallback-reason')).toBe('livery-unavailable')
  })
  test('serves blank with airline-livery-missing when the airline does not fly the model', async () => {
    const res = await img('plane=a380&airline=ryanair')
    expect(res.headers.get('x-livery-state')).toBe('blank')
    expect(res.headers.get('x-fallback-reason')).toBe('airline-livery-missing')
  })
  test('serves the default image with plane-not-found for an unknown plane', async () => {
    const res = await img('plane=concorde-xyz')
    expect(res.status).toBe(200)
    expect(res.headers.get('x-livery-state')).toBe('fallback')
    expect(res.headers.get('x-fallback-reason')).toBe('plane-not-found')
    expect(res.headers.get('x-image-source')).toBe('store-default')
  })
  test('serves a special livery with its own source', async () => {
    const s = catalog.specials.find((x) => x.angles.includes('90') && x.gears.includes('down'))!
    const res = await img(
      `plane=${s.plane}&airline=${s.airline}&liveryType=${s.liveryType}&angle=90`,
    )
    expect(res.headers.get('x-livery-type')).toBe(s.liveryType)
    expect(res.headers.get('x-image-source')).toBe('store-livery')
  })
  test('reports the effective gear from an alias', async () => {
    expect((await img('plane=a320&gear=retracted')).headers.get('x-effective-gear')).toBe('up')
  })
  test('serves an image with defaults for invalid options, logging the problem once', async () => {
    const logs = captureLogs()
    let res: Response
    try {
      res = await img('plane=a320&angle=12&gear=sideways&filetype=gif')
    } finally {
      logs.restore()
    }
    expect(res!.status).toBe(200)
    expect(res!.headers.get('content-type')).toBe('image/png')
    expect(res!.headers.get('x-effective-gear')).toBe('down')
    expect(logs.lines.filter((l) => l.includes('invalid options'))).toHaveLength(1)
  })
})

describe('the watermark', () => {
  test('marks images served without a key, and with a wrong key', async () => {
    for (const init of [{}, { headers: { 'x-api-key': 'wrong-key-000' } }]) {
      const res = await img('plane=a350&airline=lufthansa&angle=345', init)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-auth-status')).toBe('unauthorized')
      expect(res.headers.get('x-image-source')).toBe('watermark-overlay')
    }
  })
  test('keeps watermarked and clean images apart, and visible but not destroying the picture', async () => {
    const clean = await img('plane=a350&airline=lufthansa&angle=345')
    const marked = await img('plane=a350&airline=lufthansa&angle=345', {})
    expect(marked.headers.get('etag')).not.toBe(clean.headers.get('etag'))
    const a = await decode(await clean.arrayBuffer())
    const b = await decode(await marked.arrayBuffer())
    const diff = meanAbsDifference(a, b)
    expect(diff).toBeGreaterThan(1)
    expect(diff).toBeLessThan(40)
  })
  test('accepts the key as a query parameter for image tags', async () => {
    const res = await img(`plane=a350&api-key=${KEYS[1]}`, {})
    expect(res.headers.get('x-auth-status')).toBeNull()
  })
})

describe('JSON mode', () => {
  test('describes the resolution with every field, angle as a string', async () => {
    const { status, body } = await json(
      '/v1/images/plane?plane=A20N&airline=DLH&angle=347&format=json',
      withKey(),
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({
      plane: { slug: 'airbus-a320-neo', iata: '32N', icao: 'A20N' },
      airline: { slug: 'lufthansa', iata: 'LH', icao: 'DLH' },
      liveryType: 'base',
      appliedLiveryType: 'base',
      angle: '345',
      gear: 'down',
      filetype: 'png',
      renderOptions: { width: 1280, zoomType: 'contain', zoomLevel: 1, marginPercent: 8 },
      composeOptions: { pitch: 0, scale: 'none', align: 'center' },
      compose: { runs: false, reason: null },
      assetKey: 'liveries/airbus-a320-neo/lufthansa/base/345/down/w-1280_z-contain-1p00_m-8p00.png',
      manifestVersion: parts.manifest.version,
      fallbackReason: null,
      imageSource: 'store-livery',
    })
  })
  test('says the same image source in the description as in the image header', async () => {
    const special = catalog.specials.find(
      (x) => x.angles.includes('90') && x.gears.includes('down'),
    )!
    const cases = [
      ['plane=a320&airline=AF', 'store-livery'], // the base livery, as asked
      [
        `plane=${special.plane}&airline=${special.airline}&liveryType=${special.liveryType}`,
        'store-livery',
      ],
      ['plane=a320&airline=AF&liveryType=retro-1900', 'store-base'], // a special livery fell back to base
      ['plane=a320', 'store-blank'],
      ['plane=boeing-7x7', 'store-default'],
    ]
    for (const [q, source] of cases)
      for (const init of [withKey(), {}]) {
        const header = (await img(`${q}&angle=90`, init)).headers.get('x-image-source')
        const { body } = await json(`/v1/images/plane?${q}&angle=90&format=json`, init)
        const expected = 'headers' in init ? source : 'watermark-overlay'
        expect(`${q}: ${header} / ${body.imageSource ?? body.error}`).toBe(
          `${q}: ${expected} / ${q.includes('7x7') ? 'plane not found' : expected}`,
        )
      }
  })
  test('does not take a made-up airline for a real one', async () => {
    const { body } = await json(
      '/v1/images/plane?plane=a320&airline=nosuchairline&format=json',
      withKey(),
    )
    expect(body).toMatchObject({
      airline: null,
      fallbackReason: 'airline-not-found',
      imageSource: 'store-blank',
    })
  })
  test('reports watermark-overlay as the source without a key', async () => {
    const { body } = await json('/v1/images/plane?plane=a320&format=json')
    expect(body.imageSource).toBe('watermark-overlay')
  })
  test('carries the fallback in the description', async () => {
    const { body } = await json(
      '/v1/images/plane?plane=a320&airline=AF&liveryType=retro-1900&format=json',
      withKey(),
    )
    expect(body).toMatchObject({
      liveryType: 'retro-1900',
      appliedLiveryType: 'base',
      fallbackReason: 'livery-unavailable',
      imageSource: 'store-base',
    })
  })
  test('answers 404 with candidates for an unresolved plane', async () => {
    const { status, body } = await json('/v1/images/plane?plane=boeing-7x7&format=json', withKey())
    expect(status).toBe(404)
    expect(body.error).toBe('plane not found')
    expect(body.requested).toBe('boeing-7x7')
    expect(body.candidates.length).toBeGreaterThan(0)
    expect(body.candidates.length).toBeLessThanOrEqual(5)
  })
  test('honours plane_icao over plane_iata over plane', async () => {
    const { body } = await json(
      '/v1/images/plane?plane=a380&plane_iata=789&plane_icao=B77W&format=json',
      withKey(),
    )
    expect(body.plane.slug).toBe('boeing-777-300er')
    const second = await json('/v1/images/plane?plane=a380&plane_iata=789&format=json', withKey())
    expect(second.body.plane.slug).toBe('boeing-787-9')
  })
  test.each([
    [
      'pitch=60',
      { error: 'invalid compose options', details: ['pitch must be a number between -45 and 45'] },
    ],
    [
      'background=blue',
      { error: 'invalid render options', details: ['background must be a hex color'] },
    ],
    [
      'marginPercent=46',
      {
        error: 'invalid render options',
        details: ['marginPercent must be a number between 0 and 45'],
      },
    ],
    [
      'backgroundGradient=radial:1:fff-0,000-1',
      {
        error: 'invalid render options',
        details: ['backgroundGradient must be linear:<deg>:<color>-<offset>,...'],
      },
    ],
    ['filetype=bmp', { error: 'invalid filetype' }],
    ['angle=99', { error: 'invalid angle' }],
    [
      'align=left',
      { error: 'invalid compose options', details: ['align must be top, center or bottom'] },
    ],
    [
      'resolution=huge',
      {
        error: 'invalid render options',
        details: ['resolution must be one of thumb, card, hd, ultra'],
      },
    ],
    [
      'resolution=hd&width=800',
      { error: 'invalid render options', details: ['resolution and width cannot be combined'] },
    ],
  ])('answers 400 for %s', async (q, expected) => {
    const { status, body } = await json(`/v1/images/plane?plane=a320&format=json&${q}`, withKey())
    expect(status).toBe(400)
    expect(body).toEqual(expected)
  })
})

describe('render once and fall back', () => {
  const counting = () => {
    const calls: string[] = []
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        calls.push(`${spec.plane.slug}/${spec.angle}/${spec.width}`)
        return defaultRenderer.render(spec)
      },
    }
    return { calls, renderer }
  }
  test('renders an asset once for concurrent first requests', async () => {
    const { calls, renderer } = counting()
    const { request } = await makeApp({}, { renderer })
    calls.length = 0
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        request('/v1/images/plane?plane=a330-300&angle=135', withKey()),
      ),
    )
    expect(responses.every((r) => r.status === 200)).toBe(true)
    expect(new Set(responses.map((r) => r.headers.get('etag'))).size).toBe(1)
    expect(calls.filter((c) => c.startsWith('airbus-a330-300/135/'))).toHaveLength(1)
  })
  test('treats a corrupt stored asset as a miss: logs it and renders again', async () => {
    const { request, parts, store } = await makeApp()
    const q = '/v1/images/plane?plane=b738&angle=0'
    const first = await request(q, withKey())
    await parts.writes.settled()
    const key = `assets/${parts.manifest.fingerprint}/liveries/boeing-737-800/none/blank/0/down/w-1280_z-contain-1p00_m-8p00.png`
    const root = (store as unknown as { root: string }).root // the backend under the service's guard
    const { writeFileSync } = await import('node:fs')
    writeFileSync(`${root}/${key}`, new Uint8Array((await first.arrayBuffer()).slice(0, 100)))
    const { request: fresh } = await makeApp({}, { store })
    const logs = captureLogs()
    let again: Response
    try {
      again = await fresh(q, withKey())
    } finally {
      logs.restore()
    }
    expect(again!.status).toBe(200)
    expect(again!.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(logs.lines.some((l) => l.includes('"level":"warn"') && l.includes(key))).toBe(true)
  })
  test('serves the default model with blank-missing when a model cannot be drawn', async () => {
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        if (spec.plane.slug === 'boeing-757-200') throw new Error('broken model')
        return defaultRenderer.render(spec)
      },
    }
    const { request } = await makeApp({}, { renderer })
    const res = await request('/v1/images/plane?plane=757&angle=90', withKey())
    expect(res.status).toBe(200)
    expect(res.headers.get('x-fallback-reason')).toBe('blank-missing')
    expect(res.headers.get('x-livery-state')).toBe('fallback')
    expect(res.headers.get('x-image-source')).toBe('store-default')
  })
  test('serves a built-in picture when nothing can be drawn at all', async () => {
    let broken = false
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        if (broken) throw new Error('renderer down')
        return defaultRenderer.render(spec)
      },
    }
    const { request } = await makeApp({}, { renderer })
    broken = true
    const res = await request('/v1/images/plane?plane=767&angle=top', withKey())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect((await decode(await res.arrayBuffer())).width).toBe(640)
  })
})
