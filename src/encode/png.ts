import type { Canvas } from '@napi-rs/canvas'
export async function encodePng(canvas: Canvas): Promise<Uint8Array> {
  return canvas.encode('png')
}
