import { composeCanvas, SUBJECTS, GRADIENTS } from '../lib/compose-requests'
import sharp from 'sharp'
import { Transformer, CompressionType, FilterType, pngQuantize, losslessCompressPng } from '@napi-rs/image'
const c = composeCanvas({ ...SUBJECTS[1], resolution: 'ultra', backgroundGradient: GRADIENTS[1], pitch: '8' })
const W = c.width, H = c.height
const time = async (name: string, f: () => Promise<Uint8Array> | Uint8Array) => {
  let best = Infinity, out: Uint8Array | undefined
  for (let i = 0; i < 2; i++) { const t = performance.now(); out = await f(); best = Math.min(best, performance.now() - t) }
  console.log(name.padEnd(40), best.toFixed(0).padStart(6), 'ms', (out!.length / 1024).toFixed(0).padStart(6), 'KB')
  return out!
}
const d = await time('data()', () => c.data())
await time('getImageData', () => c.getContext('2d').getImageData(0, 0, W, H).data as any)
await time('skia png', () => c.encode('png'))
for (const ct of [CompressionType.Fast, CompressionType.Default])
  for (const ft of [FilterType.NoFilter, FilterType.Sub, FilterType.Up, FilterType.Paeth, FilterType.Adaptive])
    await time(`napi png ct${ct} ft${ft}`, () => Transformer.fromRgbaPixels(d, W, H).png({ compressionType: ct, filterType: ft }))
const fast = await Transformer.fromRgbaPixels(d, W, H).png({ compressionType: CompressionType.Fast, filterType: FilterType.Adaptive })
const raw = { width: W, height: H, channels: 4 as const, premultiplied: true }
for (const lvl of [1, 3, 6]) {
  await time(`sharp rgba lvl${lvl} adaptive`, () => sharp(d, { raw }).png({ compressionLevel: lvl, adaptiveFiltering: true }).toBuffer())
  await time(`sharp rgba lvl${lvl}`, () => sharp(d, { raw }).png({ compressionLevel: lvl }).toBuffer())
  await time(`sharp rgb lvl${lvl}`, () => sharp(d, { raw }).removeAlpha().png({ compressionLevel: lvl }).toBuffer())
}
for (const effort of [1, 4, 7]) {
  await time(`sharp palette effort${effort}`, () => sharp(d, { raw }).png({ palette: true, effort, compressionLevel: 6 }).toBuffer())
  await time(`sharp palette effort${effort} q90 l3`, () => sharp(d, { raw }).png({ palette: true, effort, quality: 90, compressionLevel: 3 }).toBuffer())
}
