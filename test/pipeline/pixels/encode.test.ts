import { describe, expect, test } from 'bun:test'
import { CompressionType, FilterType, Transformer } from '@napi-rs/image'
import { encode, LATENCY_SLACK, pngBudget } from '../../../src/pipeline/pixels/encode'
import { alphaOver, blankRaster, fillSolid, flatten } from '../../../src/pipeline/pixels/raster'
import { fillLinearGradient } from '../../../src/pipeline/pixels/gradient-fill'
import { parseGradient } from '../../../src/params/gradient'
import { parseHexColour } from '../../../src/params/colour'
import { decode } from '../../support/images'

const gradientRaster = (w: number) => {
  const r = blankRaster(w, Math.round((w * 9) / 16))
  fillLinearGradient(r, parseGradient('linear:135:#87ceeb-0,#ffffff-0.6,#203040-1')!)
  return r
}

describe('encoding rasters', () => {
  test('round-trips PNG pixels, alpha included', async () => {
    const r = blankRaster(64, 36)
    fillSolid(r, parseHexColour('33669980')!)
    const img = await decode(await encode(r, 'png'))
    expect([img.width, img.height]).toEqual([64, 36])
    // the test decoder goes through skia's premultiplied pixels: allow its rounding
    const expected = [0x33, 0x66, 0x99, 0x80]
    img.data.slice(0, 4).forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThanOrEqual(2))
  })
  test('keeps a card-size gradient PNG far under the 200 KB target', async () => {
    const bytes = await encode(gradientRaster(1024), 'png')
    expect(bytes.byteLength).toBeLessThan(200 * 1024)
  })
  test('writes JPEG on white and WebP with their signatures', async () => {
    const r = blankRaster(32, 18) // fully transparent
    const jpg = await encode(r, 'jpg')
    expect([...jpg.slice(0, 2)]).toEqual([0xff, 0xd8])
    expect((await decode(jpg)).data[0]).toBeGreaterThan(245)
    const webp = await encode(r, 'webp')
    expect(new TextDecoder().decode(webp.slice(8, 12))).toBe('WEBP')
  })
})

describe('blending', () => {
  test('draws opaque source pixels, skips transparent ones and blends partial ones', () => {
    const dst = blankRaster(3, 1)
    fillSolid(dst, parseHexColour('0000ff')!)
    const src = new Uint8ClampedArray([255, 0, 0, 255, 255, 0, 0, 0, 255, 0, 0, 128])
    alphaOver(dst, src)
    expect([...dst.pixels]).toEqual([255, 0, 0, 255, 0, 0, 255, 255, 128, 0, 127, 255])
  })
  test('composes alpha over a transparent destination', () => {
    const dst = blankRaster(1, 1)
    alphaOver(dst, new Uint8ClampedArray([10, 20, 30, 100]))
    expect([...dst.pixels]).toEqual([10, 20, 30, 100])
  })
  test('flattens onto an opaque colour', () => {
    const r = blankRaster(1, 1)
    expect([...flatten(r, [255, 255, 255]).pixels]).toEqual([255, 255, 255, 255])
  })
})

describe('PNG priorities', () => {
  test('keeps a latency-first PNG within the size budget of its pixel count', async () => {
    for (const w of [512, 1024, 2048]) {
      const r = gradientRaster(w)
      const bytes = await encode(r, 'png', 'latency')
      expect(bytes.byteLength).toBeLessThanOrEqual(pngBudget(r.width * r.height))
    }
  })
  test('keeps the fast PNG of a first answer a little over the budget rather than encode it again', async () => {
    // rows of noise over a vertical gradient (which the fast setting packs well), as many as put
    // the fast setting between the budget and a quarter over it
    const budget = pngBudget(512 * 288)
    const withNoise = (rows: number) => {
      const r = blankRaster(512, 288)
      fillLinearGradient(r, parseGradient('linear:180:#87ceeb-0,#ffffff-1')!)
      for (let i = 0; i < rows * 512 * 4; i++)
        if ((i & 3) !== 3) r.pixels[i] = (i * 2654435761) >>> 24
      return r
    }
    const fastOf = (r: ReturnType<typeof withNoise>) =>
      Transformer.fromRgbaPixels(r.pixels, r.width, r.height).png({
        compressionType: CompressionType.Fast,
        filterType: FilterType.Paeth,
      })
    let lo = 0,
      hi = 288
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1
      if ((await fastOf(withNoise(mid))).byteLength > budget * 1.12) hi = mid
      else lo = mid
    }
    const r = withNoise(hi)
    const fast = await fastOf(r)
    expect(fast.byteLength).toBeGreaterThan(budget)
    expect(fast.byteLength).toBeLessThanOrEqual(LATENCY_SLACK * budget)
    expect(Buffer.compare(Buffer.from(await encode(r, 'png', 'latency')), Buffer.from(fast))).toBe(
      0,
    )
  })
  test('falls back to the denser setting when the fast one is over budget', async () => {
    // noise does not compress: both settings exceed the budget, so the denser one is what comes back
    const r = blankRaster(512, 288)
    for (let i = 0; i < r.pixels.length; i++) r.pixels[i] = (i * 2654435761) >>> 24
    const latency = await encode(r, 'png', 'latency')
    const size = await encode(r, 'png', 'size')
    expect(latency.byteLength).toBe(size.byteLength)
  })
  test('interpolates the budget between the presets', () => {
    expect(pngBudget(1024 * 576)).toBe(200 * 1024)
    expect(pngBudget(1280 * 720)).toBeGreaterThan(200 * 1024)
    expect(pngBudget(1280 * 720)).toBeLessThan(600 * 1024)
  })
})
