/**
 * The wing's lines up close (the full cut only): the shader draws a line where a wing's loop
 * coordinate q lies a third of the loop from the leading edge (|q - 0.5| = 1/3), which the plain
 * loop spacing puts at three quarters of the chord: the hinge line of the flaps and ailerons.
 * Setting q per vertex puts the same line where else a real wing shows one:
 *  - the slats' trailing edge, at 15% of the chord on the upper surface, over the slatted span;
 *  - the ends of the flaps and ailerons: across the wing behind the hinge line, in a band two
 *    centimetres wide between two stations added for it, whose aft points all hold the line's q;
 *  - the spoilers, the panels on the upper surface just ahead of the flaps: their front edge, which
 *    q crosses between two loop points (about 59% of the chord) because the next point aft is held
 *    as far below the line as the point behind the hinge line lies, and their ends in bands like
 *    the flaps', from the front edge to the hinge line.
 * Everywhere else q stays the loop fraction the wing's colours read (upper, lower, leading edge).
 */
import type { MeshBuilder } from './mesh'
import type { Station } from './surface'

const K = 12 // points per airfoil side (surface.ts airfoil)
const UPPER = 1 / 6 // q of the line on the upper surface (and 5/6 below)
const BAND = 0.01 // half the band's width (m)
const SIDE = 0.03 // where the band's neighbouring stations stand, at the loop's own q
const SLATS = [0.12, 0.97] // the slatted span, fractions of the semispan
const SPOILERS = [0.14, 0.74] // the spoilers' span: beside the body to the ailerons' inner end
// the spoilers' front edge: loop point k = 7 (63% of the chord) held at the q of the point behind the
// hinge line (k = 9); in a band, the point ahead of it (k = 6) held just over the line so the band's
// line reaches forward to the front edge
const FRONT = 1 / 8
const FRONT_BAND = UPPER + 0.012

/** the stations where a wing's lines break, each kind kept for drawLines */
export interface Breaks extends Array<number> {
  flaps?: number[]
  spoilers?: number[]
}

/**
 * span stations (nominal y) where flaps and ailerons end (the trailing edge's kink and the
 * aileron's inner end) and where spoiler panels meet: five a side on a narrowbody's wing, up to
 * eight on the largest
 */
export function surfaceBreaks(b: number, yk: number): Breaks {
  const inboard = yk > 0.15 * b
  const flaps = inboard ? [yk, 0.75 * b] : [0.75 * b]
  const span = 2 * b
  const count = span < 40 ? 5 : span < 50 ? 6 : span < 70 ? 7 : 8
  const inner = inboard ? (count > 5 ? 2 : 1) : 0
  const spoilers = [
    ...panels(SPOILERS[0] * b, inboard ? yk : SPOILERS[0] * b, inner),
    ...panels(inboard ? yk : SPOILERS[0] * b, SPOILERS[1] * b, count - inner),
  ]
  const all: Breaks = [...new Set([...flaps, ...spoilers])].sort((p, q) => p - q)
  all.flaps = flaps
  all.spoilers = spoilers
  return all
}

/** the ends of n equal panels from y0 to y1 (none for n = 0) */
function panels(y0: number, y1: number, n: number): number[] {
  const ys: number[] = []
  for (let i = 0; i <= n && n > 0; i++) ys.push(y0 + ((y1 - y0) * i) / n)
  return ys
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
  breaks: Breaks,
): void {
  const cols = 2 * K
  const block = stations.length * cols + cols + 1
  const flaps = breaks.flaps ?? breaks
  const spoilers = breaks.spoilers ?? []
  const near = (ys: number[], y: number) => ys.some((yb) => Math.abs(y - yb) <= BAND + 1e-6)
  const from = spoilers.length ? spoilers[0] - BAND - 1e-6 : Infinity
  const to = spoilers.length ? spoilers[spoilers.length - 1] + BAND + 1e-6 : -Infinity
  for (let side = 0; side < 2; side++) {
    for (let i = 0; i < stations.length; i++) {
      const y = stations[i].le[1]
      const at: At = {
        flapEnd: near(flaps, y),
        slats: y >= SLATS[0] * b && y <= SLATS[1] * b,
        spoiler: y >= from && y <= to,
        spoilerEnd: near(spoilers, y),
      }
      for (let j = 0; j < cols; j++) {
        const q = lineQ(j, at)
        if (q !== undefined) mb.uv[2 * (first + side * block + i * cols + j) + 1] = q
      }
    }
  }
}

interface At {
  flapEnd: boolean
  slats: boolean
  spoiler: boolean
  spoilerEnd: boolean
}

/** the q a loop point j takes for a line, or undefined to keep the loop fraction */
function lineQ(j: number, at: At): number | undefined {
  if (j <= K) {
    const k = K - j // from the leading edge
    if (at.slats && k === 3) return UPPER
    if (at.flapEnd && k >= 8) return UPPER
    if (at.spoilerEnd && k === 7) return UPPER
    if (at.spoilerEnd && k === 6) return FRONT_BAND
    if (at.spoiler && k === 7) return FRONT
    return undefined
  }
  return at.flapEnd && j - K >= 8 ? 1 - UPPER : undefined
}
