/**
 * The PNG encoders compared by bench/encode.ts, all from a composed skia canvas to
 * PNG bytes, pixel extraction included (what the service would pay per image).
 */
import type { Canvas } from '@napi-rs/canvas'
import { CompressionType, FilterType, Transformer, pngQuantize } from '@napi-rs/image'
import sharp from 'sharp'
import { encode } from '../../src/pipeline/encode'
import { rasterFromCanvas } from '../../src/pipeline/raster'

export interface Candidate {
  name: string
  note: string
  /** false: the encoder changes pixels (palette) */
  lossless: boolean
  /** skip above this width (too slow to be a candidate there) */
  maxWidth?: number
  encode(canvas: Canvas): Promise<Uint8Array>
}

/** unpremultiplied RGBA, as @napi-rs/image wants it */
const rgba = (c: Canvas) => c.getContext('2d').getImageData(0, 0, c.width, c.height).data
/** skia's own premultiplied pixels, sharp unpremultiplies them */
const raw = (c: Canvas) => ({ input: c.data(), raw: { width: c.width, height: c.height, channels: 4 as const, premultiplied: true } })

const napi = (c: Canvas, compressionType: CompressionType, filterType: FilterType) =>
  Transformer.fromRgbaPixels(rgba(c), c.width, c.height).png({ compressionType, filterType })

const sharpPng = (c: Canvas, options: import('sharp').PngOptions) => {
  const { input, raw: r } = raw(c)
  return sharp(input, { raw: r }).png(options).toBuffer()
}

export const CANDIDATES: Candidate[] = [
  { name: 'skia', note: "canvas.encode('png') (current)", lossless: true, encode: (c) => c.encode('png') },
  { name: 'napi-fast', note: '@napi-rs/image png Fast + Adaptive', lossless: true, encode: (c) => napi(c, CompressionType.Fast, FilterType.Adaptive) },
  { name: 'napi-default-sub', note: '@napi-rs/image png Default + Sub', lossless: true, encode: (c) => napi(c, CompressionType.Default, FilterType.Sub) },
  { name: 'sharp-l6', note: 'sharp png level 6 adaptive', lossless: true, encode: (c) => sharpPng(c, { compressionLevel: 6, adaptiveFiltering: true }) },
  {
    name: 'napi-quant',
    note: '@napi-rs/image pngQuantize speed 10 (on a Fast PNG)',
    lossless: false,
    maxWidth: 2048,
    encode: async (c) => pngQuantize(await napi(c, CompressionType.Fast, FilterType.Adaptive), { speed: 10 }),
  },
  { name: 'sharp-pal-e1', note: 'sharp palette effort 1 dither 1 level 6', lossless: false, encode: (c) => sharpPng(c, { palette: true, effort: 1, compressionLevel: 6 }) },
  { name: 'sharp-pal-e4', note: 'sharp palette effort 4 dither 1 level 6', lossless: false, encode: (c) => sharpPng(c, { palette: true, effort: 4, compressionLevel: 6 }) },
  { name: 'chosen', note: "src/pipeline/encode.ts, 'latency' (compositions): napi Fast + Paeth, else Default", lossless: true, encode: (c) => encode(rasterFromCanvas(c), 'png', 'latency') },
]
