/**
 * The rasteriser's per-triangle passes over one strip (see raster.ts): pixel centres (pass 1),
 * contour marking, and the ss x ss samples of edge pixels (pass 2). Vertices arrive snapped to
 * a fine grid so edge functions are exact and shared edges watertight (top-left rule).
 */

import type { Strip } from './strip'

/** the mesh's triangles with their vertices snapped for both passes */
export interface Snapped {
  idx: Uint32Array
  ux: Float64Array // pass 1: pixel centres at integers
  uy: Float64Array
  vx: Float64Array // pass 2: samples at integers
  vy: Float64Array
  sz: Float64Array // depth, larger = nearer
  ss: number // samples per pixel side in pass 2
}

/** a triangle's depth over pixel centres, z = k + dx * x + dy * y, and its largest rise from a centre within a pixel */
export interface DepthPlane {
  k: number
  dx: number
  dy: number
  rise: number
}

// pass 1 snaps to 1/256 pixel: edge values are multiples of 2^-16, exact in doubles up to 2^37 px^2
export const SNAP1 = 256
const TL1 = 1 / (2 * SNAP1 * SNAP1)
export const INV1 = 1 / SNAP1
// pass 2 snaps to 1/16 sample
export const SNAP2 = 16
const TL2 = 1 / (2 * SNAP2 * SNAP2)
export const INV2 = 1 / SNAP2

// a contour counts as hidden in a pixel only when the nearer surface clears it by this much (metres) more than the slopes allow
const HIDE_EPS = 1e-3

/**
 * mark every pixel of the strip's rows whose square the segment touches, unless the segment's
 * triangle (its depth plane) lies behind the centre sample's surface over the whole pixel square:
 * such a contour is hidden and its pixel is covered by that surface alone (its own edges mark themselves)
 */
export function markSegment(
  xa: number,
  ya: number,
  xb: number,
  yb: number,
  plane: DepthPlane,
  s: Strip,
): void {
  const { r0, r1, a0, c0, c1, stride, mark: mk, segLo, segHi } = s
  const pk = plane.k,
    pdx = plane.dx,
    pdy = plane.dy,
    rise = plane.rise
  if (ya > yb) {
    let t = xa
    xa = xb
    xb = t
    t = ya
    ya = yb
    yb = t
  }
  const e = 1e-4
  const yLo = Math.max(r0, Math.floor(ya - e)),
    yHi = Math.min(r1, Math.floor(yb + e))
  const dy = yb - ya
  const k = dy > 1e-12 ? (xb - xa) / dy : 0
  for (let y = yLo; y <= yHi; y++) {
    let xl: number, xr: number
    if (dy > 1e-12) {
      const t0 = Math.max(ya, y),
        t1 = Math.min(yb, y + 1)
      xl = xa + (t0 - ya) * k
      xr = xa + (t1 - ya) * k
      if (xl > xr) {
        const t = xl
        xl = xr
        xr = t
      }
    } else {
      xl = Math.min(xa, xb)
      xr = Math.max(xa, xb)
    }
    const lo = Math.max(c0, Math.floor(xl - e)),
      hi = Math.min(c1, Math.floor(xr + e))
    const o = (y - r0) * stride - c0
    if (lo > hi) continue
    if (lo - c0 < segLo[y - r0]) segLo[y - r0] = lo - c0
    if (hi - c0 > segHi[y - r0]) segHi[y - r0] = hi - c0
    const zr = pk + pdy * y + rise + HIDE_EPS
    for (let x = lo; x <= hi; x++) {
      if (mk[o + x]) continue
      if (hiddenAt(x - c0, y - a0, zr + pdx * x, pdx, pdy, s)) continue
      mk[o + x] = 1
    }
  }
}

/**
 * whether a plane (depth z at centre (cx, cy) of the strip's pass-1 grid, slopes pdx, pdy) is behind the centre
 * samples of that pixel and its 8 neighbours, each by more than its own surface's depth change
 * within a pixel
 */
function hiddenAt(cx: number, cy: number, z: number, pdx: number, pdy: number, s: Strip): boolean {
  const { stride, depth1, tri1, slope } = s
  const nRows = s.a1 - s.a0 + 1
  const ylo = cy > 0 ? -1 : 0,
    yhi = cy + 1 < nRows ? 1 : 0
  const xlo = cx > 0 ? -1 : 0,
    xhi = cx + 1 < stride ? 1 : 0
  for (let j = ylo; j <= yhi; j++) {
    const o = (cy + j) * stride + cx
    const zj = z + pdy * j
    for (let i = xlo; i <= xhi; i++) {
      const n = tri1[o + i]
      if (n < 0 || depth1[o + i] - slope[n] <= zj + pdx * i) return false
    }
  }
  return true
}

/** pass 1: the triangle at pixel centres (integer coordinates in ux, uy) of rows a0..a1, columns c0..c1 */
export function rasterCentres(t: number, v: Snapped, s: Strip): void {
  const { idx, ux: vx, uy: vy, sz } = v
  const { a0, a1, c0, c1, stride, depth1: depth, tri1: tri, slope, covLo, covHi } = s
  let a = idx[3 * t],
    b = idx[3 * t + 1]
  const c = idx[3 * t + 2]
  let x0 = vx[a],
    y0 = vy[a],
    x1 = vx[b],
    y1 = vy[b]
  const x2 = vx[c],
    y2 = vy[c]
  const ymin = Math.max(a0, Math.ceil(Math.min(y0, y1, y2)))
  const ymax = Math.min(a1, Math.floor(Math.max(y0, y1, y2)))
  if (ymin > ymax) return
  const xmin = Math.max(c0, Math.ceil(Math.min(x0, x1, x2)))
  const xmax = Math.min(c1, Math.floor(Math.max(x0, x1, x2)))
  if (xmin > xmax) return
  let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
  if (area === 0) return
  if (area < 0) {
    // make the winding positive (thin surfaces are two-sided)
    const ta = a
    a = b
    b = ta
    let tmp = x0
    x0 = x1
    x1 = tmp
    tmp = y0
    y0 = y1
    y1 = tmp
    area = -area
  }
  const z0 = sz[a],
    z1 = sz[b],
    z2 = sz[c]
  const dzx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area
  const dzy = ((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)) / area
  // how far the depth can fall from a centre within its pixel (for the hidden-contour test)
  slope[t] = 0.5 * (Math.abs(dzx) + Math.abs(dzy))
  // edges: w0 = edge(v1,v2), w1 = edge(v2,v0), w2 = edge(v0,v1); edge(a,b,p) = (bx-ax)(py-ay) - (by-ay)(px-ax)
  const A0 = -(y2 - y1),
    B0 = x2 - x1
  const A1 = -(y0 - y2),
    B1 = x0 - x2
  const A2 = -(y1 - y0),
    B2 = x1 - x0
  const R0 = 1 / A0,
    R1 = 1 / A1,
    R2 = 1 / A2 // used only where A is not 0
  const tl0 = y2 - y1 < 0 || (y2 === y1 && x2 > x1) ? TL1 : 0
  const tl1 = y0 - y2 < 0 || (y0 === y2 && x0 > x2) ? TL1 : 0
  const tl2 = y1 - y0 < 0 || (y1 === y0 && x1 > x0) ? TL1 : 0
  for (let y = ymin; y <= ymax; y++) {
    let w0 = B0 * (y - y1) + A0 * (xmin - x1) + tl0
    let w1 = B1 * (y - y2) + A1 * (xmin - x2) + tl1
    let w2 = B2 * (y - y0) + A2 * (xmin - x0) + tl2
    // the row's covered span, widened by one and then tested exactly
    let lo = xmin,
      hi = xmax
    // (reciprocals: a rounding slip cannot undo the widening by one, and every pixel is tested exactly)
    if (A0 > 0) lo = Math.max(lo, xmin + Math.floor(-w0 * R0))
    else if (A0 < 0) hi = Math.min(hi, xmin + Math.ceil(-w0 * R0))
    else if (w0 <= 0) continue
    if (A1 > 0) lo = Math.max(lo, xmin + Math.floor(-w1 * R1))
    else if (A1 < 0) hi = Math.min(hi, xmin + Math.ceil(-w1 * R1))
    else if (w1 <= 0) continue
    if (A2 > 0) lo = Math.max(lo, xmin + Math.floor(-w2 * R2))
    else if (A2 < 0) hi = Math.min(hi, xmin + Math.ceil(-w2 * R2))
    else if (w2 <= 0) continue
    if (lo > hi) continue
    if (lo - c0 < covLo[y - a0]) covLo[y - a0] = lo - c0
    if (hi - c0 > covHi[y - a0]) covHi[y - a0] = hi - c0
    const dx = lo - xmin
    w0 += A0 * dx
    w1 += A1 * dx
    w2 += A2 * dx
    let z = z0 + dzx * (lo - x0) + dzy * (y - y0)
    let i = (y - a0) * stride + lo - c0
    for (let x = lo; x <= hi; x++, i++) {
      if (w0 > 0 && w1 > 0 && w2 > 0 && z > depth[i]) {
        depth[i] = z
        tri[i] = t
      }
      w0 += A0
      w1 += A1
      w2 += A2
      z += dzx
    }
  }
}

/** pass 2: the triangle at the ss x ss samples of the edge pixels (mk > 0: slot + 1) of rows r0..r1 */
export function rasterSamples(t: number, v: Snapped, s: Strip): void {
  const { idx, vx, vy, sz, ss } = v
  const { r0, r1, c0, stride, mark: mk, rowLo, rowHi, tiles, nbx, depth2: depth, tri2: tri } = s
  let a = idx[3 * t],
    b = idx[3 * t + 1]
  const c = idx[3 * t + 2]
  let x0 = vx[a],
    y0 = vy[a],
    x1 = vx[b],
    y1 = vy[b]
  const x2 = vx[c],
    y2 = vy[c]
  const symin = Math.ceil(Math.min(y0, y1, y2)),
    symax = Math.floor(Math.max(y0, y1, y2))
  const pyA = Math.max(r0, Math.floor(symin / ss)),
    pyB = Math.min(r1, Math.floor(symax / ss))
  if (pyA > pyB) return
  const sxmin = Math.ceil(Math.min(x0, x1, x2)),
    sxmax = Math.floor(Math.max(x0, x1, x2))
  if (sxmin > sxmax) return
  // any edge pixel in the 8 x 8 tiles under the bounding box?
  const tx0 = Math.max(0, Math.floor(sxmin / ss) - c0) >> 3,
    tx1 = Math.min(stride - 1, Math.floor(sxmax / ss) - c0) >> 3
  const ty0 = (pyA - r0) >> 3,
    ty1 = (pyB - r0) >> 3
  let any = false
  for (let ty = ty0; ty <= ty1 && !any; ty++)
    for (let tx = tx0; tx <= tx1; tx++)
      if (tiles[ty * nbx + tx]) {
        any = true
        break
      }
  if (!any) return
  let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
  if (area === 0) return
  if (area < 0) {
    const ta = a
    a = b
    b = ta
    let tmp = x0
    x0 = x1
    x1 = tmp
    tmp = y0
    y0 = y1
    y1 = tmp
    area = -area
  }
  const z0 = sz[a],
    z1 = sz[b],
    z2 = sz[c]
  const dzx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area
  const dzy = ((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)) / area
  const A0 = -(y2 - y1),
    B0 = x2 - x1
  const A1 = -(y0 - y2),
    B1 = x0 - x2
  const A2 = -(y1 - y0),
    B2 = x1 - x0
  const tl0 = y2 - y1 < 0 || (y2 === y1 && x2 > x1) ? TL2 : 0
  const tl1 = y0 - y2 < 0 || (y0 === y2 && x0 > x2) ? TL2 : 0
  const tl2 = y1 - y0 < 0 || (y1 === y0 && x1 > x0) ? TL2 : 0
  const pxMin = Math.floor(sxmin / ss),
    pxMax = Math.floor(sxmax / ss)
  const e = ss - 1
  // how much each edge function can grow across a pixel's samples, from its first sample
  const g0 = (A0 > 0 ? A0 * e : 0) + (B0 > 0 ? B0 * e : 0)
  const g1 = (A1 > 0 ? A1 * e : 0) + (B1 > 0 ? B1 * e : 0)
  const g2 = (A2 > 0 ? A2 * e : 0) + (B2 > 0 ? B2 * e : 0)
  // and how much each can fall: when all stay positive, every sample of the pixel is inside
  const h0 = (A0 < 0 ? A0 * e : 0) + (B0 < 0 ? B0 * e : 0)
  const h1 = (A1 < 0 ? A1 * e : 0) + (B1 < 0 ? B1 * e : 0)
  const h2 = (A2 < 0 ? A2 * e : 0) + (B2 < 0 ? B2 * e : 0)
  const S = ss * ss
  for (let py = pyA; py <= pyB; py++) {
    let lo = Math.max(pxMin, rowLo[py - r0]),
      hi = Math.min(pxMax, rowHi[py - r0])
    if (lo > hi) continue
    const Ya = py * ss,
      Yb = Ya + e
    if (hi - lo > 2) {
      // conservative span of this pixel row: each edge at its most permissive sample row
      let slo = -Infinity,
        shi = Infinity
      const q0 = Math.max(B0 * (Ya - y1), B0 * (Yb - y1)) + 1
      if (A0 > 0) slo = Math.max(slo, x1 - q0 / A0)
      else if (A0 < 0) shi = Math.min(shi, x1 - q0 / A0)
      else if (q0 <= 0) continue
      const q1 = Math.max(B1 * (Ya - y2), B1 * (Yb - y2)) + 1
      if (A1 > 0) slo = Math.max(slo, x2 - q1 / A1)
      else if (A1 < 0) shi = Math.min(shi, x2 - q1 / A1)
      else if (q1 <= 0) continue
      const q2 = Math.max(B2 * (Ya - y0), B2 * (Yb - y0)) + 1
      if (A2 > 0) slo = Math.max(slo, x0 - q2 / A2)
      else if (A2 < 0) shi = Math.min(shi, x0 - q2 / A2)
      else if (q2 <= 0) continue
      lo = Math.max(lo, Math.floor(slo / ss))
      hi = Math.min(hi, Math.floor(shi / ss))
      if (lo > hi) continue
    }
    const mo = (py - r0) * stride - c0
    // edge values at the first sample of pixel lo, stepped per pixel
    let v0 = B0 * (Ya - y1) + A0 * (lo * ss - x1) + tl0
    let v1 = B1 * (Ya - y2) + A1 * (lo * ss - x2) + tl1
    let v2 = B2 * (Ya - y0) + A2 * (lo * ss - x0) + tl2
    const s0 = A0 * ss,
      s1 = A1 * ss,
      s2 = A2 * ss
    for (let px = lo; px <= hi; px++, v0 += s0, v1 += s1, v2 += s2) {
      const slot = mk[mo + px]
      if (slot === 0 || v0 + g0 <= 0 || v1 + g1 <= 0 || v2 + g2 <= 0) continue
      let si = (slot - 1) * S
      const X = px * ss
      let z = z0 + dzx * (X - x0) + dzy * (Ya - y0)
      if (v0 + h0 > 0 && v1 + h1 > 0 && v2 + h2 > 0) {
        for (let j = 0; j < ss; j++, z += dzy) {
          let zz = z
          for (let i = 0; i < ss; i++, si++, zz += dzx) {
            if (zz > depth[si]) {
              depth[si] = zz
              tri[si] = t
            }
          }
        }
        continue
      }
      let r0w = v0,
        r1w = v1,
        r2w = v2
      for (let j = 0; j < ss; j++) {
        let w0 = r0w,
          w1 = r1w,
          w2 = r2w,
          zz = z
        for (let i = 0; i < ss; i++, si++) {
          if (w0 > 0 && w1 > 0 && w2 > 0 && zz > depth[si]) {
            depth[si] = zz
            tri[si] = t
          }
          w0 += A0
          w1 += A1
          w2 += A2
          zz += dzx
        }
        r0w += B0
        r1w += B1
        r2w += B2
        z += dzy
      }
    }
  }
}
