/**
 * The small fittings (flap-track fairings, static wicks, pitot probes, the APU exhaust, gear
 * linkage, the reverser break) are built where they can be seen, the full cut, and change none of
 * the aircraft's dimensions.
 */
import { describe, expect, test } from 'bun:test'
import { Mat } from '../../../src/render/parts/materials'
import type { Mesh } from '../../../src/render/parts/mesh'
import { modelOf } from '../../../src/render/parts/model'
import { countTriangles as count, plane } from '../helpers'

const A330 = plane('airbus-a330-300')

function extents(mesh: Mesh): number[] {
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity]
  for (let i = 0; i < mesh.pos.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3], mesh.pos[i])
    hi[i % 3] = Math.max(hi[i % 3], mesh.pos[i])
  }
  return [hi[0] - lo[0], hi[1] - lo[1], hi[2]]
}

describe('fittings', () => {
  const full = modelOf(A330, 'down', 'full').mesh
  const light = modelOf(A330, 'down', 'light').mesh
  const half = A330.wingspanM / 2

  test('static wicks trail from the wing tips in the full cut only', () => {
    const outboard = (x: number, y: number) => Math.abs(y) > 0.75 * half
    expect(count(full, Mat.Metal, outboard)).toBeGreaterThan(0)
    expect(count(light, Mat.Metal, outboard)).toBe(0)
  })

  test('pitot probes beside the nose and flap-track fairings under the wing in the full cut only', () => {
    // above the nose gear's strut, which reaches the belly
    const zMin = modelOf(A330, 'down').centre[2] - 0.35 * A330.fuselageHeightM
    const nose = (x: number, y: number, z: number) => x < 0.12 * A330.lengthM && z > zMin
    expect(count(full, Mat.Metal, nose)).toBeGreaterThan(0)
    expect(count(light, Mat.Metal, nose)).toBe(0)
    expect(full.mat.filter((m) => m === Mat.Stab).length).toBeGreaterThan(
      light.mat.filter((m) => m === Mat.Stab).length,
    )
  })

  test('keep the length, span and height true in both cuts', () => {
    for (const mesh of [full, light]) {
      const [l, s, h] = extents(mesh)
      expect(Math.abs(l - A330.lengthM)).toBeLessThan(0.02)
      expect(Math.abs(s - A330.wingspanM)).toBeLessThan(0.02)
      expect(Math.abs(h - A330.heightM)).toBeLessThan(0.02)
    }
  })
})
