/**
 * A depth-buffered triangle rasteriser with adaptive supersampling, shading once per pixel and
 * surface (like MSAA): samples of one part in a pixel share one shading evaluation.
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
 * across calls.
 */
import { INV1, INV2, SNAP1, SNAP2, markSegment, rasterCentres, rasterSamples } from './raster-passes'
import { contourEdges, edgeNeighbours } from '../parts/topology'

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

const STRIP = 32

export interface PixelBox { x: number; y: number; width: number; height: number }

// buffers reused across calls (rasterize is synchronous)
let cDepth = new Float32Array(0) // pass 1: depth per pixel centre
let cTri = new Int32Array(0) // pass 1: triangle per pixel centre, -1 = none
let mark = new Int32Array(0) // strip pixels: 0 = plain, 1 = edge; then slot + 1 for edge pixels
let sDepth = new Float32Array(0) // pass 2: ss x ss samples per edge pixel
let sTri = new Int32Array(0)
let vbuf = new Float64Array(0) // snapped vertices
let tbuf8 = new Uint8Array(0) // per triangle: facing, contour bits
let tbuf32 = new Int32Array(0) // per triangle: part lookup, strip range
let tiles = new Uint8Array(0) // strip: 8 x 8 pixel tiles holding an edge pixel
let slopeBuf = new Float64Array(0) // per triangle: largest depth change from a pixel centre within its pixel

function grow<T extends Float32Array | Int32Array>(a: T, n: number, make: (n: number) => T): T {
  return a.length >= n ? a : make(Math.max(n, Math.ceil(a.length * 1.5)))
}

/**
 * One of `count` interleaved bands of strips: strip s is this band's when s % count === index.
 * Bands split a picture between threads with about equal work wherever the aircraft lies.
 */
export interface Band { count: number; index: number }

/**
 * rasterise and resolve into rgba (unpremultiplied RGBA, W x H); returns the covered pixels' box.
 * With a band, only that band's strips are drawn (other pixels are not touched).
 */
export function rasterize(inp: RasterInput, W: number, H: number, ss: number, shader: ShadeFn | Shader, rgba: Uint8ClampedArray, band?: Band): PixelBox {
  const shade = typeof shader === 'function' ? shader : shader.at
  const span = typeof shader === 'function'
    ? (t: number, x0: number, y: number, n: number, o: Float64Array) => { for (let i = 0; i < n; i++) shader(t, x0 + i, y, o.subarray(3 * i)) }
    : shader.span
  let runOut = new Float64Array(0)
  const { sx, sy, sz, idx, part } = inp
  const nv = sx.length
  const nt = idx.length / 3
  const S = ss * ss
  // pass 1 vertices: pixel centres at integers; pass 2: samples at integers
  if (vbuf.length < 4 * nv) vbuf = new Float64Array(4 * nv)
  const ux = vbuf.subarray(0, nv), uy = vbuf.subarray(nv, 2 * nv)
  const vx = vbuf.subarray(2 * nv, 3 * nv), vy = vbuf.subarray(3 * nv, 4 * nv)
  for (let i = 0; i < nv; i++) {
    // (multiplying by 1 / SNAP is exact: powers of two)
    ux[i] = Math.round((sx[i] - 0.5) * SNAP1) * INV1
    uy[i] = Math.round((sy[i] - 0.5) * SNAP1) * INV1
    vx[i] = Math.round((sx[i] * ss - 0.5) * SNAP2) * INV2
    vy[i] = Math.round((sy[i] * ss - 0.5) * SNAP2) * INV2
  }
  const skip = inp.skip
  let code: Uint8Array, cbits: Uint8Array
  if (skip && inp.code && inp.contour) {
    code = inp.code
    cbits = inp.contour
  } else {
    const adj = inp.adj ?? edgeNeighbours(idx)
    // facing per triangle: 0 = not drawn; with skip (closed surfaces) 1 = drawn, else the screen winding
    if (tbuf8.length < 2 * nt) tbuf8 = new Uint8Array(2 * nt)
    code = tbuf8.subarray(0, nt)
    code.fill(0)
    for (let t = 0; t < nt; t++) {
      if (skip && skip[t]) continue
      if (skip) { code[t] = 1; continue }
      const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
      const area = (sx[b] - sx[a]) * (sy[c] - sy[a]) - (sy[b] - sy[a]) * (sx[c] - sx[a])
      code[t] = area > 0 ? 1 : area < 0 ? 2 : 1
    }
    cbits = contourEdges(idx, part, code, adj, tbuf8.subarray(nt, 2 * nt))
  }
  // part per pass-1 triangle value, shifted by one so that "none" (-1) reads as -1
  if (tbuf32.length < 3 * nt + 1) tbuf32 = new Int32Array(3 * nt + 1)
  const partOf = tbuf32.subarray(0, nt + 1)
  partOf[0] = -1
  for (let t = 0; t < nt; t++) partOf[t + 1] = part[t]

  // bin drawn triangles by strip: pixel rows they may touch, one row of apron each side
  const nStrips = Math.ceil(H / STRIP)
  const tMin = tbuf32.subarray(nt + 1, 2 * nt + 1).fill(-1)
  const tMax = tbuf32.subarray(2 * nt + 1, 3 * nt + 1)
  const counts = new Int32Array(nStrips + 1)
  for (let t = 0; t < nt; t++) {
    if (!code[t]) continue
    const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
    const y0 = Math.min(sy[a], sy[b], sy[c]), y1 = Math.max(sy[a], sy[b], sy[c])
    const x0 = Math.min(sx[a], sx[b], sx[c]), x1 = Math.max(sx[a], sx[b], sx[c])
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
  const bins = new Int32Array(counts[nStrips])
  for (let t = 0; t < nt; t++) {
    if (tMin[t] < 0) continue
    for (let s = tMin[t]; s <= tMax[t]; s++) bins[fill[s]++] = t
  }

  if (slopeBuf.length < nt) slopeBuf = new Float64Array(Math.max(nt, Math.ceil(slopeBuf.length * 1.5)))
  const slope = slopeBuf
  let bx0 = W, by0 = H, bx1 = -1, by1 = -1
  const out = new Float64Array(3)
  const groupTri = new Int32Array(S)
  const groupPart = new Int32Array(S)
  const groupN = new Int32Array(S)
  const groupVote = new Int32Array(S)
  const rowLo = new Int32Array(STRIP), rowHi = new Int32Array(STRIP)
  // per pass-1 row (a0..a1): columns (from c0) that may hold a covered centre; per strip row: marked by contours
  const covLo = new Int32Array(STRIP + 2), covHi = new Int32Array(STRIP + 2)
  const segLo = new Int32Array(STRIP), segHi = new Int32Array(STRIP)
  for (let s = 0; s < nStrips; s++) {
    if (counts[s] === counts[s + 1]) continue
    if (band && s % band.count !== band.index) continue
    const r0 = s * STRIP // the strip's own rows r0..r1
    const r1 = Math.min(H, r0 + STRIP) - 1
    const a0 = Math.max(0, r0 - 1) // pass 1 rows a0..a1 (with apron)
    const a1 = Math.min(H - 1, r1 + 1)
    // columns this strip's triangles can touch
    let fx0 = Infinity, fx1 = -Infinity
    for (let k = counts[s]; k < counts[s + 1]; k++) {
      const t = bins[k]
      const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
      const lo = Math.min(sx[a], sx[b], sx[c]), hi = Math.max(sx[a], sx[b], sx[c])
      if (lo < fx0) fx0 = lo
      if (hi > fx1) fx1 = hi
    }
    const c0 = Math.max(0, Math.floor(fx0) - 1)
    const c1 = Math.min(W - 1, Math.floor(fx1) + 1)
    if (c1 < c0) continue
    const stride = c1 - c0 + 1
    const nA = (a1 - a0 + 1) * stride
    cDepth = grow(cDepth, nA, (n) => new Float32Array(n))
    cTri = grow(cTri, nA, (n) => new Int32Array(n))
    const nS = (r1 - r0 + 1) * stride
    mark = grow(mark, nS, (n) => new Int32Array(n))
    const depth1 = cDepth, tri1 = cTri, mk = mark
    depth1.fill(-Infinity, 0, nA)
    tri1.fill(-1, 0, nA)
    mk.fill(0, 0, nS)
    covLo.fill(stride); covHi.fill(-1)
    segLo.fill(stride); segHi.fill(-1)

    // pass 1: pixel centres
    for (let k = counts[s]; k < counts[s + 1]; k++) rasterCentres(bins[k], idx, ux, uy, sz, a0, a1, c0, c1, stride, depth1, tri1, slope, covLo, covHi)
    // contour edges marked where they are not hidden behind a nearer surface's centre sample
    for (let k = counts[s]; k < counts[s + 1]; k++) {
      const t = bins[k]
      const bits = cbits[t]
      if (!bits) continue
      const a = idx[3 * t], b = idx[3 * t + 1], c = idx[3 * t + 2]
      // the triangle's depth plane over pixel centres, z = pk + pdx * x + pdy * y, and its largest rise from a centre within the pixel
      const x0 = ux[a], y0 = uy[a], x1 = ux[b], y1 = uy[b], x2 = ux[c], y2 = uy[c]
      const area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
      let pk = Infinity, pdx = 0, pdy = 0, prise = 0
      if (area !== 0) {
        const z0 = sz[a], z1 = sz[b], z2 = sz[c]
        pdx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area
        pdy = ((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)) / area
        pk = z0 - pdx * x0 - pdy * y0
        prise = 0.5 * (Math.abs(pdx) + Math.abs(pdy))
        if (!(prise < 1e30)) pk = Infinity // never hide a degenerate sliver
      }
      if (bits & 1) markSegment(sx[a], sy[a], sx[b], sy[b], r0, r1, a0, c0, c1, stride, mk, pk, pdx, pdy, prise, depth1, tri1, slope, a1 - a0 + 1, segLo, segHi)
      if (bits & 2) markSegment(sx[b], sy[b], sx[c], sy[c], r0, r1, a0, c0, c1, stride, mk, pk, pdx, pdy, prise, depth1, tri1, slope, a1 - a0 + 1, segLo, segHi)
      if (bits & 4) markSegment(sx[c], sy[c], sx[a], sy[a], r0, r1, a0, c0, c1, stride, mk, pk, pdx, pdy, prise, depth1, tri1, slope, a1 - a0 + 1, segLo, segHi)
    }
    // centres that see another part than a neighbour's centre: both pixels are edge pixels (any
    // straight boundary through a pixel's square separates its centre from a 4-neighbour's)
    // (only where this row or the next has covered centres: elsewhere both sides are "none")
    for (let y = a0; y <= a1; y++) {
      const o = (y - a0) * stride
      const inA = y >= r0 && y <= r1, inB = y + 1 >= r0 && y + 1 <= r1
      const mo = (y - r0) * stride
      let xs = covLo[y - a0], xe = covHi[y - a0]
      if (y < a1) { if (covLo[y + 1 - a0] < xs) xs = covLo[y + 1 - a0]; if (covHi[y + 1 - a0] > xe) xe = covHi[y + 1 - a0] }
      if (xe < 0) continue
      xs = Math.max(0, xs - 1)
      let t = tri1[o + xs]
      for (let x = xs; x <= xe; x++) {
        const tr = x + 1 < stride ? tri1[o + x + 1] : t
        if (tr !== t && inA && (tr | t) >= 0 && partOf[tr + 1] !== partOf[t + 1]) { mk[mo + x] = 1; mk[mo + x + 1] = 1 }
        if (y < a1) {
          const td = tri1[o + stride + x]
          if (td !== t && (td | t) >= 0 && partOf[td + 1] !== partOf[t + 1]) { if (inA) mk[mo + x] = 1; if (inB) mk[mo + stride + x] = 1 }
        }
        t = tr
      }
    }
    // slots for edge pixels, and each row's span of them
    let nSlot = 0
    const nbx = (stride + 7) >> 3
    tiles = tiles.length >= 4 * nbx ? tiles : new Uint8Array(8 * nbx)
    tiles.fill(0, 0, 4 * nbx)
    for (let y = r0; y <= r1; y++) {
      const to = ((y - r0) >> 3) * nbx
      const mo = (y - r0) * stride
      let lo = stride, hi = -1
      // marks lie on contour segments or next to a covered centre of this row or a neighbouring one
      const cr = y - a0
      let xs = segLo[y - r0], xe = segHi[y - r0]
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
    if (nSlot > 0) {
      sDepth = grow(sDepth, nSlot * S, (n) => new Float32Array(n))
      sTri = grow(sTri, nSlot * S, (n) => new Int32Array(n))
      sDepth.fill(-Infinity, 0, nSlot * S)
      sTri.fill(-1, 0, nSlot * S)
      // pass 2: all samples of edge pixels
      for (let k = counts[s]; k < counts[s + 1]; k++)
        rasterSamples(bins[k], idx, vx, vy, sz, ss, r0, r1, c0, stride, mk, rowLo, rowHi, tiles, nbx, sDepth, sTri)
    }

    // resolve: coverage from samples, colour from one shading per part
    const st = sTri
    for (let py = r0; py <= r1; py++) {
      const mo = (py - r0) * stride
      const co = (py - a0) * stride
      // covered centres and edge pixels only
      const xs = Math.min(covLo[py - a0], rowLo[py - r0] - c0), xe = Math.min(stride - 1, Math.max(covHi[py - a0], rowHi[py - r0] - c0))
      for (let x = xs; x <= xe; x++) {
        const slot = mk[mo + x]
        const px = x + c0
        let o = (py * W + px) * 4
        if (slot === 0) {
          const t = tri1[co + x]
          if (t < 0) continue
          // the run of plain pixels on this triangle, shaded at their centres in one go
          let n = 1
          while (x + n < stride && mk[mo + x + n] === 0 && tri1[co + x + n] === t) n++
          if (runOut.length < 3 * n) runOut = new Float64Array(3 * stride)
          span(t, px + 0.5, py + 0.5, n, runOut)
          for (let i = 0; i < 3 * n; i += 3, o += 4) {
            rgba[o] = runOut[i]; rgba[o + 1] = runOut[i + 1]; rgba[o + 2] = runOut[i + 2]; rgba[o + 3] = 255
          }
          if (px < bx0) bx0 = px
          if (px + n - 1 > bx1) bx1 = px + n - 1
          if (py < by0) by0 = py
          by1 = py
          x += n - 1
          continue
        } else {
          const base = (slot - 1) * S
          const t0 = st[base]
          let uniform = t0 >= 0
          for (let i = 1; i < S && uniform; i++) if (st[base + i] !== t0) uniform = false
          if (uniform) {
            shade(t0, px + 0.5, py + 0.5, out)
            rgba[o] = out[0]; rgba[o + 1] = out[1]; rgba[o + 2] = out[2]; rgba[o + 3] = 255
          } else {
            let ng = 0
            let covered = 0
            for (let i = 0; i < S; i++) {
              const t = st[base + i]
              if (t < 0) continue
              covered++
              const p = part[t]
              let g = 0
              while (g < ng && groupPart[g] !== p) g++
              if (g === ng) { groupPart[g] = p; groupTri[g] = t; groupN[g] = 0; groupVote[g] = 0; ng++ }
              groupN[g]++
              // the part is shaded as its most common triangle (a majority vote): a sub-pixel sliver
              // seen edge-on (a thin leading edge's underside) must not colour the whole pixel, or thin
              // edges turn into dashes
              if (groupTri[g] === t) groupVote[g]++
              else if (groupVote[g] === 0) { groupTri[g] = t; groupVote[g] = 1 }
              else groupVote[g]--
            }
            if (covered === 0) continue
            let r = 0, gg = 0, b = 0
            for (let g = 0; g < ng; g++) {
              // evaluate where the representative triangle's own samples are (never extrapolate far)
              const t = groupTri[g]
              let cx = 0, cy = 0, n = 0
              for (let j = 0; j < ss; j++) for (let i = 0; i < ss; i++) if (st[base + j * ss + i] === t) { cx += i; cy += j; n++ }
              shade(t, px + (cx / n + 0.5) / ss, py + (cy / n + 0.5) / ss, out)
              r += out[0] * groupN[g]; gg += out[1] * groupN[g]; b += out[2] * groupN[g]
            }
            rgba[o] = r / covered; rgba[o + 1] = gg / covered; rgba[o + 2] = b / covered
            rgba[o + 3] = Math.round((255 * covered) / S)
          }
        }
        if (px < bx0) bx0 = px
        if (px > bx1) bx1 = px
        if (py < by0) by0 = py
        by1 = py
      }
    }
  }
  return bx1 < 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: bx0, y: by0, width: bx1 - bx0 + 1, height: by1 - by0 + 1 }
}
