/**
 * The last resort of the cascade: a small image drawn with plain 2D paths, made
 * once, so that even a broken renderer or store still answers with a picture.
 */
import { createCanvas } from '@napi-rs/canvas'
import type { CachedImage } from './byte-cache'
import { CONTENT_TYPES, encode, etagOf } from '../pixels/encode'
import type { Filetype } from '../../params/image-options'
import { rasterFromCanvas } from '../pixels/raster'
import { drawLabel } from '../../render/lettering/label'

const made = new Map<Filetype, Promise<CachedImage>>()

async function draw(filetype: Filetype): Promise<CachedImage> {
  const canvas = createCanvas(640, 360)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#9aa5b1'
  ctx.beginPath() // a side-view silhouette: fuselage, wing, fin
  ctx.moveTo(90, 190)
  ctx.bezierCurveTo(100, 165, 140, 160, 170, 160)
  ctx.lineTo(500, 160)
  ctx.lineTo(560, 95)
  ctx.lineTo(590, 95)
  ctx.lineTo(575, 170)
  ctx.bezierCurveTo(560, 195, 540, 205, 500, 205)
  ctx.lineTo(150, 205)
  ctx.bezierCurveTo(115, 205, 95, 200, 90, 190)
  ctx.fill()
  ctx.fillStyle = '#7b8794'
  ctx.fillRect(250, 190, 130, 14)
  // our own lettering: no font to be missing on the host
  drawLabel(ctx, 'image unavailable', 250, 260, 18, '#7b8794', { bold: true })
  const bytes = await encode(rasterFromCanvas(canvas), filetype)
  return { bytes, etag: etagOf(bytes), contentType: CONTENT_TYPES[filetype] }
}

export function builtinImage(filetype: Filetype): Promise<CachedImage> {
  let image = made.get(filetype)
  if (!image) made.set(filetype, (image = draw(filetype)))
  return image
}
