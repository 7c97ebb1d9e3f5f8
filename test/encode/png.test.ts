import { describe, expect, test } from 'bun:test'
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { encodePng, encodePngDetailed, pngBudget } from '../../src/encode/png'
import { parseImageQuery } from '../../src/params/image-query'
import { renderPrerendered } from '../../src/pipeline/assets'
import { decide } from '../../src/pipeline/cascade'
import { compose, referencePlaneFor } from '../../src/pipeline/compose'
import { defaultRenderer } from '../../src/pipeline/renderer'

const catalog = loadEmbeddedCatalog()

function composeRequest(query: Record<string, string>) {
  const { options, problems } = parseImageQuery(query, (slug) => catalog.plane(slug) !== undefined)
  expect(problems).toEqual([])
  const decision = decide(catalog, catalog.plane('airbus-a320-200')!, {
    plane: catalog.plane(query.plane)!,
    airlineRequested: true,
    airline: catalog.airlines.find((a) => a.slug === query.airline)!,
    liveryType: options.liveryType,
    angle: options.angle,
    gear: options.gear,
  })
  return { decision, options, referencePlane: referencePlaneFor(catalog, options), watermark: false }
}

async function decode(bytes: Uint8Array) {
  const image = await loadImage(Buffer.from(bytes))
  const canvas = createCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(image, 0, 0)
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data }
}

/** mean and 99th percentile of the per-pixel largest channel difference (alpha included) */
function difference(a: Uint8ClampedArray, b: Uint8ClampedArray) {
  const hist = new Array(256).fill(0)
  let sum = 0
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]), Math.abs(a[i + 3] - b[i + 3]))
    hist[d]++
    sum += d
  }
  const n = a.length / 4
  let seen = 0, p99 = 0
  for (; p99 < 256; p99++) if ((seen += hist[p99]) >= n * 0.99) break
  return { mean: sum / n, p99 }
}

const original = (canvas: Canvas) => canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data

describe('encodePng', () => {
  // a composed card with a multi-stop gradient: skia's dithered gradient is over the lossless budget
  const card = compose(
    defaultRenderer,
    composeRequest({ plane: 'boeing-787-9', airline: 'klm', angle: '315', resolution: 'card', pitch: '7', backgroundGradient: 'linear:90:#0b1d3a-0,#3a6ea5-0.6,#f4d58d-1' }),
  ).canvas

  test('a composed image decodes to the same size, near-identical pixels, smaller than skia and within the card budget', async () => {
    const bytes = await encodePng(card)
    const skia = await card.encode('png')
    const decoded = await decode(bytes)
    expect([decoded.width, decoded.height]).toEqual([1024, 576])
    const d = difference(original(card), decoded.data)
    expect(d.mean).toBeLessThan(4)
    expect(d.p99).toBeLessThanOrEqual(24)
    expect(bytes.byteLength).toBeLessThan(skia.byteLength)
    expect(bytes.byteLength).toBeLessThanOrEqual(200 * 1024)
  })

  test('a transparent pre-rendered asset stays lossless, alpha included', async () => {
    const canvas = renderPrerendered(defaultRenderer, composeRequest({ plane: 'airbus-a380-800', airline: 'emirates', angle: '45' }).decision)
    const { bytes, mode } = await encodePngDetailed(canvas)
    expect(mode).toBe('lossless')
    const decoded = await decode(bytes)
    expect([decoded.width, decoded.height]).toEqual([1280, 720])
    const d = difference(original(canvas), decoded.data)
    expect(d.p99).toBeLessThanOrEqual(1)
    expect(decoded.data[3]).toBe(0) // the corner is transparent
  })

  test('the size budget follows the targets of the presets', () => {
    expect(pngBudget(512 * 288)).toBe(80 * 1024)
    expect(pngBudget(1024 * 576)).toBe(200 * 1024)
    expect(pngBudget(2048 * 1152)).toBe(600 * 1024)
    expect(pngBudget(4096 * 2304)).toBe(2048 * 1024)
    expect(pngBudget(1280 * 720)).toBeGreaterThan(200 * 1024)
  })
})
