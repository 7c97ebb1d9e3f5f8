/**
 * The fan cowl's texture, only for liveries with engine titles or an engine emblem: the engine
 * colour with the titles and the emblem on the cowl's two sides. Nacelles are revolved with
 * u = zone (the cowl from Zone.Cowl to Zone.Cowl + 0.9, linear in length) and v = angle fraction
 * from starboard (0) over the top (0.25) to port (0.5), the same on every engine. Seen from the
 * right (nose to the right) the starboard band shows rotated half a turn; from the left the port
 * band shows as painted: each side's letters are laid out for its view, and the emblem is flipped
 * upside down on the starboard band, so that turned half a turn it shows mirrored, its front
 * towards the nose on both sides.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { Model } from '../parts/model'
import { enginePositions } from '../parts/engine'
import { Zone } from '../parts/materials'
import { paintTexture, type Texture } from '../raster/texture'
import { drawEmblem, readsFromBothSides } from './emblems'
import { hex, type Scheme } from './scheme'
import { drawLettering } from '../lettering/draw'
import { partLettering, partPlacement } from '../lettering/part-letters'

/** the share of the nacelle length the fan cowl covers (parts/engine.ts: nacelle()) */
const COWL = { short: 0.74, long: 0.93 }

export function nacelleTexture(model: Model, scheme: Scheme, k: number): Texture | undefined {
  const t = scheme.design.engineTitles
  const art = scheme.design.engineEmblem
  const e = enginePositions(model.fus.plane, model.shape, model.wing)[0]
  if (scheme.blank || (!t && !art) || !e) return undefined
  const D = model.fus.plane.engines.nacelleDiameterM
  const cowl = (model.shape.engines.longDuct ? COWL.long : COWL.short) * e.len - 0.05 * D
  const round = Math.PI * D
  const w = Math.max(8, Math.ceil(cowl * k))
  const h = Math.max(8, Math.ceil(round * k))
  const data = paintTexture(w, h, (ctx) => {
    // metres along the cowl (x) and around it from starboard (y)
    ctx.setTransform(w / cowl, 0, 0, h / round, 0, 0)
    ctx.fillStyle = hex(scheme.engines)
    ctx.fillRect(0, 0, cowl, round)
    if (art) drawEngineEmblem(ctx, art, cowl, round, D)
    if (t) drawEngineTitles(ctx, t, scheme.design.titles, cowl, round, D)
  })
  return { w, h, data, su: w / 0.9, sv: h, u0: Zone.Cowl, v0: 0, wrapV: true }
}

type EngineTitles = NonNullable<Scheme['design']['engineTitles']>
type PartEmblem = NonNullable<Scheme['design']['engineEmblem']>

/** the emblem on the starboard band (at both ends of the wrap, flipped) and the port band (as drawn) */
function drawEngineEmblem(
  ctx: SKRSContext2D,
  art: PartEmblem,
  cowl: number,
  round: number,
  D: number,
): void {
  const s = Math.min((art.size ?? 0.45) * D, 0.9 * cowl) / 100
  // letters are turned half a turn there instead, to read forwards from the right too
  const turn = readsFromBothSides(art.shape) ? -1 : 1
  for (const [y, flip] of [
    [0, -1],
    [round, -1],
    [round / 2, 1],
  ] as const) {
    ctx.save()
    ctx.translate((art.x ?? 0.5) * cowl, y)
    ctx.scale(flip < 0 ? turn * s : s, flip * s)
    ctx.translate(-50, -50)
    drawEmblem(ctx, art.shape, art.colors)
    ctx.restore()
  }
}

function drawEngineTitles(
  ctx: SKRSContext2D,
  t: EngineTitles,
  titles: Scheme['design']['titles'],
  cowl: number,
  round: number,
  D: number,
): void {
  const l = partLettering(t, titles)
  // size is the height of the ink above the baseline, centred on the band; a long word is narrowed
  const { fit, at } = partPlacement(l, (t.size ?? 0.22) * D, 0.8 * cowl)
  // the starboard band straddles v = 0 (drawn at both ends of the wrap), half a turn; the port band as read
  for (const [y, turn] of [
    [0, Math.PI],
    [round, Math.PI],
    [round / 2, 0],
  ] as const) {
    ctx.save()
    ctx.translate(0.45 * cowl, y)
    ctx.rotate(turn)
    // the band's v runs down the letters as read: lettering is drawn y up
    ctx.scale(fit, -1)
    drawLettering(ctx, l, [t.color], at)
    ctx.restore()
  }
}
