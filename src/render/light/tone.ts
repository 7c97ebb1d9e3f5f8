/**
 * The filmic tone curve from linear light to 8-bit sRGB: a toe that keeps shadows from going
 * flat, a shoulder that rolls highlights off so white paint in full sun keeps its shading and
 * its panel lines instead of clipping. One table (TONE_N entries up to TONE_MAX) read by index,
 * its steps fine enough that the darkest metal and glass do not band.
 */
export const TONE_N = 1 << 15
export const TONE_MAX = 12
export const TONE_SCALE = (TONE_N - 1) / TONE_MAX

/** exposure: sunlit white paint facing the sun lands just under white, its highlight above it */
const EXPOSURE = 0.62

/** the ACES filmic fit (Narkowicz), 0..1 */
function aces(x: number): number {
  return Math.min(1, Math.max(0, (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14)))
}

function srgb(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * Math.pow(c, 1 / 2.4) - 0.055
}

export const TONE = new Float32Array(TONE_N)
for (let i = 0; i < TONE_N; i++) TONE[i] = 255 * srgb(aces((i / TONE_SCALE) * EXPOSURE))

/** the 8-bit value (0..255, fractional) of linear light v */
export function tone(v: number): number {
  const i = (v > 0 ? v : 0) * TONE_SCALE
  return TONE[i < TONE_N - 1 ? i | 0 : TONE_N - 1]
}
