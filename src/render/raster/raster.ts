/**
 * A depth-buffered triangle rasteriser with adaptive supersampling, shading once per pixel and
 * triangle (like MSAA): samples of one triangle in a pixel share one shading evaluation.
 *
 * Works in horizontal strips of STRIP pixel rows, in two passes per strip:
 *  1. one sample per pixel centre (depth + triangle), over the strip and one row above and below;
 *  2. ss x ss samples, but only in edge pixels: pixels crossed by a contour edge (where a drawn
 *     triangle meets an undrawn one, a mesh boundary or another part: silhouettes and occlusion
 *     boundaries) or whose centre sees another part than a neighbour's centre (intersections, such
 *     as a wing entering the fuselage). Elsewhere every sample would see the same surface as the
 *     centre, so the pixel is shaded once from pass 1 and is opaque.
 * Vertices are snapped to a fine grid so edge functions are exact: shared edges are watertight
 * (top-left rule), so there are no cracks between facets in either pass.
 * All buffers are per strip, span only the columns the strip's triangles reach, and are reused
 * across calls (strip.ts).
 *
 * rasterize() reads as its steps: snap the vertices, find what is drawn and its contours, bin
 * triangles by strip; then per strip: centres, marks, slots, samples, resolve.
 */
import {
  INV1,
  INV2,
  SNAP1,
  SNAP2,
  markSegment,
  rasterCentres,
  rasterSamples,
  type DepthPlane,
  type Snapped,
} from './raster-passes'
import { contourEdges, edgeNeighbours } from '../parts/topology'
import { CoveredBox, StripResolver } from './strip-resolve'
import { STRIP, Scratch, type Strip } from './strip'

export interface RasterInput {
  sx: Float64Array // pixel x per vertex
  sy: Float64Array // pixel y per vertex
  sz: Float64Array // depth per vertex, larger = nearer
  idx: Uint32Array
  part: Uint16Array
  skip?: Uint8Array // 1 = do not draw (back faces of closed surfaces)
  /** neighbour triangle across each edge (a-b, b-c, c-a), -1 if none or several: edgeNeighbours(); computed when absent */
  adj?: Int32Array
  /** per triangle, precomputed for this mesh, skip and adj (contourBits()): facing code and contour bits; computed when absent */
  code?: Uint8Array
  contour?: Uint8Array
}

/** shade triangle t at pixel position (x, y); write r, g, b (0..255) into out */
export type ShadeFn = (t: number, x: number, y: number, out: Float64Array) => void

/** a shader that can also do a run of pixels on one triangle at once (the common case) */
export interface Shader {
  at: ShadeFn
  /** positions (x0 + i, y) for i < n, all on triangle t: r, g, b into out[3i..3i+2] */
  span: (t: number, x0: number, y: number, n: number, out: Float64Array) => void
}

export interface PixelBox {
  x: number
  y: number
  width: number
  height: number
}

/**
 * One of `count` interleaved bands of strips: strip s is this band's when s % count === index.
 * Bands split a picture between threads with about equal work wherever the aircraft lies.
 * With `next` (a counter in shared memory, starting at 0, one per picture), strips are not dealt
 * out in advance: each thread takes the next strip not yet taken until none are left. A thread
 * that starts late (it prepared the picture, or finished other work first) or runs on a busier
 * core then simply draws fewer strips, and none waits for another's last strip.
 */
export interface Band {
  count: number
  index: number
  next?: Int32Array
}

/** the strips of a band, in drawing order: dealt out in advance, or taken one by one from band.next */
function* stripsOf(nStrips: number, band?: Band): Generator<number> {
  if (band?.next) {
    for (let si = Atomics.add(band.next, 0, 1); si < nStrips; si = Atomics.add(band.next, 0, 1))
      yield si
    return
  }
  for (let si = band ? band.index : 0; si < nStrips; si += band ? band.count : 1) yield si
}

const scratch = new Scratch()

/**
 * rasterise and resolve into rgba (unpremultiplied RGBA, W x H); returns the covered pixels' box.
 * With a band, only that band's strips are drawn (other pixels are not touched). `over`: rgba holds
 * a picture that the drawing is blended over (resolve.ts), instead of transparent pixels.
 */
export function rasterize(
  inp: RasterInput,
  W: number,
  H: number,
  ss: number,
  shader: ShadeFn | Shader,
  rgba: Uint8ClampedArray,
  band?: Band,
  over = false,
): PixelBox {
  const sh = asShader(shader)
  const { sx, sy, idx, part } = inp
  const nt = idx.length / 3
  scratch.forMesh(sx.length, nt)
  const v = snap(inp, ss)
  const { code, contour } = drawnAndContours(inp)
  // part per pass-1 triangle value, shifted by one so that "none" (-1) reads as -1
  const partOf = scratch.tri32.subarray(0, nt + 1)
  partOf[0] = -1
  for (let t = 0; t < nt; t++) partOf[t + 1] = part[t]
  const bins = binByStrip(inp, code, W, H)
  const box = new CoveredBox()
  const resolver = new StripResolver(sh, ss, W, rgba, box, over)
  const nStrips = bins.counts.length - 1
  for (const si of stripsOf(nStrips, band)) {
    const from = bins.counts[si],
      to = bins.counts[si + 1]
    if (from === to) continue
    const tris = bins.tris.subarray(from, to)
    const s = stripOf(si, tris, inp, W, H)
    if (!s) continue
    const n = tris.length
    for (let k = 0; k < n; k++) rasterCentres(tris[k], v, s)
    for (let k = 0; k < n; k++)
      if (contour[tris[k]]) markContours(tris[k], contour[tris[k]], inp, v, s)
    markPartBoundaries(s, partOf)
    const nSlot = assignSlots(s)
    if (nSlot > 0) {
      scratch.samples(s, nSlot, ss * ss)
      for (let k = 0; k < n; k++) rasterSamples(tris[k], v, s)
    }
    resolver.strip(s)
  }
  return box.result()
}

/** a shade function as a shader (a span is its pixels one by one) */
function asShader(shader: ShadeFn | Shader): Shader {
  if (typeof shader !== 'function') return shader
  return {
    at: shader,
    span: (t, x0, y, n, o) => {
      for (let i = 0; i < n; i++) shader(t, x0 + i, y, o.subarray(3 * i))
    },
  }
}

/** vertices snapped for both passes (multiplying by 1 / SNAP is exact: powers of two) */
function snap(inp: RasterInput, ss: number): Snapped {
  const { sx, sy } = inp
  const nv = sx.length
  const buf = scratch.verts
  const ux = buf.subarray(0, nv),
    uy = buf.subarray(nv, 2 * nv)
  const vx = buf.subarray(2 * nv, 3 * nv),
    vy = buf.subarray(3 * nv, 4 * nv)
  for (let i = 0; i < nv; i++) {
    ux[i] = Math.round((sx[i] - 0.5) * SNAP1) * INV1
    uy[i] = Math.round((sy[i] - 0.5) * SNAP1) * INV1
    vx[i] = Math.round((sx[i] * ss - 0.5) * SNAP2) * INV2
    vy[i] = Math.round((sy[i] * ss - 0.5) * SNAP2) * INV2
  }
  return { idx: inp.idx, ux, uy, vx, vy, sz: inp.sz, ss }
}

/**
 * per triangle: whether it is drawn (0 = not; with skip, closed surfaces, 1 = drawn, else its
 * screen winding) and its contour edge bits; precomputed by the caller when it can
 */
function drawnAndContours(inp: RasterInput): { code: Uint8Array; contour: Uint8Array } {
  const { skip, idx, sx, sy, part } = inp
  if (skip && inp.code && inp.contour) return { code: inp.code, contour: inp.contour }
  const nt = idx.length / 3
  const adj = inp.adj ?? edgeNeighbours(idx)
  const code = scratch.tri8.subarray(0, nt)
  code.fill(0)
  for (let t = 0; t < nt; t++) {
    if (skip && skip[t]) continue
    if (skip) {
      code[t] = 1
      continue
    }
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    const area = (sx[b] - sx[a]) * (sy[c] - sy[a]) - (sy[b] - sy[a]) * (sx[c] - sx[a])
    code[t] = area > 0 ? 1 : area < 0 ? 2 : 1
  }
  return { code, contour: contourEdges(idx, part, code, adj, scratch.tri8.subarray(nt, 2 * nt)) }
}

/** drawn triangles by strip: the pixel rows they may touch, one row of apron each side; strip s holds tris[counts[s]..counts[s + 1]) */
function binByStrip(
  inp: RasterInput,
  code: Uint8Array,
  W: number,
  H: number,
): { counts: Int32Array; tris: Int32Array } {
  const { idx, sx, sy } = inp
  const nt = idx.length / 3
  const nStrips = Math.ceil(H / STRIP)
  const tMin = scratch.tri32.subarray(nt + 1, 2 * nt + 1).fill(-1)
  const tMax = scratch.tri32.subarray(2 * nt + 1, 3 * nt + 1)
  const counts = new Int32Array(nStrips + 1)
  for (let t = 0; t < nt; t++) {
    if (!code[t]) continue
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    const y0 = Math.min(sy[a], sy[b], sy[c]),
      y1 = Math.max(sy[a], sy[b], sy[c])
    const x0 = Math.min(sx[a], sx[b], sx[c]),
      x1 = Math.max(sx[a], sx[b], sx[c])
    if (y1 < -1 || y0 > H + 1 || x1 < -1 || x0 > W + 1) continue
    const s0 = Math.max(0, Math.floor((Math.floor(y0) - 1) / STRIP))
    const s1 = Math.min(nStrips - 1, Math.floor((Math.floor(y1) + 1) / STRIP))
    if (s1 < s0) continue
    tMin[t] = s0
    tMax[t] = s1
    for (let s = s0; s <= s1; s++) counts[s + 1]++
  }
  for (let s = 0; s < nStrips; s++) counts[s + 1] += counts[s]
  const fill = counts.slice(0, nStrips)
  const tris = new Int32Array(counts[nStrips])
  for (let t = 0; t < nt; t++) {
    if (tMin[t] < 0) continue
    for (let s = tMin[t]; s <= tMax[t]; s++) tris[fill[s]++] = t
  }
  return { counts, tris }
}

/** strip si over the columns its triangles can touch, or null when none are in the picture */
function stripOf(
  si: number,
  tris: Int32Array,
  inp: RasterInput,
  W: number,
  H: number,
): Strip | null {
  const { idx, sx } = inp
  const r0 = si * STRIP
  const r1 = Math.min(H, r0 + STRIP) - 1
  let fx0 = Infinity,
    fx1 = -Infinity
  for (let k = 0; k < tris.length; k++) {
    const t = tris[k]
    const a = idx[3 * t],
      b = idx[3 * t + 1],
      c = idx[3 * t + 2]
    const lo = Math.min(sx[a], sx[b], sx[c]),
      hi = Math.max(sx[a], sx[b], sx[c])
    if (lo < fx0) fx0 = lo
    if (hi > fx1) fx1 = hi
  }
  const c0 = Math.max(0, Math.floor(fx0) - 1)
  const c1 = Math.min(W - 1, Math.floor(fx1) + 1)
  if (c1 < c0) return null
  return scratch.strip(r0, r1, Math.max(0, r0 - 1), Math.min(H - 1, r1 + 1), c0, c1)
}

const plane: DepthPlane = { k: 0, dx: 0, dy: 0, rise: 0 }

/** mark the pixels of triangle t's contour edges (bits: a-b, b-c, c-a) where no nearer surface hides them */
function markContours(t: number, bits: number, inp: RasterInput, v: Snapped, s: Strip): void {
  const { idx, sx, sy, sz } = inp
  const a = idx[3 * t],
    b = idx[3 * t + 1],
    c = idx[3 * t + 2]
  // the triangle's depth plane over pixel centres
  const x0 = v.ux[a],
    y0 = v.uy[a],
    x1 = v.ux[b],
    y1 = v.uy[b],
    x2 = v.ux[c],
    y2 = v.uy[c]
  const area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
  plane.k = Infinity
  plane.dx = 0
  plane.dy = 0
  plane.rise = 0
  if (area !== 0) {
    const z0 = sz[a],
      z1 = sz[b],
      z2 = sz[c]
    plane.dx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area
    plane.dy = ((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)) / area
    plane.k = z0 - plane.dx * x0 - plane.dy * y0
    plane.rise = 0.5 * (Math.abs(plane.dx) + Math.abs(plane.dy))
    if (!(plane.rise < 1e30)) plane.k = Infinity // never hide a degenerate sliver
  }
  if (bits & 1) markSegment(sx[a], sy[a], sx[b], sy[b], plane, s)
  if (bits & 2) markSegment(sx[b], sy[b], sx[c], sy[c], plane, s)
  if (bits & 4) markSegment(sx[c], sy[c], sx[a], sy[a], plane, s)
}

/**
 * centres that see another part than a neighbour's centre: both pixels are edge pixels (any
 * straight boundary through a pixel's square separates its centre from a 4-neighbour's);
 * only where this row or the next has covered centres (elsewhere both sides are "none")
 */
function markPartBoundaries(s: Strip, partOf: Int32Array): void {
  const { r0, r1, a0, a1, stride, tri1, mark: mk, covLo, covHi } = s
  for (let y = a0; y <= a1; y++) {
    const o = (y - a0) * stride
    const inA = y >= r0 && y <= r1,
      inB = y + 1 >= r0 && y + 1 <= r1
    const mo = (y - r0) * stride
    let xs = covLo[y - a0],
      xe = covHi[y - a0]
    if (y < a1) {
      if (covLo[y + 1 - a0] < xs) xs = covLo[y + 1 - a0]
      if (covHi[y + 1 - a0] > xe) xe = covHi[y + 1 - a0]
    }
    if (xe < 0) continue
    xs = Math.max(0, xs - 1)
    let t = tri1[o + xs]
    for (let x = xs; x <= xe; x++) {
      const tr = x + 1 < stride ? tri1[o + x + 1] : t
      if (tr !== t && inA && (tr | t) >= 0 && partOf[tr + 1] !== partOf[t + 1]) {
        mk[mo + x] = 1
        mk[mo + x + 1] = 1
      }
      if (y < a1) {
        const td = tri1[o + stride + x]
        if (td !== t && (td | t) >= 0 && partOf[td + 1] !== partOf[t + 1]) {
          if (inA) mk[mo + x] = 1
          if (inB) mk[mo + stride + x] = 1
        }
      }
      t = tr
    }
  }
}

/** number the edge pixels (mark = slot + 1), note their tiles and each row's span of them; returns the count */
function assignSlots(s: Strip): number {
  const {
    r0,
    r1,
    a0,
    a1,
    c0,
    stride,
    mark: mk,
    tiles,
    nbx,
    covLo,
    covHi,
    segLo,
    segHi,
    rowLo,
    rowHi,
  } = s
  let nSlot = 0
  for (let y = r0; y <= r1; y++) {
    const to = ((y - r0) >> 3) * nbx
    const mo = (y - r0) * stride
    let lo = stride,
      hi = -1
    // marks lie on contour segments or next to a covered centre of this row or a neighbouring one
    const cr = y - a0
    let xs = segLo[y - r0],
      xe = segHi[y - r0]
    for (let j = Math.max(0, cr - 1); j <= Math.min(a1 - a0, cr + 1); j++) {
      if (covLo[j] - 1 < xs) xs = covLo[j] - 1
      if (covHi[j] + 1 > xe) xe = covHi[j] + 1
    }
    if (xs < 0) xs = 0
    if (xe > stride - 1) xe = stride - 1
    for (let x = xs; x <= xe; x++) {
      if (mk[mo + x]) {
        mk[mo + x] = ++nSlot
        tiles[to + (x >> 3)] = 1
        if (lo === stride) lo = x
        hi = x
      }
    }
    rowLo[y - r0] = lo + c0
    rowHi[y - r0] = hi + c0
  }
  return nSlot
}
