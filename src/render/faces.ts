/**
 * What a model shows of itself from a view, independent of scale and placement: back faces,
 * facing codes and contour bits, and the mesh's edge adjacency they are found with. Held with the
 * model (parts/model.ts derived), so render threads are handed them in shared memory.
 */
import type { Angle } from '../catalog/types'
import type { Mesh } from './parts/mesh'
import { derived, shared, type Model } from './parts/model'
import { contourBits, edgeNeighbours } from './parts/topology'
import type { Camera, View } from './raster/camera'

export interface ViewFaces {
  skip: Uint8Array
  code: Uint8Array
  contour: Uint8Array
}

/** edge adjacency of a model's mesh (independent of view and scale), held with the model */
export function neighbours(model: Model): Int32Array {
  return derived(model, 'adjacency', () => ({
    adj: shared(edgeNeighbours(model.mesh.idx, model.mesh.pos)),
  })).adj
}

/**
 * back faces, facing codes and contour bits of a model seen from a view or camera (independent of
 * scale and placement), held with the model: a model's camera for an angle and pitch is always the
 * same (measure.ts), so the angle and pitch key it
 */
export function viewFaces(
  model: Model,
  angle: Angle,
  pitch: number,
  view: View | Camera,
): ViewFaces {
  const make = () => {
    const skip = backFaces(model.mesh, view)
    const { code, contour } = contourBits(model.mesh.idx, model.mesh.part, skip, neighbours(model))
    return { skip: shared(skip), code: shared(code), contour: shared(contour) }
  }
  if (angle === 'top' || !pitch) return derived(model, `faces ${angle}`, make)
  // a pitch is any number to 2 decimals: a few pitched views per model, oldest out, not one per pitch ever asked
  let kept = pitchedFaces.get(model)
  if (!kept) pitchedFaces.set(model, (kept = new Map()))
  const key = `${angle} ${pitch}`
  let faces = kept.get(key)
  if (!faces) {
    kept.set(key, (faces = make()))
    if (kept.size > PITCHED_FACES_KEPT) kept.delete(kept.keys().next().value!)
  }
  return faces
}

const pitchedFaces = new WeakMap<Model, Map<string, ViewFaces>>()
const PITCHED_FACES_KEPT = 4

/**
 * faces turned away from the camera: hidden behind their own closed surface, so not drawn. Through
 * a lens each face is seen from the eye, not along d: near the silhouette the two differ, and a
 * face the eye sees but d turns away would leave a hole
 */
function backFaces(mesh: Mesh, v: View | Camera): Uint8Array {
  const f = mesh.face
  const nt = f.length / 3
  const skip = new Uint8Array(nt)
  const dist = 'dist' in v ? v.dist : Infinity
  if (!(dist < Infinity)) {
    for (let t = 0; t < nt; t++)
      if (f[3 * t] * v.d[0] + f[3 * t + 1] * v.d[1] + f[3 * t + 2] * v.d[2] < 0) skip[t] = 1
    return skip
  }
  const c = (v as Camera).centre
  const ex = c[0] + dist * v.d[0],
    ey = c[1] + dist * v.d[1],
    ez = c[2] + dist * v.d[2]
  const { pos, idx } = mesh
  for (let t = 0; t < nt; t++) {
    const a = 3 * idx[3 * t]
    if (
      f[3 * t] * (ex - pos[a]) +
        f[3 * t + 1] * (ey - pos[a + 1]) +
        f[3 * t + 2] * (ez - pos[a + 2]) <
      0
    )
      skip[t] = 1
  }
  return skip
}
