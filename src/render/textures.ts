/**
 * The painted surfaces a render samples (fuselage, fin, engine titles), cached by what they
 * show and their scale. The fin's can be painted on another thread while this one paints the
 * fuselage's (FinJob): it needs only the fin's frame, not the model.
 */
import type { LiveryDesign } from '../catalog/types'
import { panelsFor } from './parts/detail'
import type { Model } from './parts/model'
import { finTexture, type FinModel } from './paint/fin'
import { fuselageTexture } from './paint/fuselage'
import { nacelleTexture } from './paint/nacelle'
import { schemeOf } from './paint/scheme'
import type { Texture } from './raster/texture'

/** the painted surfaces a render samples */
export interface Surfaces {
  fuselage: Texture
  fin: Texture
  /** only for liveries with engine titles */
  nacelle?: Texture
}

/** a fin texture to paint, with all it is painted from (structured-cloneable, for another thread) */
export interface FinJob {
  key: string
  model: FinModel
  livery: LiveryDesign | null
  k: number
}

const texCache = new Map<string, Texture>()
let texBytes = 0
// textures of the last livery or two at 4K (a fuselage texture is 10-30 MB there) and dozens at card
// size, oldest evicted first: a livery's next composition at the same scale reuses them, while a
// repeated request is served from the byte cache anyway. 160 MB were kept before, a cost every
// process paid after a burst
let texBudget = 32 * 1024 * 1024

/** a smaller bound for this thread's texture cache (a render thread's: see render-thread.ts) */
export function limitTextureCache(bytes: number): void {
  texBudget = bytes
  evictTextures()
}

function remember(key: string, t: Texture): void {
  texCache.set(key, t)
  texBytes += t.data.length
  evictTextures()
}

function evictTextures(): void {
  for (const [k, v] of texCache) {
    if (texBytes <= texBudget) break
    texCache.delete(k)
    texBytes -= v.data.length
  }
}

/**
 * textures at about one texel per pixel, in half-octave steps so nearby sizes share a cache entry;
 * the nearest step (0.84-1.19 texels a pixel), not the next one up (1-1.41): painting and reading
 * back a texture costs by the texel, and a first composition waits for it
 */
function scaleOf(model: Model, mpp: number): number {
  const want = 1 / Math.max(mpp, 1e-4)
  const maxK = 8000 / model.fus.L
  return Math.min(maxK, Math.pow(2, Math.round(Math.log2(want) * 2) / 2))
}

// a model's plane as part of its textures' keys, made once per model (a plane record is long)
const planeKeys = new WeakMap<Model, string>()
function planeKey(model: Model): string {
  let key = planeKeys.get(model)
  if (key === undefined) planeKeys.set(model, (key = JSON.stringify(model.fus.plane)))
  return key
}

// the fin texture reads only the tail design (paint/fin.ts), so liveries that differ elsewhere
// (titles, cheatline, colours) share it
const finKeyOf = (model: Model, livery: LiveryDesign | null, k: number) =>
  't' + JSON.stringify([livery === null ? null : livery.tail, k]) + planeKey(model)

/** the fin texture of a model, livery and scale as a job for another thread; null when this thread has it */
export function finJob(model: Model, livery: LiveryDesign | null, mpp: number): FinJob | null {
  const k = scaleOf(model, mpp)
  const key = finKeyOf(model, livery, k)
  if (texCache.has(key)) return null
  return { key, model: { fin: model.fin, fus: { L: model.fus.L } }, livery, k }
}

/** paints a fin job (on any thread) */
export function paintFin(job: FinJob): Texture {
  return finTexture(job.model, schemeOf(job.livery), job.k)
}

/** the fuselage's texture, and the engines' where the livery titles them: painted here unless cached */
export function bodyTextures(
  model: Model,
  livery: LiveryDesign | null,
  mpp: number,
): Omit<Surfaces, 'fin'> {
  const k = scaleOf(model, mpp)
  const plane = planeKey(model)
  const panels = panelsFor(model.fus.plane.lengthM / mpp)
  const fusKey = 'f' + JSON.stringify([livery, k, panels]) + plane
  let fuselage = texCache.get(fusKey)
  if (!fuselage) {
    fuselage = fuselageTexture(model, schemeOf(livery), k, panels)
    remember(fusKey, fuselage)
  }
  // engine titles are rare: the cowl stays a flat colour without them
  let nacelle: Texture | undefined
  if (livery?.engineTitles) {
    const nacKey = 'n' + JSON.stringify([livery.engineTitles, livery.engines, k]) + plane
    nacelle = texCache.get(nacKey) ?? nacelleTexture(model, schemeOf(livery), k)
    if (nacelle && !texCache.has(nacKey)) remember(nacKey, nacelle)
  }
  return { fuselage, nacelle }
}

/** the fin's texture: cached, or painted here */
export function finTextureOf(model: Model, livery: LiveryDesign | null, mpp: number): Texture {
  const k = scaleOf(model, mpp)
  const key = finKeyOf(model, livery, k)
  let fin = texCache.get(key)
  if (!fin) remember(key, (fin = finTexture(model, schemeOf(livery), k)))
  return fin
}

/** a fin texture another thread painted from `job`, kept here (unless one came meanwhile) */
export function keepFin(job: FinJob, texture: Texture): Texture {
  const held = texCache.get(job.key)
  if (held) return held
  remember(job.key, texture)
  return texture
}

/** every texture of a model in a livery at a scale, painted here unless cached */
export function textures(model: Model, livery: LiveryDesign | null, mpp: number): Surfaces {
  return { ...bodyTextures(model, livery, mpp), fin: finTextureOf(model, livery, mpp) }
}
