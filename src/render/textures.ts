/**
 * The painted surfaces a render samples (fuselage, fin, engine titles), cached by what they
 * show and their scale.
 */
import type { LiveryDesign } from '../catalog/types'
import { panelsFor } from './parts/detail'
import type { Model } from './parts/model'
import { finTexture } from './paint/fin'
import { fuselageTexture } from './paint/fuselage'
import { nacelleTexture } from './paint/nacelle'
import { schemeOf } from './paint/scheme'
import { wingletTexture } from './paint/winglet'
import type { Texture } from './raster/texture'

/** the painted surfaces a render samples */
export interface Surfaces {
  fuselage: Texture
  fin: Texture
  /** only for liveries with engine titles */
  nacelle?: Texture
  /** only for liveries with a winglet emblem, on models with upward winglets */
  winglet?: Texture
}

const texCache = new Map<string, Texture>()
let texBytes = 0
// textures of the last livery or two at 4K (a fuselage texture is 10-30 MB there) and dozens at card
// size, oldest evicted first: a livery's next composition at the same scale reuses them, while a
// repeated request is served from the byte cache anyway
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

/** the fuselage's texture, and the engines' where the livery titles them: painted here unless cached */
function bodyTextures(
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
  // engine titles and emblems are rare: the cowl stays a flat colour without them
  let nacelle: Texture | undefined
  if (livery?.engineTitles || livery?.engineEmblem) {
    const nacKey =
      'n' + JSON.stringify([livery.engineTitles, livery.engineEmblem, livery.engines, k]) + plane
    nacelle = texCache.get(nacKey) ?? nacelleTexture(model, schemeOf(livery), k)
    if (nacelle && !texCache.has(nacKey)) remember(nacKey, nacelle)
  }
  let winglet: Texture | undefined
  if (livery?.wingletEmblem && model.wing.device.length) {
    const key = 'w' + JSON.stringify([livery.wingletEmblem, livery.winglets, livery.tail.base, k])
    winglet = texCache.get(key + plane) ?? wingletTexture(model, schemeOf(livery), k)
    if (winglet && !texCache.has(key + plane)) remember(key + plane, winglet)
  }
  return { fuselage, nacelle, winglet }
}

/** the fin's texture: cached, or painted here */
function finTextureOf(model: Model, livery: LiveryDesign | null, mpp: number): Texture {
  const k = scaleOf(model, mpp)
  const key = finKeyOf(model, livery, k)
  let fin = texCache.get(key)
  if (!fin) remember(key, (fin = finTexture(model, schemeOf(livery), k)))
  return fin
}

/** every texture of a model in a livery at a scale, painted here unless cached */
export function textures(model: Model, livery: LiveryDesign | null, mpp: number): Surfaces {
  return { ...bodyTextures(model, livery, mpp), fin: finTextureOf(model, livery, mpp) }
}
