/**
 * AVIF and WebP out of the encoder: their bytes are what they say (signature, and a decoder
 * gets the picture back), and quality moves the size the way it says for every lossy type.
 */
import { describe, expect, test } from 'bun:test'
import { Transformer } from '@napi-rs/image'
import { QUALITY_DEFAULTS } from '../../../src/params/image-schema'
import { encode, encodeAs } from '../../../src/pipeline/pixels/encode'
import { fillLinearGradient } from '../../../src/pipeline/pixels/gradient-fill'
import { blankRaster, type Raster } from '../../../src/pipeline/pixels/raster'
import { parseGradient } from '../../../src/params/gradient'

/** a gradient with a transparent band and a little deterministic noise: something to lose at low quality */
function picture(width = 256): Raster {
  const r = blankRaster(width, Math.round((width * 9) / 16))
  fillLinearGradient(r, parseGradient('linear:135:#87ceeb-0,#ffffff-0.6,#203040-1')!)
  for (let i = 0; i < r.pixels.length; i += 4) {
    const n = ((i * 2654435761) >>> 27) - 16
    for (let c = 0; c < 3; c++) r.pixels[i + c] = Math.max(0, Math.min(255, r.pixels[i + c] + n))
  }
  const band = Math.floor(r.height / 4)
  r.pixels.fill(0, 0, band * r.width * 4) // the top quarter transparent
  return r
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  new TextDecoder().decode(bytes.slice(from, to))
/** over the pixels `a` draws (the colour under a transparent one is the encoder's to pick) */
const meanDifference = (a: Uint8Array | Uint8ClampedArray, b: Uint8Array, channel: number) => {
  let sum = 0
  let n = 0
  for (let i = 0; i < a.length; i += 4) {
    if (channel !== 3 && a[i + 3] === 0) continue
    sum += Math.abs(a[i + channel] - b[i + channel])
    n++
  }
  return sum / n
}

describe('AVIF and WebP bytes', () => {
  test.each(['avif', 'webp'] as const)(
    '%s carries its signature and decodes to the picture, alpha included',
    async (filetype) => {
      const r = picture()
      const bytes = await encode(r, filetype)
      if (filetype === 'avif')
        expect([ascii(bytes, 4, 8), ascii(bytes, 8, 12)]).toEqual(['ftyp', 'avif'])
      else expect([ascii(bytes, 0, 4), ascii(bytes, 8, 12)]).toEqual(['RIFF', 'WEBP'])
      const decoded = new Transformer(bytes)
      const meta = await decoded.metadata()
      expect([meta.format, meta.width, meta.height]).toEqual([filetype, r.width, r.height])
      const pixels = await decoded.rawPixels()
      expect(pixels.byteLength).toBe(r.pixels.byteLength) // RGBA: the alpha plane is kept
      expect(meanDifference(r.pixels, pixels, 1)).toBeLessThan(4) // green: close to the drawing
      expect(meanDifference(r.pixels, pixels, 3)).toBeLessThan(2) // alpha: the band stays transparent
      expect(pixels[3]).toBeLessThan(8)
      expect(pixels[pixels.length - 1]).toBeGreaterThan(247)
    },
  )
  test('a default encoding is the plain one of the type', async () => {
    const r = picture(128)
    for (const filetype of ['jpg', 'webp', 'avif'] as const)
      expect(
        Buffer.from(await encodeAs(r, { filetype, quality: QUALITY_DEFAULTS[filetype] })).equals(
          Buffer.from(await encode(r, filetype)),
        ),
      ).toBe(true)
    expect(
      Buffer.from(await encodeAs(r, { filetype: 'png', quality: null })).equals(
        Buffer.from(await encode(r, 'png')),
      ),
    ).toBe(true)
  })
})

describe('quality', () => {
  test.each(['jpg', 'webp', 'avif'] as const)(
    '%s grows with quality, step by step',
    async (filetype) => {
      const r = picture()
      const sizes: number[] = []
      for (const quality of [10, 30, 50, 70, 90])
        sizes.push((await encodeAs(r, { filetype, quality })).byteLength)
      for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeGreaterThan(sizes[i - 1])
    },
  )
})
