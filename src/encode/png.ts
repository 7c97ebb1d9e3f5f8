/**
 * PNG encoding of a skia canvas, chosen by bench/encode.ts on the service's own
 * composed images (gradient backgrounds make skia's dithered gradients expensive to
 * compress losslessly):
 *
 * 1. lossless, @napi-rs/image (zlib default level, Sub filter): several times faster
 *    than skia's encoder and smaller. Kept when it fits the size budget of its pixel
 *    count (the service's targets: 512 px 80 KB, 1024 px 200 KB, 2048 px 600 KB,
 *    4096 px 2 MB, all 16:9).
 * 2. otherwise a 256-colour palette with dithering (libimagequant through sharp,
 *    effort 1): 3-5x smaller again; gradients stay smooth thanks to the dithering.
 *    When sharp cannot be loaded, the lossless bytes are kept.
 *
 * Both encoders run on the libuv / libvips thread pools; the request thread only pays
 * for one copy of the pixels (getImageData, unpremultiplied RGBA).
 */
import type { Canvas } from '@napi-rs/canvas'
import { CompressionType, FilterType, Transformer } from '@napi-rs/image'

/** (pixels, bytes) of the size targets, interpolated linearly between them */
const BUDGET: [number, number][] = [
  [512 * 288, 80 * 1024],
  [1024 * 576, 200 * 1024],
  [2048 * 1152, 600 * 1024],
  [4096 * 2304, 2048 * 1024],
]

/** the byte budget of an image of this many pixels (pro rata beyond the table) */
export function pngBudget(pixels: number): number {
  const [p0, b0] = BUDGET[0]
  if (pixels <= p0) return (b0 * pixels) / p0
  for (let i = 1; i < BUDGET.length; i++) {
    const [p1, b1] = BUDGET[i]
    const [pa, ba] = BUDGET[i - 1]
    if (pixels <= p1) return ba + ((b1 - ba) * (pixels - pa)) / (p1 - pa)
  }
  const [pn, bn] = BUDGET[BUDGET.length - 1]
  return (bn * pixels) / pn
}

type Sharp = typeof import('sharp').default
let sharpModule: Promise<Sharp | null> | undefined
/** sharp is optional: loaded on the first over-budget image, null when it cannot be */
const loadSharp = () =>
  (sharpModule ??= import('sharp').then(
    (m) => m.default,
    () => null,
  ))

export interface PngEncodeResult {
  bytes: Uint8Array
  mode: 'lossless' | 'palette'
}

export async function encodePngDetailed(canvas: Canvas): Promise<PngEncodeResult> {
  const { width, height } = canvas
  const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data
  const lossless = await Transformer.fromRgbaPixels(pixels, width, height).png({
    compressionType: CompressionType.Default,
    filterType: FilterType.Sub,
  })
  if (lossless.byteLength <= pngBudget(width * height)) return { bytes: lossless, mode: 'lossless' }
  const sharp = await loadSharp()
  if (!sharp) return { bytes: lossless, mode: 'lossless' }
  const palette = await sharp(pixels, { raw: { width, height, channels: 4 } })
    .png({ palette: true, effort: 1, dither: 1, compressionLevel: 6 })
    .toBuffer()
    .catch(() => null) // a failing quantiser must not lose the image: the lossless bytes are valid
  return palette && palette.byteLength < lossless.byteLength ? { bytes: palette, mode: 'palette' } : { bytes: lossless, mode: 'lossless' }
}

/** PNG bytes of the canvas: lossless when that fits the size budget, else a dithered palette */
export async function encodePng(canvas: Canvas): Promise<Uint8Array> {
  return (await encodePngDetailed(canvas)).bytes
}
