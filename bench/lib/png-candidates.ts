/**
 * The PNG encoders compared by bench/encode.ts, each from the pixels it takes: skia from
 * its canvas, @napi-rs/image and the service from straight RGBA, sharp from skia's
 * premultiplied pixels. The pixels are taken out of the canvas once, before the clock
 * starts: the service composes on raw pixels and never reads a canvas back, and the
 * read-back takes longer than some of the encoders themselves.
 */
import type { Canvas } from '@napi-rs/canvas'
import { CompressionType, FilterType, Transformer, pngQuantize } from '@napi-rs/image'
import sharp from 'sharp'
import { encode } from '../../src/pipeline/pixels/encode'

/** one composed image, as each kind of encoder takes it */
export interface Subject {
  canvas: Canvas
  width: number
  height: number
  /** straight RGBA, as @napi-rs/image and the service take it */
  rgba: Uint8ClampedArray
  /** skia's own premultiplied pixels, which sharp unpremultiplies */
  premultiplied: Uint8Array
}

export function subjectOf(canvas: Canvas): Subject {
  const { width, height } = canvas
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data as Uint8ClampedArray
  return { canvas, width, height, rgba, premultiplied: new Uint8Array(canvas.data()) }
}

export interface Candidate {
  name: string
  note: string
  /** false: the encoder changes pixels (palette) */
  lossless: boolean
  /** skip above this width (too slow to be a candidate there) */
  maxWidth?: number
  encode(s: Subject): Promise<Uint8Array>
}

const napi = (s: Subject, compressionType: CompressionType, filterType: FilterType) =>
  Transformer.fromRgbaPixels(s.rgba, s.width, s.height).png({ compressionType, filterType })

const sharpPng = (s: Subject, options: import('sharp').PngOptions) =>
  sharp(s.premultiplied, {
    raw: { width: s.width, height: s.height, channels: 4, premultiplied: true },
  })
    .png(options)
    .toBuffer()

export const CANDIDATES: Candidate[] = [
  {
    name: 'skia',
    note: "skia's canvas.encode('png')",
    lossless: true,
    encode: (s) => s.canvas.encode('png'),
  },
  {
    name: 'napi-fast',
    note: '@napi-rs/image png Fast + Adaptive',
    lossless: true,
    encode: (s) => napi(s, CompressionType.Fast, FilterType.Adaptive),
  },
  {
    name: 'napi-default-sub',
    note: '@napi-rs/image png Default + Sub',
    lossless: true,
    encode: (s) => napi(s, CompressionType.Default, FilterType.Sub),
  },
  {
    name: 'sharp-l6',
    note: 'sharp png level 6 adaptive',
    lossless: true,
    encode: (s) => sharpPng(s, { compressionLevel: 6, adaptiveFiltering: true }),
  },
  {
    name: 'napi-quant',
    note: '@napi-rs/image pngQuantize speed 10 (on a Fast PNG)',
    lossless: false,
    maxWidth: 2048,
    encode: async (s) =>
      pngQuantize(await napi(s, CompressionType.Fast, FilterType.Adaptive), { speed: 10 }),
  },
  {
    name: 'sharp-pal-e1',
    note: 'sharp palette effort 1 dither 1 level 6',
    lossless: false,
    encode: (s) => sharpPng(s, { palette: true, effort: 1, compressionLevel: 6 }),
  },
  {
    name: 'sharp-pal-e4',
    note: 'sharp palette effort 4 dither 1 level 6',
    lossless: false,
    encode: (s) => sharpPng(s, { palette: true, effort: 4, compressionLevel: 6 }),
  },
  {
    name: 'chosen',
    note: "src/pipeline/pixels/encode.ts, 'latency' (compositions): napi Fast + Paeth, else Default",
    lossless: true,
    encode: (s) => encode({ width: s.width, height: s.height, pixels: s.rgba }, 'png', 'latency'),
  },
]
