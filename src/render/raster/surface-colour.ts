/**
 * The colour (into `base`, sRGB 0..255) and finish of a surface point by material and surface
 * coordinates (p, q): the fuselage and fin textures, the wing's leading edge and hinge line, the
 * fan's blades and the spinner's spiral where they can be seen, the engine's zones.
 */
import { Finish, Zone } from '../parts/materials'
import type { Scheme } from '../paint/scheme'
import { paletteOf, Slot } from './palette'
import { BLADES, KIND, Kind, SLOT, finishKeys, finishesOf, texelFinish } from './surface'
import { bilinear, type Texture } from './texture'

export interface SurfaceInput {
  scheme: Scheme
  fuselage: Texture
  fin: Texture
  nacelle?: Texture
  /** the winglets' art (paint/winglet.ts); absent, they are the winglet colour */
  winglet?: Texture
  chevrons: boolean
  panels: boolean
  /** blades and spiral drawn (a blade is wide enough on screen) */
  fine: boolean
}

export interface Surface {
  base: Float64Array
  colour: (m: number, p: number, q: number) => number
  footprint: (
    kind: Kind,
    i0: number,
    i1: number,
    i2: number,
    i3: number,
    dpB: number,
    dpC: number,
    dqB: number,
    dqC: number,
  ) => void
}

export function makeSurface(inp: SurfaceInput): Surface {
  const { chevrons, panels, fine } = inp
  const pal = paletteOf(inp.scheme)
  const ft = inp.fuselage,
    tt = inp.fin,
    nt = inp.nacelle,
    wt = inp.winglet
  const fin = finishesOf(inp.scheme.design)
  const paint = fin[0]
  const keys = finishKeys(inp.scheme.design)
  const base = new Float64Array(3)
  // a pixel's footprint on the patterns of the fan, the spinner and the wing's hinge line (in
  // their phase and in p), per triangle
  let fall = 0.15,
    contrast = 1,
    foot = 1e-9,
    footP = 1e-9

  const flat = (slot: number) => {
    base[0] = pal[3 * slot]
    base[1] = pal[3 * slot + 1]
    base[2] = pal[3 * slot + 2]
  }
  const blend = (slot: number, f: number) => {
    base[0] += (pal[3 * slot] - base[0]) * f
    base[1] += (pal[3 * slot + 1] - base[1]) * f
    base[2] += (pal[3 * slot + 2] - base[2]) * f
  }

  /** the colour of material m at surface coordinates (p, q) into base; returns its finish */
  const colour = (m: number, p: number, q: number): number => {
    switch (KIND[m]) {
      case Kind.Flat:
        flat(SLOT[m])
        return fin[m]
      case Kind.Fuselage:
        bilinear(
          ft.data,
          ft.w,
          ft.h,
          ft.wrapV,
          (p - ft.u0) * ft.su - 0.5,
          (q - ft.v0) * ft.sv - 0.5,
          base,
        )
        return texelFinish(base[0], base[1], base[2], paint, keys)
      case Kind.Fin:
        bilinear(
          tt.data,
          tt.w,
          tt.h,
          tt.wrapV,
          (p - tt.u0) * tt.su - 0.5,
          (q - tt.v0) * tt.sv - 0.5,
          base,
        )
        return keys ? texelFinish(base[0], base[1], base[2], paint, keys) : paint
      case Kind.Wing: {
        // the loop coordinate q runs trailing edge, upper surface, leading edge (0.5), lower surface
        flat(q > 0.5 ? Slot.WingsLower : Slot.Wings)
        const edge = Math.abs(q - 0.5)
        if (edge < 0.07) {
          blend(Slot.WingsLE, 0.7 * (1 - edge / 0.07))
          // the slats' and leading edge's bare metal, where their colour has taken over
          return edge < 0.035 ? Finish.Bare : fin[m]
        }
        // up close, the hinge line of the flaps and ailerons at three quarters of the chord, its
        // edges smoothed over the pixel's footprint (towards the tips it is thinner than a pixel:
        // hard-edged, it broke into dashes)
        else if (panels) {
          const c = (0.004 - Math.abs(edge - 0.333)) / foot + 0.5
          if (c > 0) blend(Slot.Panel, 0.35 * (c < 1 ? c : 1) * (foot > 0.008 ? 0.008 / foot : 1))
        }
        return fin[m]
      }
      case Kind.Winglet:
        if (!wt) flat(Slot.Winglet)
        else bilinear(wt.data, wt.w, wt.h, true, p * wt.su - 0.5, q * wt.sv - 0.5, base)
        return fin[m]
      case Kind.Fan: {
        flat(Slot.Fan)
        if (!fine) return fin[m]
        // swept blades: each catches the light across its face, a dark gap at its edge
        // (fading out towards the hub, where the blades crowd below a pixel). The gap's edge is
        // at least a pixel wide and the pattern fades to its mean as a blade nears two pixels
        // (the triangle's footprint: set per span), so it neither stair-steps nor beats
        const ph = (q * BLADES + 0.9 * p) % 1
        const hub = p < 0.55 ? Math.max(0, (p - 0.3) / 0.25) : 1
        const tri = ph < 1 - fall ? ph / (1 - fall) : (1 - ph) / fall
        blend(Slot.Blade, hub * (0.5 + (tri - 0.5) * contrast))
        return fin[m]
      }
      case Kind.Spinner: {
        flat(Slot.Spinner)
        if (!fine) return fin[m]
        // the GE spiral: one white comma from the tip outwards, its edges as wide as a pixel's
        // footprint (set per span) and the comma fading out where it is thinner than that
        const hw = 0.03 + 0.05 * p
        const d = Math.abs(((q + 0.45 * p) % 1) - 0.5)
        let c = (hw - d) / foot + 0.5
        if (c <= 0 || p <= 0.15) return fin[m]
        if (c > 1) c = 1
        const tip = (p - 0.15) / footP
        blend(Slot.Spiral, (tip < 1 ? tip : 1) * c * (2 * hw < foot ? (2 * hw) / foot : 1))
        return fin[m]
      }
      default: {
        const zone = Math.floor(p)
        if (zone < Zone.Lip) {
          flat(Slot.Fan)
          return Finish.Liner
        }
        if (zone === Zone.Lip) {
          flat(Slot.Accent)
          return Finish.Polished
        }
        if (zone === Zone.Cowl) {
          // the nozzle's teeth, bare metal
          if (chevrons && p > Zone.Cowl + 0.87) {
            flat(Slot.Chevron)
            return Finish.Bare
          }
          if (nt)
            bilinear(nt.data, nt.w, nt.h, true, (p - nt.u0) * nt.su - 0.5, q * nt.sv - 0.5, base)
          else flat(Slot.Engines)
          return paint
        }
        if (p > Zone.Core + 0.75) {
          flat(Slot.Exhaust)
          return Finish.Hot
        }
        flat(Slot.Core)
        return Finish.Bare
      }
    }
  }

  /**
   * how far the fan's, the spinner's or the wing's pattern moves across one pixel of triangle t (p
   * and q are affine on it, so once per triangle): the widths over which their edges are smoothed
   */
  const footprint = (
    kind: Kind,
    i0: number,
    i1: number,
    i2: number,
    i3: number,
    dpB: number,
    dpC: number,
    dqB: number,
    dqC: number,
  ): void => {
    const px = i0 * dpB + i2 * dpC,
      py = i1 * dpB + i3 * dpC
    const qx = i0 * dqB + i2 * dqC,
      qy = i1 * dqB + i3 * dqC
    footP = Math.abs(px) + Math.abs(py) + 1e-9
    if (kind === Kind.Fan) {
      const w = Math.abs(BLADES * qx + 0.9 * px) + Math.abs(BLADES * qy + 0.9 * py)
      fall = w > 0.15 ? (w < 0.5 ? w : 0.5) : 0.15
      // full contrast down to four pixels a blade, none at two
      contrast = w < 0.25 ? 1 : w > 0.5 ? 0 : (0.5 - w) / 0.25
    } else if (kind === Kind.Spinner)
      foot = Math.abs(qx + 0.45 * px) + Math.abs(qy + 0.45 * py) + 1e-9
    else foot = Math.abs(qx) + Math.abs(qy) + 1e-9
  }

  return { base, colour, footprint }
}
