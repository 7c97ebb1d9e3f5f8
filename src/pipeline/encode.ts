/**
 * Raster -> file bytes, with @napi-rs/image (Rust encoders) from straight RGBA, off
 * the request thread. PNG: zlib default level with adaptive filters, measured in
 * bench/encode.ts against skia, sharp and faster/denser settings (see README).
 * JPEG has no alpha, so it is flattened on white first.
 */
import { CompressionType, FilterType, Transformer } from '@napi-rs/image'
import type { Filetype } from '../params/image-options'
import { flatten, type Raster } from './raster'

export const CONTENT_TYPES: Record<Filetype, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }

export async function encode(r: Raster, filetype: Filetype): Promise<Uint8Array> {
  if (filetype === 'png')
    return Transformer.fromRgbaPixels(r.pixels, r.width, r.height).png({ compressionType: CompressionType.Default, filterType: FilterType.Adaptive })
  if (filetype === 'webp') return Transformer.fromRgbaPixels(r.pixels, r.width, r.height).webp(88)
  const flat = flatten(r, [255, 255, 255])
  return Transformer.fromRgbaPixels(flat.pixels, r.width, r.height).jpeg(88)
}

export const etagOf = (bytes: Uint8Array) => `"${Bun.hash(bytes).toString(36)}-${bytes.byteLength.toString(36)}"`
