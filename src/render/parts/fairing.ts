/**
 * The wing-to-body fairing: the bulge under the belly around the wing root that every airliner has.
 * Painted with the fuselage texture (same u, v) so it takes the belly colour.
 */
import type { Fuselage } from './fuselage'
import { Mat, MeshBuilder, type Vec3 } from './mesh'
import type { Tessellation } from './detail'
import type { PlaneShape } from './shape'

export function buildFairing(mb: MeshBuilder, fus: Fuselage, shape: PlaneShape, tess: Tessellation): void {
  const f = shape.fairing
  const x0 = f.from * fus.L
  const x1 = f.to * fus.L
  const part = mb.newPart()
  const N = tess.fairingRing
  const rows = tess.fairingRows
  const pts: Vec3[][] = []
  const uvs: [number, number][][] = []
  for (let i = 0; i <= rows; i++) {
    const t = i / rows
    const x = x0 + (x1 - x0) * t
    // blunt at the front, long taper at the back
    const bump = Math.pow(Math.sin(Math.PI * Math.pow(t, 0.8)), 0.6)
    const sec = fus.section(x)
    const halfW = (fus.W / 2) * (0.8 + 0.17 * bump)
    const zBot = sec.zBot - f.depth * bump + 0.05 * (1 - bump)
    const zTop = sec.zBot + 0.5 * fus.H
    const row: Vec3[] = []
    const uv: [number, number][] = []
    for (let j = 0; j <= N; j++) {
      // only the lower half matters; the upper half hides inside the fuselage
      const theta = (2 * Math.PI * (j % N)) / N
      const c = Math.cos(theta)
      const s = Math.sin(theta)
      const zm = (zTop + zBot) / 2
      const hh = (zTop - zBot) / 2
      const z = zm + hh * Math.sign(c) * Math.pow(Math.abs(c), 0.9)
      row.push([x, halfW * Math.sign(s) * Math.pow(Math.abs(s), 0.8), z])
      // paint by true height on the fuselage, so the belly colour line runs straight across it
      const h = Math.min(1, Math.max(0, (z - sec.zBot) / (sec.zTop - sec.zBot)))
      uv.push([x, j === N ? 1 : s >= 0 && theta <= Math.PI ? (1 - h) / 2 : 0.5 + h / 2])
    }
    pts.push(row)
    uvs.push(uv)
  }
  mb.grid(pts, uvs, 'seam', Mat.Fuselage, part)
}
