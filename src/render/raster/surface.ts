/**
 * The colour and finish of a surface at a point: by material, from the fuselage and fin textures,
 * the engine zones and the palette (palette.ts), with the fan's blades, the spinner's spiral and the
 * wing's hinge line drawn where they can be seen. The livery's finish (catalog schema `finish`)
 * picks the paint's sheen, a polished skin and metallic colours.
 */
import { Finish, Mat, Zone } from '../parts/materials'
import type { LiveryDesign } from '../../catalog/types'
import { rgb, type RGB } from '../paint/scheme'
import { Slot } from './palette'
import { bilinear, type Texture } from './texture'

/** how a material takes its colour, and from which vertex coordinates */
// the revolved kinds (Nacelle and after) and the winglet have a seam in q: span() tests kind >= Kind.Nacelle
export const Kind = {
  Flat: 0,
  Fuselage: 1,
  Fin: 2,
  Wing: 3,
  Nacelle: 4,
  Fan: 5,
  Spinner: 6,
  // painted by (u, v) like a wing, but revolved-like in its seam: its loop closes at the trailing edge
  Winglet: 7,
} as const
export type Kind = (typeof Kind)[keyof typeof Kind]

interface Look {
  kind: Kind
  slot: number
  finish: Finish
}

const LOOKS: Look[] = []
// a finish of -1: the livery's paint
const look = (m: Mat, kind: Kind, slot: number, finish: number = -1) => {
  LOOKS[m] = { kind, slot, finish: finish as Finish }
}
look(Mat.Fuselage, Kind.Fuselage, 0)
look(Mat.Fin, Kind.Fin, 0)
look(Mat.Wing, Kind.Wing, 0, Finish.Satin)
look(Mat.Stab, Kind.Wing, 0, Finish.Satin)
look(Mat.Nacelle, Kind.Nacelle, 0)
look(Mat.Fan, Kind.Fan, Slot.Fan, Finish.Blades)
look(Mat.Spinner, Kind.Flat, Slot.Spinner, Finish.Polished)
look(Mat.SpinnerMarked, Kind.Spinner, Slot.Spinner)
look(Mat.Pylon, Kind.Flat, Slot.Pylon)
look(Mat.Metal, Kind.Flat, Slot.Metal, Finish.Bare)
look(Mat.Tyre, Kind.Flat, Slot.Tyre, Finish.Rubber)
look(Mat.Hub, Kind.Flat, Slot.Hub, Finish.Bare)
look(Mat.Door, Kind.Flat, Slot.Door, Finish.Satin)
look(Mat.Winglet, Kind.Winglet, Slot.Winglet)
look(Mat.WingletLower, Kind.Flat, Slot.Winglet)
export const KIND = Uint8Array.from(LOOKS, (l) => l?.kind ?? Kind.Flat)
export const SLOT = Uint8Array.from(LOOKS, (l) => l?.slot ?? Slot.Metal)
const LOOK_FINISH = Int8Array.from(LOOKS, (l) => l?.finish ?? Finish.Bare)

// fan blades (and the spinner's spiral) are drawn when a blade is at least this wide on screen
export const BLADES = 20

const PAINTS = { gloss: Finish.Gloss, satin: Finish.Satin, matte: Finish.Matte } as const

/** the finish of each material for a livery: its paint where the look says paint */
export function finishesOf(design: LiveryDesign): Int8Array {
  const paint = PAINTS[design.finish?.paint ?? 'gloss']
  return LOOK_FINISH.map((f) => (f < 0 ? paint : f))
}

/**
 * the finish of a painted texel of colour c (r, g, b): glass where the windows' and cockpit's dark
 * blue-grey shows (navy paint is bluer, grey paint less blue, a green has more green than blue),
 * the livery's polished skin and metallic colours where they show, else `paint`
 */
export function texelFinish(
  r: number,
  g: number,
  b: number,
  paint: number,
  keys: Float64Array | null,
): number {
  if (r < 90 && b < 130 && b - r >= 6 && b - r <= 45 && g >= r + 4 && b >= g && b - g <= 25)
    return Finish.Glass
  if (keys) {
    for (let i = 0; i < keys.length; i += 4) {
      const d = Math.abs(r - keys[i]) + Math.abs(g - keys[i + 1]) + Math.abs(b - keys[i + 2])
      if (d < 30) return keys[i + 3]
    }
  }
  return paint
}

/** the colours a livery's finish keys by (r, g, b, finish per colour), or null without any */
export function finishKeys(design: LiveryDesign): Float64Array | null {
  const f = design.finish
  if (!f) return null
  const keys: [RGB, Finish][] = []
  if (f.polished) keys.push([rgb(design.fuselage), Finish.Polished])
  for (const c of f.metallic ?? []) keys.push([rgb(c), Finish.Metallic])
  return keys.length ? Float64Array.from(keys.flatMap(([c, k]) => [c[0], c[1], c[2], k])) : null
}
