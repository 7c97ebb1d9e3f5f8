/**
 * Blade antennas: the small swept fins on the crown and under the belly (VHF, satcom, beacon) that
 * an enthusiast's close-up shows; a few pixels tall at card size.
 */
import type { Fuselage } from './fuselage'
import { Mat } from './materials'
import type { MeshBuilder } from './mesh'
import { buildSurface } from './surface'

// along the body (fraction of the length), on the crown (+1) or the belly (-1)
const BLADES: [number, 1 | -1][] = [
  [0.27, 1],
  [0.52, 1],
  [0.21, -1],
]

export function buildAntennas(mb: MeshBuilder, fus: Fuselage): void {
  const h = Math.min(0.45, 0.08 * fus.H)
  for (const [f, side] of BLADES) {
    const x = f * fus.L
    const p = fus.point(x, fus.section(x), side > 0 ? 0 : Math.PI)
    // rooted a little inside the skin, swept back, narrowing to the tip
    const z0 = p[2] - side * 0.05
    buildSurface(
      mb,
      [
        { le: [x, 0, z0], chord: 2.2 * h, roll: Math.PI / 2, thick: 0.1 },
        { le: [x + 1.1 * h, 0, z0 + side * h], chord: 0.9 * h, roll: Math.PI / 2, thick: 0.08 },
      ],
      Mat.Pylon,
      { tip: true, rootCap: true, plate: true },
    )
  }
}
