/**
 * The last details up close (full cut only): the spoilers' panel lines on the wing, the nacelles'
 * joints and latch line, the gear bays' closed doors under the body. Each is counted in the mesh,
 * so removing one fails here; the light cut (card and smaller) carries none of them.
 */
import { describe, expect, test } from 'bun:test'
import { Mat } from '../../../src/render/parts/materials'
import type { Mesh } from '../../../src/render/parts/mesh'
import { enginePositions } from '../../../src/render/parts/engine'
import { modelOf } from '../../../src/render/parts/model'
import { surfaceBreaks } from '../../../src/render/parts/wing-lines'
import { countTriangles as count, plane } from '../helpers'

/**
 * wing vertices whose loop coordinate holds the spoilers' ends (wing-lines.ts FRONT_BAND, a q no
 * loop point has of itself)
 */
function spoilerEnds(mesh: Mesh): number {
  const wing = new Set<number>()
  for (let t = 0; t < mesh.mat.length; t++)
    if (mesh.mat[t] === Mat.Wing) for (let k = 0; k < 3; k++) wing.add(mesh.idx[3 * t + k])
  let n = 0
  for (const i of wing) if (Math.abs(mesh.uv[2 * i + 1] - (1 / 6 + 0.012)) < 1e-6) n++
  return n
}

describe('spoiler lines', () => {
  test('five panels a side on an A320, seven on a 777-300ER, eight on an A380', () => {
    for (const [slug, panels] of [
      ['airbus-a320-neo', 5],
      ['boeing-777-300er', 7],
      ['airbus-a380-800', 8],
    ] as const) {
      const m = modelOf(plane(slug), 'up', 'full')
      const breaks = surfaceBreaks(m.wing.b, m.wing.b * m.shape.wing.kink)
      expect(new Set(breaks.spoilers).size).toBe(panels + 1)
    }
  })

  test("the spoilers' ends are drawn into the wing in the full cut only", () => {
    const p = plane('airbus-a320-neo')
    // two sides, at least two stations a break, six breaks
    expect(spoilerEnds(modelOf(p, 'up', 'full').mesh)).toBeGreaterThanOrEqual(2 * 2 * 6)
    expect(spoilerEnds(modelOf(p, 'up', 'light').mesh)).toBe(0)
  })
})

describe('nacelle lines', () => {
  for (const slug of ['airbus-a320-neo', 'boeing-777-300er', 'boeing-737-max-8'])
    test(`${slug}: joints and a latch line on every nacelle in the full cut only`, () => {
      const p = plane(slug)
      const full = modelOf(p, 'up', 'full')
      const light = modelOf(p, 'up', 'light').mesh
      for (const e of enginePositions(p, full.shape, full.wing))
        for (const s of [1, -1]) {
          const near = (x: number, y: number, z: number) =>
            x > e.front &&
            x < e.front + e.len &&
            Math.abs(y - s * e.y) < 1.1 * e.R &&
            Math.abs(z - e.axisZ) < 1.1 * e.R
          // two rings of a band each (2 x segments triangles) and the latch line
          expect(count(full.mesh, Mat.Tyre, near)).toBeGreaterThan(4 * 40)
          expect(count(light, Mat.Tyre, near)).toBe(0)
        }
    })
})

describe('gear bay doors', () => {
  /** dark outline triangles under the body between x0 and x1 */
  const under = (mesh: Mesh, zMax: number, x0: number, x1: number) =>
    count(mesh, Mat.Tyre, (x, _y, z) => x > x0 && x < x1 && z < zMax)

  test('the main bays closed doors show under the body gear up and down, in the full cut only', () => {
    const p = plane('boeing-777-300er')
    const up = modelOf(p, 'up', 'full')
    const xm = up.shape.gear.main * p.lengthM
    const zMax = up.fus.zBelly + 0.5
    expect(under(up.mesh, zMax, xm - 4, xm + 4)).toBeGreaterThan(0)
    // gear down the wheels (Mat.Tyre too) stand outboard of the doors
    const down = modelOf(p, 'down', 'full').mesh
    const inboard = (x: number, y: number, z: number) =>
      x > xm - 4 && x < xm + 4 && z < zMax && Math.abs(y) < 2.5
    expect(count(down, Mat.Tyre, inboard)).toBeGreaterThan(0)
    expect(under(modelOf(p, 'up', 'light').mesh, zMax, xm - 4, xm + 4)).toBe(0)
  })

  test('a 737 has no main wheel doors; its nose doors close behind the leg when the gear is up', () => {
    const p = plane('boeing-737-800')
    const up = modelOf(p, 'up', 'full')
    const xm = up.shape.gear.main * p.lengthM
    const zMax = up.fus.zBelly + 0.3
    expect(under(up.mesh, zMax, xm - 2, xm + 2)).toBe(0)
    const xn = up.shape.gear.nose * p.lengthM
    // how far aft the nose doors' outlines reach (above the nose wheels, also Mat.Tyre)
    const aftmost = (g: 'up' | 'down') => {
      const mesh = modelOf(p, g, 'full').mesh
      let most = -Infinity
      for (let t = 0; t < mesh.mat.length; t++) {
        if (mesh.mat[t] !== Mat.Tyre) continue
        const i = 3 * mesh.idx[3 * t]
        const [x, z] = [mesh.pos[i], mesh.pos[i + 2]]
        if (x > xn - 4 && x < xn + 1 && z > 1.2 && z < 2.5) most = Math.max(most, x)
      }
      return most
    }
    expect(aftmost('down')).toBeGreaterThan(xn - 4)
    expect(aftmost('up')).toBeGreaterThan(aftmost('down') + 0.5)
  })
})
