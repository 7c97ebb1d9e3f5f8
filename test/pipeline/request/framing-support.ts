/** Compositions drawn small for the framing tests, and their drawn boxes read from alpha. */
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { parseImageQuery } from '../../../src/params/image-query'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import { decide } from '../../../src/pipeline/request/cascade'
import {
  compose,
  planComposition,
  referencePlaneFor,
  type ComposeRequest,
} from '../../../src/pipeline/request/compose'

export const catalog = loadEmbeddedCatalog()
// below the smallest width a caller may ask for: fast pictures
export const W = 160
export const H = 90

export type Box = { x0: number; y0: number; x1: number; y1: number }

export function request(plane: string, query: Record<string, string>): ComposeRequest {
  const { options } = parseImageQuery({ plane, ...query }, (s) => catalog.plane(s) !== undefined)
  options.render.width = W
  const p = catalog.plane(plane)!
  const decision = decide(catalog, p, {
    plane: p,
    airlineRequested: false,
    airline: null,
    liveryType: 'blank',
    angle: options.angle,
    gear: options.gear,
  })
  return {
    decision,
    options,
    referencePlane: referencePlaneFor(catalog, options),
    watermark: false,
  }
}

/** the drawn box (whole pixels, alpha above 0), one composition per distinct picture */
const drawnByFrame = new Map<string, Box>()
export async function drawn(req: ComposeRequest): Promise<Box> {
  const f = planComposition(defaultRenderer, req)
  const d = req.decision
  const key = `${d.plane.slug} ${d.angle} ${d.gear} ${req.options.compose.pitch} ${f.metresPerPixel} ${f.originX} ${f.originY}`
  const hit = drawnByFrame.get(key)
  if (hit) return hit
  const c = await compose(defaultRenderer, { ...req, frame: f })
  const box = alphaBox(c.raster.pixels, W, H)
  drawnByFrame.set(key, box)
  return box
}

export function alphaBox(px: Uint8ClampedArray, w: number, h: number): Box {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -1,
    y1 = -1
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (px[(y * w + x) * 4 + 3] > 0) {
        if (x < x0) x0 = x
        if (x > x1) x1 = x
        if (y < y0) y0 = y
        y1 = y
      }
  return { x0, y0, x1: x1 + 1, y1: y1 + 1 }
}

export const show = (b: Box) =>
  `${b.x0.toFixed(1)},${b.y0.toFixed(1)}..${b.x1.toFixed(1)},${b.y1.toFixed(1)}`
