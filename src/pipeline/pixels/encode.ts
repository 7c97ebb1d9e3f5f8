/**
 * Raster -> file bytes, with @napi-rs/image (Rust encoders) from straight RGBA, off
 * the request thread. JPEG has no alpha, so it is flattened on white first.
 *
 * PNG has two settings, measured in bench/encode.ts on the service's own images:
 * - `size` (pre-rendered assets, served many times): zlib's default level, adaptive filters;
 * - `latency` (a composition's first request): the fast level with the Paeth filter first,
 *   kept when it is within a quarter over the size budget of its pixel count (the spec's typical
 *   PNG sizes), else `size`. Diagonal gradients come out of the fast level just over the budget
 *   (1.01-1.10 of it at card, a fifth of the compositions in bench/compose.ts): re-encoded, such a
 *   card answered 15-20 ms later for 100 KB less. On compositions Paeth alone came out as small as
 *   adaptive filtering (which tries every filter on every row) in less time (1.8 vs 3.0 ms at card,
 *   7.7 vs 12 ms at hd).
 *
 * AVIF's priority is its encoder speed (rav1e presets, measured on five card compositions at
 * quality 60 in CPU time, the machine being shared): speed 8 takes 60-110 ms a card for
 * 6-14 KB, speed 9 25-50 ms for 9-27 KB (twice the bytes on a transparent canvas, up to half
 * as much again on a background). A first answer takes speed 9, under the 60 ms a card may
 * cost; a stored asset, encoded once and served many times, takes speed 8. Chroma is subsampled (4:2:0) as WebP's
 * is: 5-10% smaller and a third faster at speed 9 than full chroma.
 */
import { ChromaSubsampling, CompressionType, FilterType, Transformer } from '@napi-rs/image'
import {
  encodingOf,
  type Encoding,
  type Filetype,
  type LossyFiletype,
} from '../../params/image-options'
import { flatten, type Raster } from './raster'

export const CONTENT_TYPES: Record<Filetype, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
}
/** what an encoding favours: `size` for what is stored, `latency` for a first answer */
export type PngPriority = 'size' | 'latency'
export const AVIF_SPEED: Record<PngPriority, number> = { size: 8, latency: 9 }

/** (pixels, bytes) of the typical PNG sizes at the presets, interpolated between them */
const BUDGET: [number, number][] = [
  [512 * 288, 80 * 1024],
  [1024 * 576, 200 * 1024],
  [2048 * 1152, 600 * 1024],
  [4096 * 2304, 2048 * 1024],
]

/** how far over the budget a first answer's PNG may be rather than be encoded again */
export const LATENCY_SLACK = 1.25

export function pngBudget(pixels: number): number {
  if (pixels <= BUDGET[0][0]) return (BUDGET[0][1] * pixels) / BUDGET[0][0]
  for (let i = 1; i < BUDGET.length; i++) {
    const [p0, b0] = BUDGET[i - 1]
    const [p1, b1] = BUDGET[i]
    if (pixels <= p1) return b0 + ((b1 - b0) * (pixels - p0)) / (p1 - p0)
  }
  const [pn, bn] = BUDGET[BUDGET.length - 1]
  return (bn * pixels) / pn
}

const png = (r: Raster, compressionType: CompressionType, filterType: FilterType) =>
  Transformer.fromRgbaPixels(r.pixels, r.width, r.height).png({ compressionType, filterType })

/** a PNG at the fast level; png-bands.ts makes one on several threads */
export type FastPng = (r: Raster) => Promise<Uint8Array>
export const fastPng: FastPng = (r) => png(r, CompressionType.Fast, FilterType.Paeth)

/** a type at its default quality */
export async function encode(
  r: Raster,
  filetype: Filetype,
  priority: PngPriority = 'size',
  fast: FastPng = fastPng,
): Promise<Uint8Array> {
  if (filetype !== 'png') return lossy(r, filetype, encodingOf(filetype, null).quality!, priority)
  if (priority === 'latency') {
    const quick = await fast(r)
    if (quick.byteLength <= LATENCY_SLACK * pngBudget(r.width * r.height)) return quick
  }
  return png(r, CompressionType.Default, FilterType.Adaptive)
}

/** a type at the quality the encoding says (PNG ignores it) */
export const encodeAs = (
  r: Raster,
  { filetype, quality }: Encoding,
  priority: PngPriority = 'size',
): Promise<Uint8Array> =>
  filetype === 'png' || quality === null
    ? encode(r, filetype, priority)
    : lossy(r, filetype, quality, priority)

function lossy(
  r: Raster,
  filetype: LossyFiletype,
  quality: number,
  priority: PngPriority,
): Promise<Uint8Array> {
  if (filetype === 'webp')
    return Transformer.fromRgbaPixels(r.pixels, r.width, r.height).webp(quality)
  if (filetype === 'avif')
    return Transformer.fromRgbaPixels(r.pixels, r.width, r.height).avif({
      quality,
      speed: AVIF_SPEED[priority],
      chromaSubsampling: ChromaSubsampling.Yuv420,
    })
  const flat = flatten(r, [255, 255, 255])
  return Transformer.fromRgbaPixels(flat.pixels, r.width, r.height).jpeg(quality)
}

export const etagOf = (bytes: Uint8Array) =>
  `"${Bun.hash(bytes).toString(36)}-${bytes.byteLength.toString(36)}"`
