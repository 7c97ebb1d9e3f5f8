/**
 * The assembled aircraft mesh for a plane and gear state, with the points the composer needs
 * (fuselage centre = pitch pivot, main-gear ground contact). Built on first use and kept in a
 * cache bounded in bytes (least recently used out first) together with what renders derive
 * from it (derived()), so a process holds the models its traffic draws, not all 124.
 * The typed arrays live in shared memory: render threads are handed a model's geometry
 * instead of building their own (pipeline/pixels/render-threads.ts).
 */
import type { Gear, Plane } from '../../catalog/types'
import { TESSELLATION, type Detail } from './detail'
import { buildEngines, enginePositions } from './engine'
import { buildApuExhaust, buildCanoes, buildPitots, buildWicks } from './fittings'
import { Fuselage } from './fuselage'
import { buildBayDoors } from './gear-doors'
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

/**
 * bytes of models and their derived data a thread that prepares pictures keeps (the request
 * thread, and the first render thread under a flood): every plane's gear-down cuts with their
 * adjacency and per-view faces take about 110 MB, all 124 cuts about 220 MB
 */
export const MODEL_CACHE_BYTES = 128 * 1024 * 1024
let budget = MODEL_CACHE_BYTES

/** a smaller bound for this thread's model cache (a render thread's: see render-thread.ts) */
export function limitModelCache(bytes: number): void {
  budget = bytes
  evict()
}

interface Entry {
  key: string
  model: Model
  bytes: number
  derived: Map<string, unknown>
}

// a Map iterates in insertion order: re-inserting on use keeps the least recently used first
const cache = new Map<string, Entry>()
const byModel = new WeakMap<Model, Entry>()
let held = 0

/** the model at a level of detail (full by default: bounds, ground line and fuselage centre are taken from it) */
export function modelOf(plane: Plane, gear: Gear, detail: Detail = 'full'): Model {
  const key = JSON.stringify(plane) + gear + detail
  let entry = cache.get(key)
  if (entry) {
    cache.delete(key)
    cache.set(key, entry)
    return entry.model
  }
  const model = build(plane, gear, detail)
  entry = { key, model, bytes: bytesOf(model.mesh), derived: new Map() }
  cache.set(key, entry)
  byModel.set(model, entry)
  held += entry.bytes
  evict()
  return model
}

/**
 * data derived from a model (edge adjacency, faces seen from a view), made once and held with
 * the model: counted in the cache's bytes and dropped with it. Typed arrays in `make`'s result
 * are counted; allocate them with shared() to hand them to render threads.
 */
export function derived<T extends object>(model: Model, key: string, make: () => T): T {
  const entry = byModel.get(model)
  if (!entry) return make() // evicted meanwhile: computed for this use only
  let value = entry.derived.get(key) as T | undefined
  if (!value) {
    value = make()
    entry.derived.set(key, value)
    const bytes = bytesOf(value)
    entry.bytes += bytes
    if (cache.get(entry.key) === entry) {
      held += bytes
      evict()
    }
  }
  return value
}

/** what the model cache holds, for tests and the footprint figures */
export function modelCacheStats(): { models: number; bytes: number } {
  return { models: cache.size, bytes: held }
}

function evict(): void {
  for (const [k, e] of cache) {
    if (held <= budget || cache.size <= 1) break
    cache.delete(k)
    held -= e.bytes
  }
}

function bytesOf(value: object): number {
  let n = 0
  for (const v of Object.values(value)) if (ArrayBuffer.isView(v)) n += v.byteLength
  return n
}

type Typed = Float64Array | Float32Array | Uint32Array | Int32Array | Uint16Array | Uint8Array

/** a copy of `a` in shared memory (a render thread reads it without a copy of its own) */
export function shared<T extends Typed>(a: T): T {
  const Kind = a.constructor as new (b: SharedArrayBuffer) => T
  const out = new Kind(new SharedArrayBuffer(a.byteLength))
  ;(out as unknown as { set(x: T): void }).set(a)
  return out
}

function share(mesh: Mesh): Mesh {
  return {
    pos: shared(mesh.pos),
    nrm: shared(mesh.nrm),
    uv: shared(mesh.uv),
    idx: shared(mesh.idx),
    mat: shared(mesh.mat),
    part: shared(mesh.part),
    face: shared(mesh.face),
  }
}

function build(plane: Plane, gear: Gear, detail: Detail): Model {
  const tess = TESSELLATION[detail]
  const shape = shapeOf(plane)
  const mb = new MeshBuilder()
  const fus = new Fuselage(plane, shape)
  fus.build(mb, tess)
  const wing = new Wing(plane, shape, fus.zBelly)
  wing.build(mb, tess.fittings)
  buildEngines(mb, plane, shape, wing, tess)
  const fin = buildTail(mb, plane, shape, fus)
  if (gear === 'down') buildGear(mb, plane, shape, wing, fus, tess)
  if (tess.fittings) {
    buildCanoes(
      mb,
      plane,
      wing,
      enginePositions(plane, shape, wing).map((e) => e.y),
      plane.engines.nacelleDiameterM / 2,
    )
    buildWicks(mb, plane, shape, wing, fus, fin)
    buildPitots(mb, fus)
    buildApuExhaust(mb, fus)
    buildBayDoors(mb, plane, shape, fus, gear)
  }
  return {
    mesh: share(mb.build()),
    shape,
    fus,
    wing,
    fin,
    centre: [plane.lengthM / 2, 0, fus.zCentre],
    ground: [shape.gear.main * plane.lengthM, 0, 0],
  }
}
