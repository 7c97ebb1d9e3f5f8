import { afterAll, describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { parseHexColour } from '../../../src/params/colour'
import { fillLinearGradient } from '../../../src/pipeline/pixels/gradient-fill'
import { alphaOver, fillSolid, type Raster } from '../../../src/pipeline/pixels/raster'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import { threadedRenderer } from '../../../src/pipeline/threads/render-threads'
import { compose, composePng } from '../../../src/pipeline/request/compose'
import { parseGradient } from '../../../src/params/gradient'
import { render, type RenderSpec } from '../../../src/render'
import { composeRequest } from '../../../bench/lib/compose-requests'

const catalog = loadEmbeddedCatalog()
const W = 480,
  H = 270

const spec: RenderSpec = {
  plane: catalog.plane('boeing-787-9')!,
  livery: catalog.airline('klm')!.livery,
  angle: '345',
  gear: 'down',
  pitch: 7,
  width: W,
  height: H,
  placement: { metresPerPixel: 0.14, originX: 240, originY: 150 },
}

const backgrounds: [string, (r: Raster) => void][] = [
  [
    'a gradient',
    (r) => fillLinearGradient(r, parseGradient('linear:135:#ff9a8b-0,#ff6a88-0.55,#ff99ac-1')!),
  ],
  ['a half-transparent colour', (r) => fillSolid(r, parseHexColour('#11223380')!)],
]

describe('drawing over the background', () => {
  for (const [name, paint] of backgrounds)
    test(`gives the same bytes as drawing alone and blending after, over ${name}`, () => {
      const alone = render(spec)
      const after: Raster = { width: W, height: H, pixels: new Uint8ClampedArray(W * H * 4) }
      paint(after)
      alphaOver(after, alone.pixels, alone.bbox)
      const over: Raster = { width: W, height: H, pixels: new Uint8ClampedArray(W * H * 4) }
      paint(over)
      render({ ...spec, into: over.pixels, over: true })
      expect(
        Buffer.compare(Buffer.from(over.pixels.buffer), Buffer.from(after.pixels.buffer)),
      ).toBe(0)
    })
})

describe('a composition', () => {
  const threads = threadedRenderer(2)
  afterAll(() => threads.close())
  const req = composeRequest(
    {
      plane: 'a350',
      airline: 'lufthansa',
      angle: '315',
      resolution: 'card',
      pitch: '6',
      backgroundGradient: 'linear:90:#0b1d3a-0,#3a6ea5-0.6,#f4d58d-1',
    },
    false,
  )

  test('comes out the same drawn over its background here as finished on a render thread under load', async () => {
    const here = await composePng(defaultRenderer, req)
    const offloaded = await composePng(threads, req, undefined, true)
    expect(Buffer.compare(Buffer.from(here), Buffer.from(offloaded))).toBe(0)
  })

  test('with a background is one canvas: the drawing is on the background it returns', async () => {
    const c = await compose(defaultRenderer, req)
    const px = c.raster.pixels
    let opaque = 0
    for (let i = 3; i < px.length; i += 4) if (px[i] === 255) opaque++
    // a gradient under everything: every pixel opaque
    expect(opaque).toBe(px.length / 4)
  })
})
