/**
 * `bun src/cli/readme-pictures.ts`: the README's pictures, made by the service's own composition
 * (query -> options -> cascade -> compose), written to docs/readme/.
 *   fleet-poster.png  the five longest models side by side on one scale (scale=fleet, the longest
 *                     as reference, align=bottom): one metres-per-pixel, one ground line
 *   hero-345.png      a 787-9 climbing at 345 (pitch 12) at hd (2048 px), over a gradient: the README's first picture
 */
import { createCanvas } from '@napi-rs/canvas'
import { mkdirSync } from 'node:fs'
import { loadEmbeddedCatalog } from '../catalog/embedded'
import { parseImageQuery } from '../params/image-query'
import { encode } from '../pipeline/pixels/encode'
import { defaultRenderer } from '../pipeline/pixels/renderer'
import type { Raster } from '../pipeline/pixels/raster'
import { decide } from '../pipeline/request/cascade'
import { compose, referencePlaneFor } from '../pipeline/request/compose'
import { canvasOf } from '../render'
import { drawLabel } from '../render/lettering/label'

const OUT = 'docs/readme'
const catalog = loadEmbeddedCatalog()

/** one composition, as the image route would draw it for this query */
async function composed(query: Record<string, string>): Promise<Raster> {
  const { options, problems } = parseImageQuery(query, (s) => catalog.plane(s) !== undefined)
  if (problems.length)
    throw new Error(`readme-pictures: ${problems.map((p) => p.message).join('; ')}`)
  const plane = catalog.plane(query.plane)!
  const airline = query.airline ? catalog.airline(query.airline)! : null
  const decision = decide(catalog, plane, {
    plane,
    airlineRequested: airline !== null,
    airline,
    liveryType: options.liveryType,
    angle: options.angle,
    gear: options.gear,
  })
  const c = await compose(defaultRenderer, {
    decision,
    options,
    referencePlane: referencePlaneFor(catalog, options),
    watermark: false,
  })
  return c.raster
}

/** the first and last rows with anything drawn */
function drawnRows(r: Raster): [number, number] {
  let first = r.height,
    last = -1
  for (let y = 0; y < r.height; y++)
    for (let x = 0; x < r.width; x++)
      if (r.pixels[(y * r.width + x) * 4 + 3] > 0) {
        first = Math.min(first, y)
        last = y
        break
      }
  return [first, last]
}

/** an airline that flies the model, by preference, or none (the blank aircraft) */
const PREFERRED = ['emirates', 'lufthansa', 'qatar-airways', 'korean-air', 'british-airways']
const operator = (slug: string) =>
  PREFERRED.find((a) => catalog.operates(catalog.airline(a)!, catalog.plane(slug)!))

async function fleetPoster(): Promise<Uint8Array> {
  const longest = [...catalog.planes].sort((a, b) => b.lengthM - a.lengthM).slice(0, 5)
  const reference = longest[0].slug
  const rows = await Promise.all(
    longest.map(async (p) => {
      const airline = operator(p.slug)
      const query = {
        plane: p.slug,
        angle: '90',
        resolution: 'card',
        scale: 'fleet',
        referencePlane: reference,
        align: 'bottom',
        marginPercent: '4',
      }
      return { plane: p, airline, raster: await composed(airline ? { ...query, airline } : query) }
    }),
  )
  // every row shares the scale and the ground line: cut them all to the rows the tallest needs
  const top = Math.min(...rows.map((r) => drawnRows(r.raster)[0])) - 34
  const bottom = rows[0].raster.height
  const W = rows[0].raster.width,
    bandH = bottom - top,
    head = 64
  const poster = createCanvas(W, head + rows.length * bandH)
  const ctx = poster.getContext('2d')
  const sky = ctx.createLinearGradient(0, 0, 0, poster.height)
  sky.addColorStop(0, '#0b1d3a')
  sky.addColorStop(1, '#3a6ea5')
  ctx.fillStyle = sky
  ctx.fillRect(0, 0, W, poster.height)
  drawLabel(ctx, 'The five longest models, one scale', 24, 40, 26, '#ffffff', { bold: true })
  const query = `scale=fleet&referencePlane=${reference}&align=bottom`
  drawLabel(ctx, query, W - 24, 40, 15, '#ffffff', { align: 'right' })
  rows.forEach((row, i) => {
    const y = head + i * bandH
    ctx.drawImage(
      canvasOf(row.raster.pixels, W, row.raster.height),
      0,
      top,
      W,
      bandH,
      0,
      y,
      W,
      bandH,
    )
    ctx.fillStyle = 'rgba(255,255,255,0.35)'
    ctx.fillRect(0, y + bandH - Math.round(row.raster.height * 0.04), W, 1) // the common ground line
    // labels at the top right, over the sky above the forward fuselage (tails are on the left)
    const right = (text: string, dy: number, px: number, bold = false) =>
      drawLabel(ctx, text, W - 24, y + dy, px, '#ffffff', { align: 'right', bold })
    right(`${row.plane.name}  ${row.plane.lengthM.toFixed(2)} m`, 24, 17, true)
    right(
      row.airline ? catalog.airline(row.airline)!.name : 'blank (no operator in the catalog)',
      44,
      14,
    )
  })
  return await poster.encode('png')
}

async function hero(): Promise<Uint8Array> {
  const raster = await composed({
    plane: 'boeing-787-9',
    airline: 'air-new-zealand',
    angle: '345',
    resolution: 'hd',
    pitch: '12',
    backgroundGradient: 'linear:180:#5b9bd5-0,#dcecf8-0.75,#f6efe0-1',
  })
  return await encode(raster, 'png')
}

mkdirSync(OUT, { recursive: true })
await Bun.write(`${OUT}/fleet-poster.png`, await fleetPoster())
await Bun.write(`${OUT}/hero-345.png`, await hero())
console.log(`wrote ${OUT}/fleet-poster.png and ${OUT}/hero-345.png`)
