/**
 * The mark on images served without a valid key: a diagonal repeated caption and a
 * corner badge, semi-transparent so the aircraft stays visible, with a light and a
 * dark layer so it shows on white, dark and transparent backgrounds alike. Drawn
 * once per image size as an overlay, then blended over each picture.
 */
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas'
import type { Filetype } from '../../params/image-options'
import { drawLabel, labelWidth } from '../../render/lettering/label'
import { encode } from './encode'
import { alphaOver, rasterFromCanvas, type Raster } from './raster'

export const CAPTION = 'PREVIEW · AIRCRAFT IMAGES · NO API KEY'
export const BADGE = 'Preview — add an API key for a clean image'

function drawWatermark(ctx: SKRSContext2D, width: number, height: number): void {
  const size = Math.max(12, Math.round(width / 42))
  ctx.save()
  // our own lettering, not a font: the same mark on every host, fonts installed or not
  ctx.translate(width / 2, height / 2)
  ctx.rotate(-Math.PI / 9)
  const step = size * 5.5
  const span = Math.hypot(width, height)
  const textWidth = labelWidth(CAPTION, size, true) + size * 3
  const look = {
    bold: true,
    baseline: 'middle' as const,
    halo: { colour: 'rgba(20, 30, 45, 0.22)', width: Math.max(0.5, size / 16) },
  }
  for (let y = -span / 2, row = 0; y < span / 2; y += step, row++) {
    for (let x = -span / 2 - (row % 2) * (textWidth / 2); x < span / 2; x += textWidth)
      drawLabel(ctx, CAPTION, x, y, size, 'rgba(255, 255, 255, 0.30)', look)
  }
  ctx.restore()
  const badgeSize = Math.max(11, Math.round(width / 70))
  const w = labelWidth(BADGE, badgeSize, true) + badgeSize * 1.6
  const h = badgeSize * 2
  ctx.fillStyle = 'rgba(15, 23, 42, 0.55)'
  ctx.fillRect(width - w - badgeSize * 0.6, height - h - badgeSize * 0.6, w, h)
  drawLabel(
    ctx,
    BADGE,
    width - w - badgeSize * 0.6 + badgeSize * 0.8,
    height - h / 2 - badgeSize * 0.6,
    badgeSize,
    'rgba(255, 255, 255, 0.92)',
    { bold: true, baseline: 'middle' },
  )
}

const overlays = new Map<string, Uint8ClampedArray>()
const MAX_OVERLAYS = 4

function overlay(width: number, height: number): Uint8ClampedArray {
  const key = `${width}x${height}`
  let pixels = overlays.get(key)
  if (!pixels) {
    const canvas = createCanvas(width, height)
    drawWatermark(canvas.getContext('2d'), width, height)
    pixels = rasterFromCanvas(canvas).pixels
    if (overlays.size >= MAX_OVERLAYS) overlays.delete(overlays.keys().next().value!)
    overlays.set(key, pixels)
  }
  return pixels
}

export function watermark(r: Raster): void {
  alphaOver(r, overlay(r.width, r.height))
}

/** Decodes stored bytes, marks them and encodes them again in the same type. */
export async function watermarkBytes(bytes: Uint8Array, filetype: Filetype): Promise<Uint8Array> {
  const image = await loadImage(Buffer.from(bytes))
  const canvas = createCanvas(image.width, image.height)
  canvas.getContext('2d').drawImage(image, 0, 0)
  const r = rasterFromCanvas(canvas)
  watermark(r)
  return encode(r, filetype)
}
