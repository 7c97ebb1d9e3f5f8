/**
 * The flat colours of a livery's unpainted and bare parts (everything but the fuselage and fin
 * textures), in one array the shader indexes by slot.
 */
import { mix, rgb, type RGB, type Scheme } from '../paint/scheme'

export const Slot = {
  Wings: 0,
  WingsLower: 1,
  WingsLE: 2,
  Door: 3,
  Winglet: 4,
  Spinner: 5,
  Fan: 6,
  Accent: 7,
  Engines: 8,
  Chevron: 9,
  Core: 10,
  Exhaust: 11,
  Pylon: 12,
  Tyre: 13,
  Hub: 14,
  Metal: 15,
  Blade: 16,
  Spiral: 17,
  Panel: 18,
} as const
const SLOTS = 19

/** r, g, b per slot */
export function paletteOf(scheme: Scheme): Float64Array {
  const core: RGB = [132, 138, 146]
  const pal = new Float64Array(SLOTS * 3)
  const put = (i: number, c: RGB) => {
    pal[3 * i] = c[0]
    pal[3 * i + 1] = c[1]
    pal[3 * i + 2] = c[2]
  }
  put(Slot.Wings, scheme.wings)
  put(Slot.WingsLower, scheme.wingsLower)
  put(Slot.WingsLE, [196, 201, 207])
  put(Slot.Door, mix(rgb(scheme.design.belly), [176, 182, 190], 0.45))
  put(Slot.Winglet, scheme.winglet)
  put(Slot.Spinner, [160, 166, 174])
  put(Slot.Fan, [48, 52, 58])
  put(Slot.Accent, scheme.engineAccent)
  put(Slot.Engines, scheme.engines)
  put(Slot.Chevron, mix(scheme.engines, core, 0.55))
  put(Slot.Core, core)
  put(Slot.Exhaust, mix(core, [90, 94, 100], 0.5))
  put(Slot.Pylon, mix(rgb(scheme.design.fuselage), [200, 205, 211], 0.35))
  put(Slot.Tyre, [60, 61, 64])
  put(Slot.Hub, [150, 157, 166])
  put(Slot.Metal, [184, 190, 198])
  put(Slot.Blade, [92, 98, 108])
  put(Slot.Spiral, [236, 238, 240])
  put(Slot.Panel, [70, 76, 84])
  return pal
}
