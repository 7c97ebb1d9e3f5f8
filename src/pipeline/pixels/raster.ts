/**
 * Pictures as straight-alpha RGBA buffers. Composition and encoding work on these
 * directly: skia's read-backs and premultiplication round trips cost more than the
 * few loops below.
 */
import type { Canvas } from '@napi-rs/canvas'
import type { Rgba } from '../../params/colour'

export interface Raster {
  width: number
  height: number
  pixels: Uint8ClampedArray
}

/** a rectangle of a raster's pixels */
export interface PixelRect {
  x: number
  y: number
  width: number
  height: number
}

export const blankRaster = (width: number, height: number): Raster => ({
  width,
  height,
  pixels: new Uint8ClampedArray(width * height * 4),
})

export function rasterFromCanvas(canvas: Canvas): Raster {
  const { width, height } = canvas
  return {
    width,
    height,
    pixels: canvas.getContext('2d').getImageData(0, 0, width, height).data as Uint8ClampedArray,
  }
}

export function fillSolid(r: Raster, c: Rgba): void {
  const value = ((Math.round(c.a * 255) << 24) | (c.b << 16) | (c.g << 8) | c.r) >>> 0
  new Uint32Array(r.pixels.buffer, r.pixels.byteOffset, r.width * r.height).fill(value)
}

/** Draws `src` (same size as `dst`, straight alpha) over `dst`, inside `box` only. */
export function alphaOver(
  dst: Raster,
  src: Uint8ClampedArray,
  box: PixelRect = { x: 0, y: 0, width: dst.width, height: dst.height },
): void {
  const d = dst.pixels
  const x0 = Math.max(0, Math.floor(box.x))
  const y0 = Math.max(0, Math.floor(box.y))
  const x1 = Math.min(dst.width, Math.ceil(box.x + box.width))
  const y1 = Math.min(dst.height, Math.ceil(box.y + box.height))
  for (let y = y0; y < y1; y++) {
    for (let i = (y * dst.width + x0) * 4, end = (y * dst.width + x1) * 4; i < end; i += 4) {
      const sa = src[i + 3]
      if (sa === 0) continue
      if (sa === 255) {
        d[i] = src[i]
        d[i + 1] = src[i + 1]
        d[i + 2] = src[i + 2]
        d[i + 3] = 255
        continue
      }
      const da = d[i + 3]
      const keep = (da * (255 - sa)) / 255 // destination's share, in alpha units
      const outA = sa + keep
      d[i] = (src[i] * sa + d[i] * keep) / outA
      d[i + 1] = (src[i + 1] * sa + d[i + 1] * keep) / outA
      d[i + 2] = (src[i + 2] * sa + d[i + 2] * keep) / outA
      d[i + 3] = outA
    }
  }
}

/** A copy flattened onto an opaque colour (JPEG has no alpha). */
export function flatten(r: Raster, rgb: [number, number, number]): Raster {
  const out = blankRaster(r.width, r.height)
  fillSolid(out, { r: rgb[0], g: rgb[1], b: rgb[2], a: 1, hex: '' })
  alphaOver(out, r.pixels)
  return out
}
