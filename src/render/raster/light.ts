/**
 * The lighting model, in view space (x right, y up, z towards the camera): a key light from the
 * upper left, a sky/ground ambient, and on glossy paint a sharp highlight inside a soft sheen.
 * The light turns with the camera, so every view (rear ones too) is lit from the same side.
 */

function norm(v: number[]): number[] {
  const l = Math.hypot(v[0], v[1], v[2])
  return [v[0] / l, v[1] / l, v[2] / l]
}

const L = norm([-0.42, 0.72, 0.55])
const HV = norm([L[0], L[1], L[2] + 1]) // half vector between the light and the viewer
export const L0 = L[0], L1 = L[1], L2 = L[2]
export const H0 = HV[0], H1 = HV[1], H2 = HV[2]

/**
 * light the colour base[0..2] with the (unnormalised, interpolated) normal n; gloss 0 = matt;
 * the result into out[o..o+2]
 */
export function lit(base: Float64Array, nx: number, ny: number, nz: number, gloss: number, out: Float64Array, o: number): void {
  const l2 = nx * nx + ny * ny + nz * nz
  if (l2 > 0) {
    const k = 1 / Math.sqrt(l2)
    nx *= k; ny *= k; nz *= k
  }
  // thin surfaces are seen from both sides
  if (nz < 0) { nx = -nx; ny = -ny; nz = -nz }
  let diff = nx * L0 + ny * L1 + nz * L2
  if (diff < 0) diff = 0
  // sky above, a soft bounce from the ground below: undersides stay light, as in an illustration
  const amb = 0.64 + 0.1 * ny + (ny < 0 ? -0.06 * ny * nz : 0)
  let h = nx * H0 + ny * H1 + nz * H2
  if (h < 0) h = 0
  const h2 = h * h, h4 = h2 * h2, h8 = h4 * h4, h16 = h8 * h8
  const spec = gloss * (h16 * h16 * h4 + 0.22 * h8) * 255
  // slight darkening towards the silhouette rounds bodies off
  const k = (amb + 0.44 * diff) * (0.82 + 0.18 * nz)
  out[o] = base[0] * k + spec
  out[o + 1] = base[1] * k + spec
  out[o + 2] = base[2] * k + spec
}
