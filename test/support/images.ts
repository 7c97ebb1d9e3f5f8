/** Helpers to look at images in tests: decode, alpha bounding box, pixel access. */
import { createCanvas, loadImage } from '@napi-rs/canvas'

export async function decode(bytes: Uint8Array | ArrayBuffer) {
  const image = await loadImage(Buffer.from(bytes as ArrayBuffer))
  const canvas = createCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(image, 0, 0)
  const { data } = ctx.getImageData(0, 0, image.width, image.height)
  return { width: image.width, height: image.height, data }
}

export type Pixels = Awaited<ReturnType<typeof decode>>

export const pixel = (img: Pixels, x: number, y: number) => {
  const i = (Math.round(y) * img.width + Math.round(x)) * 4
  return [img.data[i], img.data[i + 1], img.data[i + 2], img.data[i + 3]]
}

/** Bounding box of pixels that differ from the background colour (or are not transparent). */
export function contentBox(
  img: Pixels,
  isBackground: (r: number, g: number, b: number, a: number) => boolean = (_r, _g, _b, a) => a < 16,
) {
  let minX = Infinity,
    minY = Infinity,
    maxX = -1,
    maxY = -1
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) {
      const i = (y * img.width + x) * 4
      if (isBackground(img.data[i], img.data[i + 1], img.data[i + 2], img.data[i + 3])) continue
      if (x < minX) minX = x
      if (x > maxX) maxX = x
      if (y < minY) minY = y
      if (y > maxY) maxY = y
    }
  return { minX, minY, maxX, maxY, width: maxX - minX + 1, height: maxY - minY + 1 }
}

export function meanAbsDifference(a: Pixels, b: Pixels): number {
  let sum = 0
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i])
  return sum / a.data.length
}
