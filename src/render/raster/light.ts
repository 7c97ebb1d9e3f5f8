/**
 * The lighting model, per pixel in view space (x right, y up, z towards the camera), for the
 * daylight of light/sun.ts and light/sky.ts: the sun (its shadow given), the sky dome and the
 * ground's bounce (their occlusion given), mirrored in the surface by its finish (a base layer of
 * metal or paint, a clear coat on top, Fresnel towards grazing angles), then the filmic tone curve.
 */
import { FINISHES, Finish } from '../parts/materials'
import { SKY_BLURRED, SKY_DIFFUSE, SKY_N, SKY_SHARP } from '../light/sky'
import { SUN_RGB, viewLight } from '../light/sun'
import { toneRGB } from '../light/tone'
import type { View } from './camera'

/**
 * light a surface of sRGB colour (r, g, b: 0..255) with the (unnormalised, interpolated) normal
 * n, of finish f, seeing `sun` of the sun (0..1: its shadow) and `sky` of the dome (0..1: its
 * occlusion); the 8-bit result into out[o..o+2]
 */
export type Lit = (
  r: number,
  g: number,
  b: number,
  nx: number,
  ny: number,
  nz: number,
  f: number,
  sun: number,
  sky: number,
  out: Float64Array,
  o: number,
) => void

const NF = Object.keys(FINISHES).length
const METAL = new Float64Array(NF),
  ROUGH = new Float64Array(NF),
  COAT = new Float64Array(NF)
// GGX's alpha squared, the sharpness of the sky's reflection (1 = mirror) and the base layer's Fresnel ceiling
const A2 = new Float64Array(NF),
  SHARP = new Float64Array(NF),
  EDGE = new Float64Array(NF),
  KD = new Float64Array(NF),
  REACH = new Float64Array(NF)
for (const [f, [m, r, c]] of Object.entries(FINISHES)) {
  const i = Number(f)
  METAL[i] = m
  ROUGH[i] = r
  COAT[i] = c
  A2[i] = r ** 4
  SHARP[i] = Math.max(0, Math.min(1, 1 - (r - 0.1) / 0.35))
  // under a clear coat the paint meets varnish, not air: the coat alone brightens towards grazing
  EDGE[i] = c > 0 && m === 0 ? 0.04 : Math.max(0.04, 1 - r)
  // what the base layer scatters: none of a metal, all but its mirrored share of paint
  KD[i] = (1 - m) * (1 - 0.04)
  // past this n.h the highlight is too faint to show (a metal mirrors all of it, paint a twentieth)
  REACH[i] = reach(A2[i], m > 0 ? 0.001 : 0.01)
}
// per finish, what its base layer mirrors by elevation: the sky as sharp as the finish is smooth
const SKY3 = 3 * SKY_N
const ENV = new Float64Array(NF * SKY3)
for (let f = 0; f < NF; f++)
  for (let i = 0; i < SKY3; i++)
    ENV[f * SKY3 + i] = SKY_BLURRED[i] + (SKY_SHARP[i] - SKY_BLURRED[i]) * SHARP[f]
// the clear coat: a hard varnish, its own highlight
const COAT_A2 = 0.09 ** 4
const COAT_REACH = 0.97
const INV255 = 1 / 255
const GLASS = Finish.Glass
const SKY_K = (SKY_N - 1) / 2

/** GGX normal distribution times the Fresnel-free specular terms, for the sun's highlight */
function ggx(nh: number, a2: number): number {
  const d = nh * nh * (a2 - 1) + 1
  return a2 / (Math.PI * d * d)
}

/** the n.h at which GGX of alpha squared a2 falls to `share` of its peak */
function reach(a2: number, share: number): number {
  // D(nh) / D(1) = a2^2 / (nh^2 (a2 - 1) + 1)^2 = share
  const nh2 = (1 - a2 / Math.sqrt(share)) / (1 - a2)
  return nh2 > 0 ? Math.sqrt(nh2) : 0
}

export function makeLit(view: View): Lit {
  const { sun, up, half } = viewLight(view)
  const L0 = sun[0],
    L1 = sun[1],
    L2 = sun[2],
    U0 = up[0],
    U1 = up[1],
    U2 = up[2],
    H0 = half[0],
    H1 = half[1],
    H2 = half[2]
  const SR = SUN_RGB[0],
    SG = SUN_RGB[1],
    SB = SUN_RGB[2]
  // the viewer is +z: v.h is one number per view, and with it the sun's Fresnel and visibility terms
  const vh = H2
  const sunF5 = Math.pow(1 - vh, 5)
  const sunVis = 0.25 / Math.max(0.1, vh * vh)
  const coatSun = sunVis * (0.04 + 0.96 * sunF5)
  return (r, g, b, nx, ny, nz, f, sunSeen, skySeen, out, o) => {
    const l2 = nx * nx + ny * ny + nz * nz
    if (l2 > 0) {
      const k = 1 / Math.sqrt(l2)
      nx *= k
      ny *= k
      nz *= k
    }
    // thin surfaces are seen from both sides
    if (nz < 0) {
      nx = -nx
      ny = -ny
      nz = -nz
    }
    // glass shows the dark cabin behind it, without the painted blue: its colour is the sky's in it
    if (f === GLASS) r = g = b = 0.45 * (0.3 * r + 0.59 * g + 0.11 * b)
    // sRGB to linear (gamma 2: close enough for paint, and a multiply)
    r = r * r * INV255 * INV255
    g = g * g * INV255 * INV255
    b = b * b * INV255 * INV255
    const metal = METAL[f],
      coat = COAT[f]
    let nl = nx * L0 + ny * L1 + nz * L2
    nl = nl > 0 ? nl * sunSeen : 0
    // the dome's light by where the normal faces, and what it mirrors there
    const ne = nx * U0 + ny * U1 + nz * U2
    const re = 2 * nz * ne - U2
    const di = ((ne + 1) * SKY_K + 0.5) | 0,
      ri = ((re > 1 ? 1 : re < -1 ? -1 : re) + 1) * SKY_K + 0.5
    const d3 = 3 * di,
      r3 = 3 * (ri | 0)
    const e3 = f * SKY3 + r3
    const envR = ENV[e3],
      envG = ENV[e3 + 1],
      envB = ENV[e3 + 2]
    const t1 = 1 - nz,
      t2 = t1 * t1
    const f5 = t2 * t2 * t1
    // the base layer: paint scatters its colour, metal mirrors tinted by it
    const edge = EDGE[f]
    const f0r = 0.04 + (r - 0.04) * metal,
      f0g = 0.04 + (g - 0.04) * metal,
      f0b = 0.04 + (b - 0.04) * metal
    const fr = f0r + (edge - f0r) * f5,
      fg = f0g + (edge - f0g) * f5,
      fbl = f0b + (edge - f0b) * f5
    const nh = nx * H0 + ny * H1 + nz * H2
    // the sun's highlight in the base layer, where its lobe reaches (a rough one reaches wide)
    const spec = nl > 0 && nh > REACH[f] ? ggx(nh, A2[f]) * sunVis * nl : 0
    const kd = KD[f]
    let cr = r * kd * (SR * nl + SKY_DIFFUSE[d3] * skySeen) + fr * (envR * skySeen + SR * spec)
    let cg = g * kd * (SG * nl + SKY_DIFFUSE[d3 + 1] * skySeen) + fg * (envG * skySeen + SG * spec)
    let cb = b * kd * (SB * nl + SKY_DIFFUSE[d3 + 2] * skySeen) + fbl * (envB * skySeen + SB * spec)
    if (coat > 0) {
      // the varnish mirrors the sky sharply and takes its share of the light from what is under it
      const fc = coat * (0.04 + 0.96 * f5)
      // the varnish's highlight is a small sharp spot: nothing of it shows away from its centre
      const cs = nl > 0 && nh > COAT_REACH ? ggx(nh, COAT_A2) * coatSun * nl * coat : 0
      const under = 1 - fc
      cr = cr * under + fc * SKY_SHARP[r3] * skySeen + SR * cs
      cg = cg * under + fc * SKY_SHARP[r3 + 1] * skySeen + SG * cs
      cb = cb * under + fc * SKY_SHARP[r3 + 2] * skySeen + SB * cs
    }
    // the filmic tone curve, hue kept (light/tone.ts)
    toneRGB(cr, cg, cb, out, o)
  }
}
