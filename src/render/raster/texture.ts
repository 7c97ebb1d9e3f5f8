/** An RGBA texture painted with skia and sampled by the shader: bilinearly, filtered over a pixel's footprint where it spans several texels. */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'

export interface Texture {
  w: number
  h: number
  data: Uint8ClampedArray
  /** texels per metre (u) and texels per unit of v */
  su: number
  sv: number
  u0: number // u of texel column 0
  v0: number // v of texel row 0
  wrapV: boolean
  /**
   * a two-sided texture (the fin): added to v on the aircraft's left side (faces whose normal has
   * y < 0), where a second picture is painted, so text reads forwards from both sides
   */
  vLeft?: number
}

/**
 * the painted texels, in shared memory: a picture split between threads paints its textures
 * once and hands them over (two threads painting with skia at once took three times as long)
 */
export function paintTexture(
  w: number,
  h: number,
  paint: (ctx: SKRSContext2D) => void,
): Uint8ClampedArray {
  const c = createCanvas(w, h)
  const ctx = c.getContext('2d')
  paint(ctx)
  const texels = new Uint8ClampedArray(new SharedArrayBuffer(w * h * 4))
  texels.set(ctx.getImageData(0, 0, w, h).data)
  return texels
}

/** bilinear sample at (u, v) into out[0..2] (0..255) */
export function sample(t: Texture, u: number, v: number, out: Float64Array): void {
  bilinear(t.data, t.w, t.h, t.wrapV, (u - t.u0) * t.su - 0.5, (v - t.v0) * t.sv - 0.5, out)
}

// the footprint of the pixel being shaded across the texture it reads: `reads` bilinear reads
// spread evenly along (ax, ay) texels. One read (the common case) unless lens.ts sets it for a
// triangle whose pixels each cover several texels (a surface seen at a grazing angle)
let reads = 1
let footX = 0
let footY = 0
const acc = new Float64Array(3)

/** the footprint of the pixels shaded next (lens.ts): n reads across (ax, ay) texels; n = 1 for a plain bilinear read */
export function setFootprint(n: number, ax: number, ay: number): void {
  reads = n
  footX = ax
  footY = ay
}

/**
 * sample at texel coordinates (x, y) (texel centres at integers) into out[0..2]: bilinear, or
 * where the footprint spans several texels the mean of bilinear reads along it (a box filter:
 * rows of windows and the strokes of titles average to their tone instead of beating)
 */
export function bilinear(
  d: Uint8ClampedArray,
  w: number,
  h: number,
  wrap: boolean,
  x: number,
  y: number,
  out: Float64Array,
): void {
  if (reads === 1) return bilinearOnce(d, w, h, wrap, x, y, out)
  let r = 0,
    g = 0,
    b = 0
  for (let k = 0; k < reads; k++) {
    const o = (k + 0.5) / reads - 0.5
    bilinearOnce(d, w, h, wrap, x + o * footX, y + o * footY, acc)
    r += acc[0]
    g += acc[1]
    b += acc[2]
  }
  out[0] = r / reads
  out[1] = g / reads
  out[2] = b / reads
}

/**
 * bilinear sample at texel coordinates (x, y) (texel centres at integers) into out[0..2]; x is
 * clamped to the texture, y clamped or wrapped; integer arithmetic for the addressing
 */
function bilinearOnce(
  d: Uint8ClampedArray,
  w: number,
  h: number,
  wrap: boolean,
  x: number,
  y: number,
  out: Float64Array,
): void {
  if (!(x > 0))
    x = 0 // also NaN
  else if (x > w - 1) x = w - 1
  let y0: number, y1: number, fy: number
  if (wrap) {
    if (!(y >= 0 && y < h)) {
      y = y - Math.floor(y / h) * h
      if (!(y >= 0 && y < h)) y = 0
    }
    y0 = y | 0
    fy = y - y0
    y1 = y0 + 1 === h ? 0 : y0 + 1
  } else {
    if (!(y > 0)) y = 0
    else if (y > h - 1) y = h - 1
    y0 = y | 0
    fy = y - y0
    y1 = y0 + 1 < h ? y0 + 1 : y0
  }
  const x0 = x | 0
  const fx = x - x0
  const dx = x0 + 1 < w ? 4 : 0
  const i00 = (y0 * w + x0) * 4
  const i01 = (y1 * w + x0) * 4
  const w00 = (1 - fx) * (1 - fy),
    w10 = fx * (1 - fy),
    w01 = (1 - fx) * fy,
    w11 = fx * fy
  out[0] = d[i00] * w00 + d[i00 + dx] * w10 + d[i01] * w01 + d[i01 + dx] * w11
  out[1] = d[i00 + 1] * w00 + d[i00 + dx + 1] * w10 + d[i01 + 1] * w01 + d[i01 + dx + 1] * w11
  out[2] = d[i00 + 2] * w00 + d[i00 + dx + 2] * w10 + d[i01 + 2] * w01 + d[i01 + dx + 2] * w11
}
