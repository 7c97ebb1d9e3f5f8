/**
 * The winglets' art (livery.wingletEmblem): the winglet colour with an emblem on both faces of each
 * upward tip device. A winglet is lofted like a wing (parts/surface.ts): u is the fraction of its
 * stations from the wing tip up, v runs round the airfoil from the trailing edge over one face to
 * the leading edge (0.5) and back over the other. The emblem is laid out flat first, in metres back
 * from the device's leading edge and up along it, its front towards the leading edge; then each
 * texel (u, v) reads the point of that layout it covers. The two wings mirror each other in y only,
 * so every face, seen from its own side, shows the emblem with its front towards the nose.
 */
import { createCanvas } from '@napi-rs/canvas'
import type { Model } from '../parts/model'
import type { Station } from '../parts/surface'
import type { Texture } from '../raster/texture'
import { drawEmblem, emblemInk } from './emblems'
import { hex, type Scheme } from './scheme'

type PartEmblem = NonNullable<Scheme['design']['wingletEmblem']>

interface Along {
  le: number
  chord: number
  s: number
}

/** leading edge x, chord and height up the device (metres) at a fraction u of its stations */
function alongOf(st: Station[], s: number[], u: number): Along {
  const f = Math.min(st.length - 1, Math.max(0, u * (st.length - 1)))
  const a = Math.min(st.length - 2, Math.floor(f))
  const t = f - a
  const lerp = (p: number, q: number) => p + (q - p) * t
  return {
    le: lerp(st[a].le[0], st[a + 1].le[0]),
    chord: lerp(st[a].chord, st[a + 1].chord),
    s: lerp(s[a], s[a + 1]),
  }
}

/** the same at a height s up the device */
function alongAt(st: Station[], s: number[], h: number): Along {
  let i = 1
  while (i < s.length - 1 && s[i] < h) i++
  const t = Math.min(1, Math.max(0, (h - s[i - 1]) / Math.max(1e-9, s[i] - s[i - 1])))
  return alongOf(st, s, (i - 1 + t) / (st.length - 1))
}

/**
 * the emblem's ink (its box in the 100 x 100 frame) centred at y up the device and as tall as size
 * asks, leaning back with the device's mid-chord line (as a swept winglet's art does), shrunk until
 * it fits between the leading and trailing edges over its height: its centre (x back, s up), height
 * and lean (x per metre up), in metres
 */
function placement(
  st: Station[],
  s: number[],
  art: PartEmblem,
  ink: { x0: number; x1: number; y0: number; y1: number },
): { cx: number; cs: number; hgt: number; lean: number } {
  const S = s[s.length - 1]
  const aspect = (ink.x1 - ink.x0) / Math.max(1e-6, ink.y1 - ink.y0)
  const cs = (art.y ?? 0.5) * S
  const mid = (h: number) => {
    const r = alongAt(st, s, h)
    return r.le + r.chord / 2
  }
  let hgt = Math.min((art.size ?? 0.5) * S, 2 * Math.min(cs, S - cs))
  const cx = mid(cs)
  let lean = 0
  for (let i = 0; i < 40; i++) {
    lean = (mid(cs + hgt / 2) - mid(cs - hgt / 2)) / hgt
    // the narrowest of the rows the ink spans, about the leaning centre line
    let room = Infinity
    for (const h of [cs - hgt / 2, cs, cs + hgt / 2]) {
      const r = alongAt(st, s, h)
      const c = cx + (h - cs) * lean
      room = Math.min(room, 2 * Math.min(c - r.le, r.le + r.chord - c))
    }
    if (room >= 1.1 * hgt * aspect) break
    hgt *= 0.92
  }
  return { cx, cs, hgt, lean }
}

export function wingletTexture(model: Model, scheme: Scheme, k: number): Texture | undefined {
  const art = scheme.design.wingletEmblem
  const st = model.wing.device
  if (scheme.blank || !art || st.length < 2) return undefined
  const ys = model.wing.yScale
  // metres up the device at each station, across the span (the sweep is x, laid out as it is)
  const s = [0]
  for (let i = 1; i < st.length; i++) {
    const [a, b] = [st[i - 1].le, st[i].le]
    s.push(s[i - 1] + Math.hypot((b[1] - a[1]) * ys, b[2] - a[2]))
  }
  const S = s[s.length - 1]
  const x0 = Math.min(...st.map((x) => x.le[0]))
  const x1 = Math.max(...st.map((x) => x.le[0] + x.chord))
  // the flat layout, a little finer than the texture so reading it back blurs little
  const kf = 1.5 * k
  const fw = Math.max(8, Math.ceil((x1 - x0) * kf))
  const fh = Math.max(8, Math.ceil(S * kf))
  const flat = createCanvas(fw, fh)
  const ctx = flat.getContext('2d')
  ctx.fillStyle = hex(scheme.winglet)
  ctx.fillRect(0, 0, fw, fh)
  // x back from the foremost leading edge, up along the device (the canvas's y runs down from
  // the tip)
  ctx.setTransform(kf, 0, 0, kf, -x0 * kf, S * kf)
  // an unknown shape draws nothing; a box inside the frame keeps the layout finite
  const ink = emblemInk(art.shape) ?? { x0: 4, x1: 96, y0: 6, y1: 94 }
  const { cx, cs, hgt, lean } = placement(st, s, art, ink)
  const scale = hgt / (ink.y1 - ink.y0)
  ctx.translate(cx, -cs)
  // up the device is -y here: leaning back is x growing as y falls
  ctx.transform(1, 0, -lean, 1, 0, 0)
  ctx.scale(scale, scale)
  ctx.translate(-(ink.x0 + ink.x1) / 2, -(ink.y0 + ink.y1) / 2)
  drawEmblem(ctx, art.shape, art.colors)
  const img = ctx.getImageData(0, 0, fw, fh).data
  // the texture: columns along u, rows round the loop v, at chord fraction
  // xi = (1 + cos 2 pi v) / 2 (the loop's points, parts/surface.ts airfoil)
  const w = Math.max(8, Math.ceil(S * k))
  const h = Math.max(16, Math.ceil(2 * Math.max(...st.map((x) => x.chord)) * k))
  const data = new Uint8ClampedArray(new SharedArrayBuffer(w * h * 4))
  const xis = Float64Array.from(
    { length: h },
    (_, j) => (1 + Math.cos((2 * Math.PI * (j + 0.5)) / h)) / 2,
  )
  for (let i = 0; i < w; i++) {
    const a = alongOf(st, s, (i + 0.5) / w)
    const py = Math.min(fh - 1, Math.max(0, Math.floor((S - a.s) * kf)))
    for (let j = 0; j < h; j++) {
      const px = Math.min(fw - 1, Math.max(0, Math.floor((a.le + xis[j] * a.chord - x0) * kf)))
      const from = 4 * (py * fw + px)
      const to = 4 * (j * w + i)
      data[to] = img[from]
      data[to + 1] = img[from + 1]
      data[to + 2] = img[from + 2]
      data[to + 3] = 255
    }
  }
  return { w, h, data, su: w, sv: h, u0: 0, v0: 0, wrapV: true }
}
