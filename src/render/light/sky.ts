/**
 * An analytic clear sky and the ground under it, as tables by elevation (sin of the angle above
 * the horizon, -1..1, SKY_N steps): what a mirror-like surface reflects in a direction, what a
 * rough one reflects (the sky blurred), and the light a surface receives from the whole dome by the
 * way it faces. Linear RGB, in the units of sun.ts (the sun is about four times the sky).
 */
export const SKY_N = 64

function lerp3(a: number[], b: number[], t: number): number[] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

const ZENITH = [0.24, 0.37, 0.62]
const HORIZON = [0.66, 0.73, 0.82]
// sunlit ground seen from a few metres up: a warm grey-brown, darker than the sky
const GROUND = [0.3, 0.28, 0.25]
const GROUND_FAR = [0.42, 0.41, 0.4]

/** radiance of the sky (e > 0) or the ground (e < 0) at elevation e */
function radiance(e: number): number[] {
  if (e >= 0) return lerp3(HORIZON, ZENITH, Math.pow(e, 0.55))
  // the ground fades into haze towards the horizon
  return lerp3(GROUND_FAR, GROUND, Math.min(1, -e * 4))
}

function table(f: (e: number) => number[]): Float64Array {
  const t = new Float64Array(SKY_N * 3)
  for (let i = 0; i < SKY_N; i++) {
    const c = f((2 * i) / (SKY_N - 1) - 1)
    t[3 * i] = c[0]
    t[3 * i + 1] = c[1]
    t[3 * i + 2] = c[2]
  }
  return t
}

/**
 * the dome integrated over the hemisphere around a normal at elevation e, cosine weighted:
 * numerically, over directions at elevations sampled finely (the dome varies only by elevation)
 */
function around(e: number, power: number): number[] {
  const n = [Math.sqrt(Math.max(0, 1 - e * e)), 0, e]
  const acc = [0, 0, 0]
  let w = 0
  const S = 24
  for (let i = 0; i < S; i++) {
    for (let j = 0; j < 2 * S; j++) {
      const th = (Math.PI * (i + 0.5)) / S,
        ph = (Math.PI * (j + 0.5)) / S
      const d = [Math.sin(th) * Math.cos(ph), Math.sin(th) * Math.sin(ph), Math.cos(th)]
      const c = d[0] * n[0] + d[2] * n[2]
      if (c <= 0) continue
      const k = Math.pow(c, power) * Math.sin(th)
      const r = radiance(d[2])
      acc[0] += r[0] * k
      acc[1] += r[1] * k
      acc[2] += r[2] * k
      w += k
    }
  }
  return [acc[0] / w, acc[1] / w, acc[2] / w]
}

/** what a mirror reflects, by the reflected direction's elevation */
export const SKY_SHARP = table(radiance)
/** what a satin surface reflects: the dome blurred over a wide lobe */
export const SKY_BLURRED = table((e) => around(e, 8))
/** irradiance over pi: what a matt white surface facing elevation e sends back */
export const SKY_DIFFUSE = table((e) => around(e, 1))
