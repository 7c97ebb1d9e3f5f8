/**
 * The framing grid of one model: every angle x zoomType x scale x margin {0, 8, 30, 45} x
 * zoomLevel {0.5, 1, 3}, composed small and transparent (alpha read back). The expected box of
 * each picture is worked out here from the rule's own definition and the measured aircraft, and
 * compared with what was drawn, clipped by the canvas. Pictures framed alike are drawn once.
 */
import { ANGLES, type Angle } from '../../../src/catalog/types'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import { planComposition, type ComposeRequest } from '../../../src/pipeline/request/compose'
import { margins } from '../../../src/pipeline/request/frame'
import { measure, render } from '../../../src/render'
import { H, W, alphaBox, catalog, drawn, request, show, type Box } from './framing-support'

const TOL = 2 // px: antialiased edges, and thin tips a coarse picture leaves uncovered
const MARGINS = [0, 8, 30, 45]
const ZOOMS = [0.5, 1, 3]

/** the aircraft's measured box drawn at pxPerM, centred on the canvas, then clipped by it */
export function expectedBox(plane: string, angle: Angle, pxPerM: number): Box {
  const b = measure(catalog.plane(plane)!, angle, 'down')
  const w = (b.maxX - b.minX) * pxPerM,
    h = (b.maxY - b.minY) * pxPerM
  return {
    x0: Math.max(0, W / 2 - w / 2),
    x1: Math.min(W, W / 2 + w / 2),
    y0: Math.max(0, H / 2 - h / 2),
    y1: Math.min(H, H / 2 + h / 2),
  }
}

/**
 * what is wrong with a drawn box against the expected one: equal (within TOL) where the canvas
 * cuts nothing; where it cuts, the drawing stays inside the expected box and, along an axis cut
 * at both ends while the other is whole, reaches both edges (the fuselage runs through the cut)
 */
export function disagreement(d: Box, e: Box): string | null {
  // in a picture a few pixels across, parts thinner than a pixel (a fin seen edge-on) may not show
  const tol = Math.max(e.x1 - e.x0, e.y1 - e.y0) < 40 ? TOL + 1.5 : TOL
  const cutX = e.x0 <= 0.5 || e.x1 >= W - 0.5
  const cutY = e.y0 <= 0.5 || e.y1 >= H - 0.5
  const say = `drew ${show(d)}, defined ${show(e)}`
  if (!cutX && !cutY)
    return Math.max(
      Math.abs(d.x0 - e.x0),
      Math.abs(d.x1 - e.x1),
      Math.abs(d.y0 - e.y0),
      Math.abs(d.y1 - e.y1),
    ) > tol
      ? say
      : null
  if (d.x0 < e.x0 - tol || d.x1 > e.x1 + tol || d.y0 < e.y0 - tol || d.y1 > e.y1 + tol)
    return `${say}: outside it`
  if (cutX && !cutY && (d.x0 > 0 || d.x1 < W))
    return `${say}: cut at the sides but not reaching them`
  if (cutY && !cutX && (d.y0 > 0 || d.y1 < H))
    return `${say}: cut at top and bottom but not reaching them`
  return null
}

/** pixels per metre each rule asks for, from its definition (decisions.md), before zoomLevel */
export function definedScale(
  plane: string,
  angle: Angle,
  scale: string,
  margin: number,
  reference = catalog.largestPlane(),
): number {
  const { x: mx, y: my } = margins(W, H, margin)
  const b = measure(catalog.plane(plane)!, angle, 'down')
  const w = b.maxX - b.minX,
    h = b.maxY - b.minY
  if (scale === 'absolute') return (W - 2 * mx) / w
  if (scale === 'fleet') {
    const r = measure(reference, angle, 'down')
    // the reference's length spans the margin box's width, unless its silhouette would cross the box
    return Math.min(
      (W - 2 * mx) / reference.lengthM,
      (W - 2 * mx) / (r.maxX - r.minX),
      (H - 2 * my) / (r.maxY - r.minY),
    )
  }
  // contain: the whole aircraft inside the margin box (at least a pixel of it)
  return Math.min((W - 2 * Math.max(1, mx)) / w, (H - 2 * Math.max(1, my)) / h)
}

/** the aircraft's box placed by a frame, clipped by the canvas */
function placedBox(
  plane: string,
  angle: Angle,
  f: { metresPerPixel: number; originX: number; originY: number },
): Box {
  const b = measure(catalog.plane(plane)!, angle, 'down')
  const k = 1 / f.metresPerPixel
  const clip = (v: number, max: number) => Math.min(max, Math.max(0, v))
  return {
    x0: clip(f.originX + b.minX * k, W),
    x1: clip(f.originX + b.maxX * k, W),
    y0: clip(f.originY - b.maxY * k, H),
    y1: clip(f.originY - b.minY * k, H),
  }
}

/** the drawn box of a framing on the canvas grown by gx, gy on each side (what the canvas crops away) */
function grownBox(req: ComposeRequest, gx: number, gy: number): Box {
  const f = planComposition(defaultRenderer, req)
  const d = req.decision
  const r = render({
    plane: d.plane,
    livery: null,
    angle: d.angle,
    gear: d.gear,
    width: W + 2 * gx,
    height: H + 2 * gy,
    placement: {
      metresPerPixel: f.metresPerPixel,
      originX: f.originX + gx,
      originY: f.originY + gy,
    },
  })
  return alphaBox(r.pixels, W + 2 * gx, H + 2 * gy)
}

/** the problems of one model, angle and margin, every zoomType, scale and zoom */
async function problemsAt(plane: string, angle: Angle, margin: number): Promise<string[]> {
  const bad: string[] = []
  const { x: mx, y: my } = margins(W, H, margin)
  const frames: Record<string, { metresPerPixel: number; originX: number; originY: number }> = {}
  for (const zoom of ZOOMS) {
    const q = { angle, marginPercent: String(margin), zoomLevel: String(zoom) }
    const at = `${angle} m${margin} z${zoom}`
    const check = (what: string, d: Box, e: Box) => {
      const wrong = disagreement(d, e)
      if (wrong) bad.push(`${at} ${what}: ${wrong}`)
    }
    // scale=absolute and fleet size by their own rule, whatever the zoomType
    for (const zoomType of ['contain', 'fill'])
      for (const scale of ['absolute', 'fleet'])
        check(
          `${zoomType} ${scale}`,
          await drawn(request(plane, { ...q, zoomType, scale })),
          expectedBox(plane, angle, definedScale(plane, angle, scale, margin) * zoom),
        )
    const contain = await drawn(request(plane, { ...q, zoomType: 'contain' }))
    check(
      'contain',
      contain,
      expectedBox(plane, angle, definedScale(plane, angle, 'none', margin) * zoom),
    )
    if (
      zoom <= 1 &&
      (contain.x0 < mx - TOL ||
        contain.x1 > W - mx + TOL ||
        contain.y0 < my - TOL ||
        contain.y1 > H - my + TOL)
    )
      bad.push(`${at} contain: ${show(contain)} crosses the margin (${mx}, ${my})`)

    const fillReq = request(plane, { ...q, zoomType: 'fill' })
    const fill = await drawn(fillReq)
    frames[zoom] = planComposition(defaultRenderer, fillReq)
    check('fill', fill, placedBox(plane, angle, frames[zoom]))
    if (zoom >= 1 && (fill.x0 > 0 || fill.y0 > 0 || fill.x1 < W || fill.y1 < H))
      bad.push(`${at} fill: ${show(fill)} leaves the canvas uncovered`)
    const [gx, gy] = [Math.floor(mx), Math.floor(my)]
    if (zoom === 1 && gx > 0) {
      const grown = grownBox(fillReq, gx, gy)
      if (grown.x0 > 0 || grown.y0 > 0 || grown.x1 < W + 2 * gx || grown.y1 < H + 2 * gy)
        bad.push(
          `${at} fill: reaches ${show(grown)}, not the margin past the canvas (${gx}, ${gy})`,
        )
    }
  }
  // zoom below 1 shrinks the cover about the same point of the aircraft
  const [half, one] = [frames[0.5], frames[1]]
  const centre = (f: typeof one) => [
    (W / 2 - f.originX) * f.metresPerPixel,
    (f.originY - H / 2) * f.metresPerPixel,
  ]
  if (
    Math.abs(half.metresPerPixel / one.metresPerPixel - 2) > 1e-9 ||
    Math.abs(centre(half)[0] - centre(one)[0]) + Math.abs(centre(half)[1] - centre(one)[1]) > 1e-6
  )
    bad.push(`${angle} m${margin} fill: zoom 0.5 is not the cover at half the size`)
  return bad
}

/** every problem of one model's grid */
export async function gridProblems(plane: string): Promise<string[]> {
  const bad: string[] = []
  for (const angle of ANGLES)
    for (const margin of MARGINS) bad.push(...(await problemsAt(plane, angle, margin)))
  return bad
}
