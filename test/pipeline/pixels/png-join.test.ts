import { describe, expect, test } from 'bun:test'
import { Transformer } from '@napi-rs/image'
import { encode, fastPng } from '../../../src/pipeline/pixels/encode'
import { bandsOf, pngInBands } from '../../../src/pipeline/pixels/png-bands'
import { adlerCombine, joinPngBands } from '../../../src/pipeline/pixels/png-join'
import type { Raster } from '../../../src/pipeline/pixels/raster'

/** a picture like a composition: a diagonal gradient, a hard-edged shape, a translucent band */
function picture(width: number, height: number): Raster {
  const pixels = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const inside =
        (x - width / 2) ** 2 / (width / 3) ** 2 + (y - height / 2) ** 2 / (height / 6) ** 2 < 1
      pixels[i] = inside ? 200 : (x * 255) / width
      pixels[i + 1] = inside ? 30 : (y * 255) / height
      pixels[i + 2] = inside ? 40 : ((x + y) * 127) / (width + height)
      pixels[i + 3] = y > height * 0.8 ? 128 + (x % 64) : 255
    }
  return { width, height, pixels }
}

const pixelsOf = async (png: Uint8Array) => new Uint8Array(await new Transformer(png).rawPixels())
const adler32 = (bytes: Uint8Array) => {
  let a = 1,
    b = 0
  for (const v of bytes) {
    a = (a + v) % 65521
    b = (b + a) % 65521
  }
  return ((b << 16) | a) >>> 0
}

describe('joinPngBands', () => {
  const r = picture(700, 451)
  for (const count of [2, 3, 5])
    test(`joins ${count} bands encoded apart into the picture, pixel for pixel`, async () => {
      const bands = bandsOf(r, count)
      expect(bands.length).toBe(count)
      const joined = joinPngBands(await Promise.all(bands.map(fastPng)), r.width, r.height)
      expect(joined).not.toBeNull()
      expect(
        Buffer.compare(Buffer.from(await pixelsOf(joined!)), Buffer.from(r.pixels.buffer)),
      ).toBe(0)
      // only each band's first row is filtered differently from one encoding of the whole
      const whole = await fastPng(r)
      expect(Math.abs(joined!.length - whole.length)).toBeLessThan(count * r.width * 4 * 0.1)
    })

  test('combines checksums as one checksum of both parts', () => {
    const a = new Uint8Array(70_001).map((_, i) => (i * 31) & 255)
    const b = new Uint8Array(123_457).map((_, i) => (i * i) & 255)
    const both = new Uint8Array([...a, ...b])
    expect(adlerCombine(adler32(a), adler32(b), b.length)).toBe(adler32(both))
  })

  test('refuses bands it cannot join: stored uncompressed, or compressed by another level', async () => {
    const noise: Raster = {
      width: 300,
      height: 128,
      pixels: new Uint8ClampedArray(300 * 128 * 4).map(() => Math.random() * 256),
    }
    const [top, bottom] = bandsOf(noise, 2)
    expect(joinPngBands([await fastPng(top), await fastPng(bottom)], 300, 128)).toBeNull()
    const [a, b] = bandsOf(r, 2)
    expect(
      joinPngBands([await fastPng(a), await encode(b, 'png', 'size')], r.width, r.height),
    ).toBeNull()
  })

  test('encodes in one piece, logged as a fallback, when the bands cannot be joined', async () => {
    const noise: Raster = {
      width: 256,
      height: 256,
      pixels: new Uint8ClampedArray(256 * 256 * 4).map(() => Math.random() * 256),
    }
    const { captureLogs } = await import('../../../src/log')
    const logs = captureLogs()
    const png = await pngInBands(noise, 2, fastPng)
    logs.restore()
    expect(logs.lines.some((l) => l.includes('fallback: PNG encoded in one piece'))).toBe(true)
    expect(Buffer.compare(Buffer.from(await pixelsOf(png)), Buffer.from(noise.pixels.buffer))).toBe(
      0,
    )
  })

  test('cuts no band shorter than 64 rows', () => {
    expect(bandsOf(picture(64, 100), 4).length).toBe(1)
    expect(bandsOf(picture(64, 200), 4).map((b) => b.height)).toEqual([67, 67, 66])
  })
})
