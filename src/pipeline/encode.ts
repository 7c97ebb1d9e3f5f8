/**
 * Canvas -> file bytes. JPEG has no alpha, so it is flattened on white first.
 * Skia encodes on libuv's thread pool, off the request thread.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas'
import type { Filetype } from '../params/image-options'

export const CONTENT_TYPES: Record<Filetype, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }

export async function encode(canvas: Canvas, filetype: Filetype): Promise<Uint8Array> {
  if (filetype === 'png') return canvas.encode('png')
  if (filetype === 'webp') return canvas.encode('webp', 88)
  const flat = createCanvas(canvas.width, canvas.height)
  const ctx = flat.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, canvas.width, canvas.height)
  ctx.drawImage(canvas, 0, 0)
  return flat.encode('jpeg', 88)
}

export const etagOf = (bytes: Uint8Array) => `"${Bun.hash(bytes).toString(36)}-${bytes.byteLength.toString(36)}"`

export function filetypeOfKey(key: string): Filetype {
  return key.endsWith('.jpg') ? 'jpg' : key.endsWith('.webp') ? 'webp' : 'png'
}
