/** The reference renders compared in golden.test.ts (small, so the PNGs stay a few KB). */
import type { Catalog } from '../../../src/catalog/load'
import type { Angle, Gear } from '../../../src/catalog/types'
import { render } from '../../../src/render'

export interface GoldenCase {
  name: string
  plane: string
  airline: string | null
  angle: Angle
  gear: Gear
}

export const GOLDEN_CASES: GoldenCase[] = [
  {
    name: 'a320-air-france-345-down',
    plane: 'airbus-a320-200',
    airline: 'air-france',
    angle: '345',
    gear: 'down',
  },
  {
    name: '747-8-lufthansa-90-up',
    plane: 'boeing-747-8i',
    airline: 'lufthansa',
    angle: '90',
    gear: 'up',
  },
  {
    name: 'a380-emirates-top-down',
    plane: 'airbus-a380-800',
    airline: 'emirates',
    angle: 'top',
    gear: 'down',
  },
  { name: '787-9-blank-45-down', plane: 'boeing-787-9', airline: null, angle: '45', gear: 'down' },
  {
    name: '777-300er-cathay-225-down',
    plane: 'boeing-777-300er',
    airline: 'cathay-pacific',
    angle: '225',
    gear: 'down',
  },
]

export const GOLDEN_SIZE = { width: 480, height: 270, marginPx: 12 }

/** the case drawn by the current renderer, as straight RGBA */
export function renderCase(catalog: Catalog, c: GoldenCase): Uint8ClampedArray {
  return render({
    plane: catalog.plane(c.plane)!,
    livery: c.airline ? catalog.airline(c.airline)!.livery : null,
    angle: c.angle,
    gear: c.gear,
    ...GOLDEN_SIZE,
  }).pixels
}
