/**
 * How finely curved surfaces are cut into triangles. Small pictures get the light cut: at card
 * size about half of the drawing cost is per triangle, and a 40-sided fuselage section strays
 * from the true circle by under 0.2 px there (test/render/parts/detail.test.ts holds both cuts alike).
 */
export type Detail = 'full' | 'light'

export interface Tessellation {
  fuselageRing: number // points around a fuselage section (a multiple of 4: top, sides, belly on a point)
  noseStations: number // sections from the nose tip to the end of the nose curve
  cabinStep: number // metres between sections along the constant cabin
  tailStations: number // sections along the tail cone
  humpStations: number // extra sections through a 747 / A380 upper-deck fairing
  fairingRing: number
  fairingRows: number
  nacelleSegments: number
  tyreLoop: number // points around a tyre's cross-section (a multiple of 4: the ground contact on a point)
  tyreSegments: number // around the axle (a multiple of 4)
  hubSegments: number
  /** the small fittings (parts/fittings.ts), gear linkage and the nacelle's reverser break: where they can be seen */
  fittings: boolean
}

export const TESSELLATION: Record<Detail, Tessellation> = {
  full: {
    fuselageRing: 72,
    noseStations: 34,
    cabinStep: 1.5,
    tailStations: 26,
    humpStations: 12,
    fairingRing: 48,
    fairingRows: 22,
    nacelleSegments: 40,
    tyreLoop: 16,
    tyreSegments: 28,
    hubSegments: 20,
    fittings: true,
  },
  light: {
    fuselageRing: 40,
    noseStations: 20,
    cabinStep: 3,
    tailStations: 16,
    humpStations: 8,
    fairingRing: 32,
    fairingRows: 14,
    nacelleSegments: 24,
    tyreLoop: 12,
    tyreSegments: 16,
    hubSegments: 12,
    fittings: false,
  },
}

/** up to this many pixels from nose to tail, the light cut (card and smaller, unzoomed) */
export const LIGHT_UP_TO_PX = 1280

export function detailFor(lengthPx: number): Detail {
  return lengthPx <= LIGHT_UP_TO_PX ? 'light' : 'full'
}

/**
 * panel lines (door and hatch outlines on the fuselage, the flap hinge line on the wings) from the
 * same drawn length as the full cut, for fuselage and wings alike and whatever the texture's scale
 * step: never at card (at most about 1100 px from nose to tail), at hd in every view but from above
 * (at least about 1490; from above the canvas height holds the length, about 820 px). By the scale
 * alone (px per metre) no threshold parts card from hd: a 737 at card is drawn larger than an A380 at hd
 */
export function panelsFor(lengthPx: number): boolean {
  return lengthPx > LIGHT_UP_TO_PX
}
