/**
 * The filmic tone curve from linear light to 8-bit sRGB: a toe that keeps shadows from going
 * flat, a shoulder that rolls highlights off so white paint in full sun keeps its shading and
 * its panel lines instead of clipping.
 *
 * A colour is toned by its brightest channel and scaled as a whole, so it keeps its hue: the curve
 * applied to each channel alone squeezes the brightest channel harder than the others, which
 * turns a sunlit blue cyan and an orange yellow, and its toe darkens a navy's weak channels
 * until it turns violet. Only far past sunlit white paint (the sun mirrored in the clear coat) does
 * a colour run on towards white, as film and eyes see a glint. A grey is toned exactly as before.
 * Tables (TONE_N entries up to TONE_MAX) read by index, their steps fine enough that the darkest
 * metal and glass do not band.
 */
export const TONE_N = 1 << 15
export const TONE_MAX = 12
export const TONE_SCALE = (TONE_N - 1) / TONE_MAX

/** exposure: sunlit white paint facing the sun lands just under white, its highlight above it */
const EXPOSURE = 0.62
/** exposed light where colours start to run towards white, and where they are white: past white paint's ~1.9 */
const WHITEN_FROM = 2.6
const WHITEN_AT = TONE_MAX * EXPOSURE

/** the ACES filmic fit (Narkowicz), 0..1 */
function aces(x: number): number {
  return Math.min(1, Math.max(0, (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)))
}

function srgb(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055
}

/** the 8-bit value of a grey of linear light i / TONE_SCALE */
export const TONE = new Float32Array(TONE_N)
/**
 * by the brightest channel m (index m * TONE_SCALE): a colour's display light is c * SCALE + LIFT
 * per channel, the curve's gain at m less the share that runs to white, and that share of white
 */
export const TONE_GAIN = new Float32Array(TONE_N)
export const TONE_LIFT = new Float32Array(TONE_N)
for (let i = 0; i < TONE_N; i++) {
  const x = (i / TONE_SCALE) * EXPOSURE
  const t = aces(x)
  TONE[i] = 255 * srgb(t)
  const s = Math.min(1, Math.max(0, (x - WHITEN_FROM) / (WHITEN_AT - WHITEN_FROM)))
  const w = s * s * (3 - 2 * s)
  // the gain's limit at black is the curve's slope there
  const gain = i ? t / (i / TONE_SCALE) : (0.03 / 0.14) * EXPOSURE
  TONE_GAIN[i] = gain * (1 - w)
  TONE_LIFT[i] = t * w
}

/** display light 0..1 (index d * SRGB_SCALE) to 8-bit sRGB, fractional */
export const SRGB_N = 1 << 15
export const SRGB_SCALE = SRGB_N - 1
export const SRGB = new Float32Array(SRGB_N)
for (let i = 0; i < SRGB_N; i++) SRGB[i] = 255 * srgb(i / SRGB_SCALE)

/** the 8-bit value (0..255, fractional) of a grey of linear light v */
export function tone(v: number): number {
  const i = (v > 0 ? v : 0) * TONE_SCALE
  return TONE[i < TONE_N - 1 ? i | 0 : TONE_N - 1]
}

/**
 * linear light (r, g, b) toned, its hue kept, as 8-bit sRGB (0..255, fractional) into out[o..o+2].
 * A pale colour (its weakest channel near its strongest) takes most of the curve per channel: near
 * white that bleaches a pale tint as film does (a light grey wing stays grey in the sun), and moves
 * its hue by little, as there is little colour to move
 */
export function toneRGB(r: number, g: number, b: number, out: Float64Array, o: number): void {
  const m = r > g ? (r > b ? r : b) : g > b ? g : b
  // how pale: the weakest channel's share of the strongest, squared
  const mn = r < g ? (r < b ? r : b) : g < b ? g : b
  const pale = mn > 0 ? (mn / m) * (mn / m) : 0
  const pr = r * TONE_SCALE,
    pg = g * TONE_SCALE,
    pb = b * TONE_SCALE
  // white paint, greys and the sky's tints in them: the curve per channel alone (most pixels)
  if (pale > 0.97) {
    out[o] = TONE[pr < TONE_N - 1 ? pr | 0 : TONE_N - 1]
    out[o + 1] = TONE[pg < TONE_N - 1 ? pg | 0 : TONE_N - 1]
    out[o + 2] = TONE[pb < TONE_N - 1 ? pb | 0 : TONE_N - 1]
    return
  }
  if (!(m > 0)) {
    out[o] = out[o + 1] = out[o + 2] = 0
    return
  }
  const mi = m * TONE_SCALE
  const k = mi < TONE_N - 1 ? mi | 0 : TONE_N - 1
  const gain = TONE_GAIN[k],
    lift = TONE_LIFT[k]
  const dr = (r > 0 ? r * gain : 0) + lift,
    dg = (g > 0 ? g * gain : 0) + lift,
    db = (b > 0 ? b * gain : 0) + lift
  const ir = dr < 1 ? dr * SRGB_SCALE : SRGB_SCALE,
    ig = dg < 1 ? dg * SRGB_SCALE : SRGB_SCALE,
    ib = db < 1 ? db * SRGB_SCALE : SRGB_SCALE
  const hr = SRGB[ir | 0],
    hg = SRGB[ig | 0],
    hb = SRGB[ib | 0]
  if (pale < 0.01) {
    out[o] = hr
    out[o + 1] = hg
    out[o + 2] = hb
    return
  }
  out[o] = hr + (TONE[pr < TONE_N - 1 ? pr | 0 : TONE_N - 1] - hr) * pale
  out[o + 1] = hg + (TONE[pg < TONE_N - 1 ? pg | 0 : TONE_N - 1] - hg) * pale
  out[o + 2] = hb + (TONE[pb < TONE_N - 1 ? pb | 0 : TONE_N - 1] - hb) * pale
}
