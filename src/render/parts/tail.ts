/**
 * Empennage: horizontal stabilisers and the fin. The fin tip sits exactly at the aircraft's real
 * height above the ground, so the overall height is right whatever the gear and belly clearance.
 */
import type { Plane } from '../../catalog/types'
import type { Fuselage } from './fuselage'
import { Mat } from './materials'
import { MeshBuilder } from './mesh'
import type { PlaneShape } from './shape'
import { buildSurface, type Station } from './surface'

const rad = (d: number) => (d * Math.PI) / 180

export interface FinFrame {
  x0: number // LE at the crown
  zRoot: number // crown height at the LE
  zTip: number
  tanSweep: number
  rootChord: number
  tipChord: number
}

export function finFrame(plane: Plane, shape: PlaneShape, fus: Fuselage): FinFrame {
  const f = shape.fin
  const x0 = f.rootLE * plane.lengthM
  const zRoot = fus.section(x0).zTop
  const zTip = plane.heightM
  let tanSweep = Math.tan(rad(f.sweep))
  // keep the fin's trailing-edge tip ahead of the tail end
  const maxTE = plane.lengthM - 0.4
  const teTip = x0 + (zTip - zRoot) * tanSweep + f.tipChord
  if (teTip > maxTE) tanSweep -= (teTip - maxTE) / (zTip - zRoot)
  return { x0, zRoot, zTip, tanSweep, rootChord: f.rootChord, tipChord: f.tipChord }
}

export function buildTail(
  mb: MeshBuilder,
  plane: Plane,
  shape: PlaneShape,
  fus: Fuselage,
): FinFrame {
  const s = shape.stab
  const x0 = s.rootLE * plane.lengthM
  const z0 = fus.zBelly + s.height * plane.fuselageHeightM
  const stab: Station[] = []
  const n = 6
  for (let i = 0; i <= n; i++) {
    const y = (s.semiSpan * i) / n
    const f = i / n
    stab.push({
      le: [x0 + y * Math.tan(rad(s.sweep)), y, z0 + y * Math.tan(rad(s.dihedral))],
      chord: s.rootChord + (s.tipChord - s.rootChord) * f,
      roll: rad(s.dihedral),
      thick: 0.11 - 0.02 * f,
    })
  }
  buildSurface(mb, stab, Mat.Stab, { mirror: true, tip: true })

  const fr = finFrame(plane, shape, fus)
  // sink the root into the fuselage down to the lowest crown point under the root chord
  let zLow = fr.zRoot
  for (let i = 0; i <= 8; i++)
    zLow = Math.min(zLow, fus.section(fr.x0 + (fr.rootChord * i) / 8).zTop)
  const fin: Station[] = []
  const hf = fr.zTip - fr.zRoot
  const zs = [
    zLow - 0.25 * plane.fuselageHeightM * 0.3,
    fr.zRoot,
    fr.zRoot + 0.03 * hf,
    fr.zRoot + 0.07 * hf,
    fr.zRoot + 0.12 * hf,
  ]
  for (let i = 1; i <= 8; i++) zs.push(fr.zRoot + (hf * i) / 8)
  zs.sort((a, b) => a - b)
  for (const z of zs) {
    const f = (z - fr.zRoot) / hf
    // dorsal fillet: the leading edge flares forward into the crown over the lowest part of the fin
    const fillet = 0.3 * fr.rootChord * Math.pow(Math.max(0, 1 - Math.max(0, f) / 0.14), 2)
    const chord = fr.rootChord + (fr.tipChord - fr.rootChord) * f
    fin.push({
      le: [fr.x0 + (z - fr.zRoot) * fr.tanSweep - fillet, 0, z],
      chord: chord + fillet,
      roll: Math.PI / 2,
      thick: 0.1 - 0.02 * Math.max(0, f),
    })
  }
  buildSurface(mb, fin, Mat.Fin, { tip: true })
  return fr
}
