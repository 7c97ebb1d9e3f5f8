import sharp from 'sharp'
import { GRADIENTS, SUBJECTS, composeCanvas, median } from '../lib/compose-requests'
for (const preset of ['card', 'ultra']) {
  const canvases = SUBJECTS.map((s, i) => composeCanvas({ ...s, resolution: preset, backgroundGradient: GRADIENTS[i], pitch: String(4 + i * 3) }))
  const c = canvases[1]
  const t0 = performance.now(); const d = c.data(); const t1 = performance.now()
  console.log(preset, 'data() ms', (t1 - t0).toFixed(1))
  const variants: Record<string, import('sharp').PngOptions> = {
    e1: { palette: true, effort: 1, compressionLevel: 6 },
    e1l3: { palette: true, effort: 1, compressionLevel: 3 },
    e1l9: { palette: true, effort: 1, compressionLevel: 9 },
    e1d05: { palette: true, effort: 1, dither: 0.5, compressionLevel: 6 },
    e1d0: { palette: true, effort: 1, dither: 0, compressionLevel: 6 },
    e1c128: { palette: true, effort: 1, colours: 128, compressionLevel: 6 },
    e1q80: { palette: true, effort: 1, quality: 80, compressionLevel: 6 },
    e2: { palette: true, effort: 2, compressionLevel: 6 },
  }
  for (const [name, o] of Object.entries(variants)) {
    const res = []
    for (const cv of canvases) {
      const dd = cv.data(); const ts = []
      let b: Buffer = Buffer.alloc(0)
      for (let r = 0; r < 2; r++) { const t = performance.now(); b = await sharp(dd, { raw: { width: cv.width, height: cv.height, channels: 4, premultiplied: true } }).png(o).toBuffer(); ts.push(performance.now() - t) }
      res.push([Math.min(...ts), b.length / 1024])
    }
    console.log(preset, name.padEnd(8), 'ms', res.map(r => r[0].toFixed(0)).join(' '), ' KB', res.map(r => r[1].toFixed(0)).join(' '))
    // opaque-known variant: drop alpha
  }
  const res = []
  for (const cv of canvases) { const dd = cv.data(); const t = performance.now(); const b = await sharp(dd, { raw: { width: cv.width, height: cv.height, channels: 4, premultiplied: true } }).removeAlpha().png({ palette: true, effort: 1 }).toBuffer(); res.push([performance.now() - t, b.length / 1024]) }
  console.log(preset, 'rgb e1  ', 'ms', res.map(r => r[0].toFixed(0)).join(' '), ' KB', res.map(r => r[1].toFixed(0)).join(' '))
}
