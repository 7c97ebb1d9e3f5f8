/**
 * The emblem vocabulary of assets/emblems/emblems.json: shapes the project draws from their subject
 * (a kangaroo, a maple leaf, a flag), never traced from an airline's artwork. Each is a list of
 * layers in a 100 x 100 box (y down, the front of the shape to the left, towards the nose), and a
 * layer fills with the placement's colour of its index. Each layer's path is parsed once into
 * numbers and traced onto the context (svg-path.ts says why not Path2D).
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import shapes from '../../../assets/emblems/emblems.json'
import { outlinePoints, parsePath, tracePath, type PathOps } from './svg-path'

interface Layer {
  d: string
  c: number
  rule?: 'evenodd'
}
interface Shape {
  subject: string
  /** nose (default): its front towards the nose on both sides; reader: never mirrored (letters) */
  facing?: 'nose' | 'reader'
  layers: Layer[]
}

const SHAPES = shapes as unknown as Record<string, Shape>
const parsed = new Map<string, PathOps[]>()

export function emblemNames(): string[] {
  return Object.keys(SHAPES)
}

export function hasEmblem(name: string): boolean {
  return name in SHAPES
}

/** whether the shape reads the same from both sides (letters): the fin then mirrors it on the right */
export function readsFromBothSides(name: string): boolean {
  return SHAPES[name]?.facing === 'reader'
}

const outlines = new Map<string, [number, number][]>()
/** points along every layer's outline, in the 100 x 100 box: what bounds the drawn shape */
export function emblemOutline(name: string): [number, number][] {
  let o = outlines.get(name)
  if (!o) outlines.set(name, (o = paths(name).flatMap((p) => outlinePoints(p))))
  return o
}

export interface Ink {
  x0: number
  x1: number
  y0: number
  y1: number
}

const inks = new Map<string, Ink | null>()
/** the box the drawn shape fills in its 100 x 100 frame; null for a shape that draws nothing */
export function emblemInk(name: string): Ink | null {
  let ink = inks.get(name)
  if (ink === undefined) {
    ink = null
    for (const [x, y] of emblemOutline(name)) {
      if (!ink) ink = { x0: x, x1: x, y0: y, y1: y }
      else {
        ink.x0 = Math.min(ink.x0, x)
        ink.x1 = Math.max(ink.x1, x)
        ink.y0 = Math.min(ink.y0, y)
        ink.y1 = Math.max(ink.y1, y)
      }
    }
    inks.set(name, ink)
  }
  return ink
}

function paths(name: string): PathOps[] {
  let p = parsed.get(name)
  if (!p) {
    p = (SHAPES[name]?.layers ?? []).map((l) => parsePath(l.d))
    parsed.set(name, p)
  }
  return p
}

/**
 * fills the emblem's layers in the context's current transform (which maps the 100 x 100 box);
 * a layer whose colour index has no colour takes the last colour given. An unknown name draws
 * nothing: the catalog test checks every name the airlines use.
 */
export function drawEmblem(ctx: SKRSContext2D, name: string, colors: readonly string[]): void {
  const shape = SHAPES[name]
  if (!shape || colors.length === 0) return
  const ps = paths(name)
  shape.layers.forEach((l, i) => {
    ctx.fillStyle = colors[Math.min(l.c, colors.length - 1)]
    ctx.beginPath()
    tracePath(ctx, ps[i])
    ctx.fill(l.rule ?? 'nonzero')
  })
}
