/**
 * The wing's lines up close (the full cut only): the shader draws a line where a wing's loop
 * coordinate q lies a third of the loop from the leading edge (|q - 0.5| = 1/3), which the plain
 * loop spacing puts at three quarters of the chord: the hinge line of the flaps and ailerons.
 * Setting q per vertex puts the same line where else a real wing shows one:
 *  - the slats' trailing edge, at 15% of the chord on the upper surface, over the slatted span;
 *  - the ends of the flaps and ailerons: across the wing behind the hinge line, in a band two
 *    centimetres wide between two stations added for it, whose aft points all hold the line's q.
 * Everywhere else q stays the loop fraction the wing's colours read (upper, lower, leading edge).
 */
import type { MeshBuilder } from './mesh'
import type { Station } from './surface'

const K = 12 // points per airfoil side (surface.ts airfoil)
const UPPER = 1 / 6 // q of the line on the upper surface (and 5/6 below)
const BAND = 0.01 // half the band's width (m)
const SIDE = 0.03 // where the band's neighbouring stations stand, at the loop's own q
const SLATS = [0.12, 0.97] // the slatted span, fractions of the semispan

/** span stations (nominal y) where flaps and ailerons end: the trailing edge's kink and the aileron's inner end */
export function surfaceBreaks(b: number, yk: number): number[] {
  return yk > 0.15 * b ? [yk, 0.75 * b] : [0.75 * b]
}

/** the stations the breaks' bands need, added to the sorted list `ys` in place */
export function withBreakStations(ys: number[], breaks: number[]): void {
  for (const y of breaks) ys.push(y - SIDE, y - BAND, y + BAND, y + SIDE)
  ys.sort((a, b) => a - b)
  for (let i = ys.length - 1; i > 0; i--) if (ys[i] - ys[i - 1] < 1e-6) ys.splice(i, 1)
}

/**
 * sets q (uv's v) of the wing grids just built from vertex `first` on: both sides' grids of
 * `stations` x 2K loop points, each followed by its tip cap (a centre and a ring)
 */
export function drawLines(
  mb: MeshBuilder,
  first: number,
  stations: Station[],
  b: number,
  breaks: number[],
): void {
  const cols = 2 * K
  const block = stations.length * cols + cols + 1
  for (let side = 0; side < 2; side++) {
    for (let i = 0; i < stations.length; i++) {
      const y = stations[i].le[1]
      const inBand = breaks.some((yb) => Math.abs(y - yb) <= BAND + 1e-6)
      const slats = y >= SLATS[0] * b && y <= SLATS[1] * b
      for (let j = 0; j < cols; j++) {
        const q = lineQ(j, inBand, slats)
        if (q !== undefined) mb.uv[2 * (first + side * block + i * cols + j) + 1] = q
      }
    }
  }
}

/** the q a loop point j takes for a line, or undefined to keep the loop fraction */
function lineQ(j: number, inBand: boolean, slats: boolean): number | undefined {
  if (j <= K) {
    const k = K - j // from the leading edge
    if (slats && k === 3) return UPPER
    if (inBand && k >= 8) return UPPER
    return undefined
  }
  return inBand && j - K >= 8 ? 1 - UPPER : undefined
}
