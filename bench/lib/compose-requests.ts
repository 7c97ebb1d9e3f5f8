/**
 * Builds the service's own ComposeRequests from image-route queries, exactly as
 * handleImageRequest does (parse -> resolve -> cascade -> reference plane), so the
 * benches measure the pixels the service really produces.
 */
import { createCanvas } from '@napi-rs/canvas'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { createResolver } from '../../src/catalog/resolve'
import { parseImageQuery } from '../../src/params/image-query'
import { decide } from '../../src/pipeline/request/cascade'
import { compose, referencePlaneFor, type ComposeRequest } from '../../src/pipeline/request/compose'
import { defaultRenderer } from '../../src/pipeline/pixels/renderer'

export const catalog = loadEmbeddedCatalog()
const resolver = createResolver(catalog)
const defaultPlane = catalog.plane('airbus-a320-200')!

export const PRESETS = ['thumb', 'card', 'hd', 'ultra'] as const
export type Preset = (typeof PRESETS)[number]

export const GRADIENTS = [
  'linear:180:#87CEEB-0,#ffffff-1',
  'linear:90:#0b1d3a-0,#3a6ea5-0.6,#f4d58d-1',
  'linear:135:#ff9a8b-0,#ff6a88-0.55,#ff99ac-1',
  'linear:200:#1e3c72-0,#2a5298-1',
]

/** 4 different models and liveries, used across the benches */
export const SUBJECTS = [
  { plane: 'airbus-a350-900', airline: 'lufthansa', angle: '345' },
  { plane: 'boeing-787-9', airline: 'klm', angle: '315' },
  { plane: 'airbus-a380-800', airline: 'emirates', angle: '45' },
  { plane: 'boeing-737-800', airline: 'ryanair', angle: '270' },
]

const ANGLES = ['345', '315', '45', '270', '90', '135']
/**
 * every (plane, airline) pair where the airline flies the plane, in an order that moves across
 * planes and airlines: the request draws that airline's livery (a pair outside the fleet would
 * fall back to the blank aircraft, whose textures the next request of that plane reuses)
 */
const FLOWN = catalog.airlines
  .flatMap((a, ai) => a.fleet.map((plane, pi) => ({ plane, airline: a.slug, order: pi * 97 + ai })))
  .sort((a, b) => a.order - b.order)

/**
 * `n` distinct first compositions at `resolution` from the `first`-th flown pair on: a livery not
 * drawn before (new textures), each with a different angle, pitch and gradient
 */
export function firstCompositions(
  resolution: string,
  first: number,
  n: number,
): Record<string, string>[] {
  return Array.from({ length: n }, (_, i) => ({
    plane: FLOWN[(first + i) % FLOWN.length].plane,
    airline: FLOWN[(first + i) % FLOWN.length].airline,
    angle: ANGLES[(i + first) % ANGLES.length],
    resolution,
    pitch: String(3 + ((i * 7 + first) % 20)),
    backgroundGradient: GRADIENTS[i % GRADIENTS.length],
  }))
}

export function composeRequest(query: Record<string, string>, authorized = true): ComposeRequest {
  const { options, problems } = parseImageQuery(query, (slug) => catalog.plane(slug) !== undefined)
  if (problems.length)
    throw new Error(
      `bench query ${JSON.stringify(query)}: ${problems.map((p) => p.message).join('; ')}`,
    )
  const plane = options.plane
    ? resolver.plane(options.plane.value, options.plane.method).item
    : null
  const airline = options.airline
    ? resolver.airline(options.airline.value, options.airline.method).item
    : null
  const decision = decide(catalog, defaultPlane, {
    plane,
    airlineRequested: options.airline !== null,
    airline,
    liveryType: options.liveryType,
    angle: options.angle,
    gear: options.gear,
  })
  return {
    decision,
    options,
    referencePlane: referencePlaneFor(catalog, options),
    watermark: !authorized,
  }
}

/** a composition as a skia canvas, so every candidate encoder starts from the same thing */
export async function composeCanvas(query: Record<string, string>, authorized = true) {
  const { raster } = await compose(defaultRenderer, composeRequest(query, authorized))
  const canvas = createCanvas(raster.width, raster.height)
  const ctx = canvas.getContext('2d')
  const image = ctx.createImageData(raster.width, raster.height)
  image.data.set(raster.pixels)
  ctx.putImageData(image, 0, 0)
  return canvas
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d
