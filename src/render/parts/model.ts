/**
 * The assembled aircraft mesh for a plane and gear state, with the points the composer needs
 * (fuselage centre = pitch pivot, main-gear ground contact). Cached: building is pure.
 */
import type { Gear, Plane } from '../../catalog/types'
import { TESSELLATION, type Detail } from './detail'
import { buildEngines } from './engine'
import { Fuselage } from './fuselage'
import { buildGear } from './gear'
import { MeshBuilder, type Mesh, type Vec3 } from './mesh'
import { shapeOf, type PlaneShape } from './shape'
import { buildTail, type FinFrame } from './tail'
import { Wing } from './wing'

export interface Model {
  mesh: Mesh
  shape: PlaneShape
  fus: Fuselage
  wing: Wing
  fin: FinFrame
  centre: Vec3
  ground: Vec3
}

const cache = new Map<string, Model>()

/** the model at a level of detail (full by default: bounds, ground line and fuselage centre are taken from it) */
export function modelOf(plane: Plane, gear: Gear, detail: Detail = 'full'): Model {
  const key = JSON.stringify(plane) + gear + detail
  let m = cache.get(key)
  if (!m) {
    m = build(plane, gear, detail)
    // every plane x gear x detail of the catalogue (31 x 2 x 2) stays
    if (cache.size > 256) cache.clear()
    cache.set(key, m)
  }
  return m
}

function build(plane: Plane, gear: Gear, detail: Detail): Model {
  const tess = TESSELLATION[detail]
  const shape = shapeOf(plane)
  const mb = new MeshBuilder()
  const fus = new Fuselage(plane, shape)
  fus.build(mb, tess)
  const wing = new Wing(plane, shape, fus.zBelly)
  wing.build(mb)
  buildEngines(mb, plane, shape, wing, tess)
  const fin = buildTail(mb, plane, shape, fus)
  if (gear === 'down') buildGear(mb, plane, shape, wing, fus, tess)
  return {
    mesh: mb.build(),
    shape,
    fus,
    wing,
    fin,
    centre: [plane.lengthM / 2, 0, fus.zCentre],
    ground: [shape.gear.main * plane.lengthM, 0, 0],
  }
}
