import { afterAll, describe, expect, test } from 'bun:test'
import { Transformer } from '@napi-rs/image'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { captureLogs } from '../../../src/log'
import { render, type RenderSpec } from '../../../src/render'
import { threadedRenderer } from '../../../src/pipeline/threads/render-threads'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import { parseGradient } from '../../../src/params/gradient'

const UNDERLAY = { gradient: parseGradient('linear:135:#ff9a8b-0,#ff6a88-0.55,#ff99ac-1')! }

const catalog = loadEmbeddedCatalog()
const a350 = catalog.plane('airbus-a350-900')!
const lufthansa = catalog.airline('lufthansa')!

const SPECS: [string, RenderSpec][] = [
  [
    'a fitted side view',
    {
      plane: a350,
      livery: lufthansa.livery,
      angle: '90',
      gear: 'down',
      width: 640,
      height: 360,
      marginPx: 20,
    },
  ],
  [
    'a pitched placement',
    {
      plane: catalog.plane('boeing-737-800')!,
      livery: catalog.airline('ryanair')!.livery,
      angle: '345',
      gear: 'up',
      pitch: 11.5,
      width: 512,
      height: 288,
      placement: { metresPerPixel: 0.08, originX: 60, originY: 200 },
    },
  ],
  [
    'a picture smaller than one strip',
    { plane: a350, livery: null, angle: 'top', gear: 'down', width: 64, height: 20 },
  ],
]

describe('threadedRenderer', () => {
  const threaded = threadedRenderer(3)
  afterAll(() => threaded.close())

  for (const [name, spec] of SPECS)
    test(`draws ${name} byte for byte as one thread does`, async () => {
      const alone = render(spec)
      const split = await threaded.render(spec)
      expect(split.pixels.length).toBe(alone.pixels.length)
      expect(
        Buffer.compare(Buffer.from(split.pixels.buffer), Buffer.from(alone.pixels.buffer)),
      ).toBe(0)
      expect(split.bbox).toEqual(alone.bbox)
      expect(split.groundLineY).toBe(alone.groundLineY)
      expect(split.canvas.width).toBe(spec.width)
      // the first picture starts the workers and builds the model on a thread of its own
    }, 30_000)

  test('really splits the picture: each band alone leaves the other rows empty', () => {
    const spec = SPECS[0][1]
    const band0 = render({ ...spec, band: { count: 2, index: 0 } })
    const band1 = render({ ...spec, band: { count: 2, index: 1 } })
    const opaqueRows = (px: Uint8ClampedArray) =>
      new Set(
        Array.from({ length: spec.height }, (_, y) => y).filter((y) =>
          px
            .subarray(y * spec.width * 4, (y + 1) * spec.width * 4)
            .some((v, i) => i % 4 === 3 && v > 0),
        ),
      )
    const rows0 = opaqueRows(band0.pixels),
      rows1 = opaqueRows(band1.pixels)
    expect(rows0.size).toBeGreaterThan(10)
    expect(rows1.size).toBeGreaterThan(10)
    for (const y of rows0) expect(rows1.has(y)).toBe(false)
  })

  test('strips taken from a shared counter: a thread that comes when none are left draws nothing, and the picture is whole', () => {
    const spec = SPECS[0][1]
    const next = new Int32Array(new SharedArrayBuffer(4))
    const into = new Uint8ClampedArray(new SharedArrayBuffer(spec.width * spec.height * 4))
    const first = render({ ...spec, into, band: { count: 2, index: 0, next } })
    const late = render({ ...spec, into, band: { count: 2, index: 1, next } })
    const alone = render(spec)
    expect(Buffer.compare(Buffer.from(into.buffer), Buffer.from(alone.pixels.buffer))).toBe(0)
    expect(first.bbox).toEqual(alone.bbox)
    expect(late.bbox.width * late.bbox.height).toBe(0)
  })

  for (const callerDraws of [true, false])
    test(`paints the background on a worker and draws over it, byte for byte as one thread does (${callerDraws ? 'caller draws' : 'under a flood'})`, async () => {
      const spec = SPECS[1][1]
      const alone = await defaultRenderer.render(spec, { underlay: UNDERLAY })
      const split = await threaded.render(
        {
          ...spec,
          into: new Uint8ClampedArray(new SharedArrayBuffer(spec.width * spec.height * 4)),
        },
        { callerDraws, underlay: UNDERLAY },
      )
      expect(
        Buffer.compare(Buffer.from(split.pixels.buffer), Buffer.from(alone.pixels.buffer)),
      ).toBe(0)
      // every pixel painted: the background is opaque
      expect(split.pixels.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true)
    })

  test('draws alone once its workers are closed', async () => {
    const closed = threadedRenderer(2)
    closed.close()
    const spec = SPECS[0][1]
    const result = await closed.render(spec)
    expect(
      Buffer.compare(Buffer.from(result.pixels.buffer), Buffer.from(render(spec).pixels.buffer)),
    ).toBe(0)
  })

  for (const [kind, script] of [
    ['answers with an error', new URL('../../support/render-thread-error.ts', import.meta.url)],
    ['dies', new URL('../../support/render-thread-crash.ts', import.meta.url)],
  ] as const)
    test(`draws the band of a worker that ${kind} on the calling thread, logged as a fallback`, async () => {
      const broken = threadedRenderer(2, { script })
      const logs = captureLogs()
      const spec = SPECS[1][1]
      const result = await broken.render(spec)
      const again = await broken.render(spec)
      const over = await broken.render(spec, { underlay: UNDERLAY })
      logs.restore()
      broken.close()
      const expected = Buffer.from(render(spec).pixels.buffer)
      expect(Buffer.compare(Buffer.from(result.pixels.buffer), expected)).toBe(0)
      expect(Buffer.compare(Buffer.from(again.pixels.buffer), expected)).toBe(0)
      const expectedOver = Buffer.from(
        (await defaultRenderer.render(spec, { underlay: UNDERLAY })).pixels.buffer,
      )
      expect(Buffer.compare(Buffer.from(over.pixels.buffer), expectedOver)).toBe(0)
      expect(
        logs.lines.some((l) => l.includes('fallback: render band drawn on the calling thread')),
      ).toBe(true)
    })
})

describe('threadedRenderer.fastPng', () => {
  const hd = () => {
    const spec: RenderSpec = {
      plane: a350,
      livery: lufthansa.livery,
      angle: '45',
      gear: 'down',
      width: 1600,
      height: 900,
      marginPx: 20,
    }
    const pixels = new Uint8ClampedArray(new SharedArrayBuffer(1600 * 900 * 4))
    pixels.set(render(spec).pixels)
    return { width: 1600, height: 900, pixels }
  }
  const decoded = async (png: Uint8Array) => Buffer.from(await new Transformer(png).rawPixels())

  test('encodes a large picture in bands on its threads, pixel for pixel', async () => {
    const threaded = threadedRenderer(2)
    const r = hd()
    const png = await threaded.fastPng!(r)
    threaded.close()
    expect(Buffer.compare(await decoded(png), Buffer.from(r.pixels.buffer))).toBe(0)
  })

  test('encodes the band of a thread that fails on the calling thread, logged as a fallback', async () => {
    const broken = threadedRenderer(2, {
      script: new URL('../../support/render-thread-error.ts', import.meta.url),
    })
    const r = hd()
    const logs = captureLogs()
    const png = await broken.fastPng!(r)
    logs.restore()
    broken.close()
    expect(
      logs.lines.some((l) => l.includes('fallback: PNG band encoded on the calling thread')),
    ).toBe(true)
    expect(Buffer.compare(await decoded(png), Buffer.from(r.pixels.buffer))).toBe(0)
  })
})
