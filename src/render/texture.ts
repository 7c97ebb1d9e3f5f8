/** An RGBA texture painted with skia and sampled bilinearly by the shader. */
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
}

export function paintTexture(w: number, h: number, paint: (ctx: SKRSContext2D) => void): Uint8ClampedArray {
  const c = createCanvas(w, h)
  const ctx = c.getContext('2d')
  paint(ctx)
  return ctx.getImageData(0, 0, w, h).data as Uint8ClampedArray
}

/** bilinear sample at (u, v) into out[0..2] (0..255) */
export function sample(t: Texture, u: number, v: number, out: Float64Array): void {
  let x = (u - t.u0) * t.su - 0.5
  let y = (v - t.v0) * t.sv - 0.5
  if (x < 0) x = 0
  else if (x > t.w - 1) x = t.w - 1
  if (t.wrapV) {
    y = ((y % t.h) + t.h) % t.h
  } else if (y < 0) y = 0
  else if (y > t.h - 1) y = t.h - 1
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const fx = x - x0
  const fy = y - y0
  const x1 = x0 + 1 < t.w ? x0 + 1 : x0
  const y1 = t.wrapV ? (y0 + 1) % t.h : y0 + 1 < t.h ? y0 + 1 : y0
  const d = t.data
  const i00 = (y0 * t.w + x0) * 4
  const i10 = (y0 * t.w + x1) * 4
  const i01 = (y1 * t.w + x0) * 4
  const i11 = (y1 * t.w + x1) * 4
  const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
  out[0] = d[i00] * w00 + d[i10] * w10 + d[i01] * w01 + d[i11] * w11
  out[1] = d[i00 + 1] * w00 + d[i10 + 1] * w10 + d[i01 + 1] * w01 + d[i11 + 1] * w11
  out[2] = d[i00 + 2] * w00 + d[i10 + 2] * w10 + d[i01 + 2] * w01 + d[i11 + 2] * w11
}
