/**
 * The assembled aircraft mesh for a plane and gear state, with the points the composer needs
 * (fuselage centre = pitch pivot, main-gear ground contact). Cached: building is pure.
 */
import type { Gear, Plane } from '../catalog/types'
import { buildEngines } from './engine'
import { buildFairing } from './fairing'
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

export function modelOf(plane: Plane, gear: Gear): Model {
  const key = JSON.stringify(plane) + gear
  let m = cache.get(key)
  if (!m) {
    m = build(plane, gear)
    if (cache.size > 128) cache.clear()
    cache.set(key, m)
  }
  return m
}

function build(plane: Plane, gear: Gear): Model {
  const shape = shapeOf(plane)
  const mb = new MeshBuilder()
  const fus = new Fuselage(plane, shape)
  fus.build(mb)
  buildFairing(mb, fus, shape)
  const wing = new Wing(plane, shape, fus.zBelly)
  wing.build(mb)
  buildEngines(mb, plane, shape, wing)
  const fin = buildTail(mb, plane, shape, fus)
  if (gear === 'down') buildGear(mb, plane, shape, wing, fus)
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
