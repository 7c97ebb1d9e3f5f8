/**
 * A depth-buffered triangle rasteriser with ss x ss supersampling for coverage, shading once per
 * pixel and surface (like MSAA): samples of one part in a pixel share one shading evaluation.
 * Vertices are snapped to 1/16 sample so edge functions are exact: shared edges are watertight
 * (top-left rule), so there are no cracks between facets. Works in horizontal strips of 32 pixel
 * rows so the sample buffers stay small at 4096 x 2304.
 */

export interface RasterInput {
  sx: Float64Array // pixel x per vertex
  sy: Float64Array // pixel y per vertex
  sz: Float64Array // depth per vertex, larger = nearer
  idx: Uint32Array
  part: Uint16Array
  skip?: Uint8Array // 1 = do not draw (back faces of closed surfaces)
}

/** shade triangle t at pixel position (x, y); write r, g, b (0..255) into out */
export type ShadeFn = (t: number, x: number, y: number, out: Float64Array) => void

const STRIP = 32

export interface PixelBox { x: number; y: number; width: number; height: number }

/** rasterise and resolve into rgba (unpremultiplied RGBA, W x H); returns the covered pixels' box */
export function rasterize(inp: RasterInput, W: number, H: number, ss: number, shade: ShadeFn, rgba: Uint8ClampedArray): PixelBox {
  const nv = inp.sx.length
  const vx = new Float64Array(nv)
  const vy = new Float64Array(nv)
  for (let i = 0; i < nv; i++) {
    vx[i] = Math.round((inp.sx[i] * ss - 0.5) * 16) / 16
    vy[i] = Math.round((inp.sy[i] * ss - 0.5) * 16) / 16
  }
  const nt = inp.idx.length / 3
  const SW = W * ss
  const SH = H * ss
  const stripS = STRIP * ss
  const nStrips = Math.ceil(H / STRIP)
  // bin triangles by strip (counting sort)
  const tMin = new Int32Array(nt)
  const tMax = new Int32Array(nt)
  const counts = new Int32Array(nStrips + 1)
  const skip = inp.skip
  for (let t = 0; t < nt; t++) {
    if (skip && skip[t]) { tMin[t] = -1; continue }
    const a = inp.idx[3 * t], b = inp.idx[3 * t + 1], c = inp.idx[3 * t + 2]
    const y0 = Math.min(vy[a], vy[b], vy[c])
    const y1 = Math.max(vy[a], vy[b], vy[c])
    const x0 = Math.min(vx[a], vx[b], vx[c])
    const x1 = Math.max(vx[a], vx[b], vx[c])
    if (y1 < 0 || y0 > SH - 1 || x1 < 0 || x0 > SW - 1) { tMin[t] = -1; continue }
    const s0 = Math.max(0, Math.floor(Math.max(0, Math.ceil(y0)) / stripS))
    const s1 = Math.min(nStrips - 1, Math.floor(Math.min(SH - 1, Math.floor(y1)) / stripS))
    if (s1 < s0) { tMin[t] = -1; continue }
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

  const depth = new Float32Array(SW * stripS)
  const tri = new Int32Array(SW * stripS)
  depth.fill(-Infinity)
  tri.fill(-1)
  let bx0 = W, by0 = H, bx1 = -1, by1 = -1
  const out = new Float64Array(3)
  const groupTri = new Int32Array(ss * ss)
  const groupPart = new Int32Array(ss * ss)
  const groupN = new Int32Array(ss * ss)
  const part = inp.part
  for (let s = 0; s < nStrips; s++) {
    const rowS0 = s * stripS
    const rowS1 = Math.min(SH, rowS0 + stripS) - 1
    if (counts[s] === counts[s + 1]) continue
    // only the sample columns this strip's triangles can touch are cleared and resolved
    let sx0 = SW, sx1 = -1
    for (let k = counts[s]; k < counts[s + 1]; k++) {
      const t = bins[k]
      const a = inp.idx[3 * t], b = inp.idx[3 * t + 1], c = inp.idx[3 * t + 2]
      sx0 = Math.min(sx0, vx[a], vx[b], vx[c])
      sx1 = Math.max(sx1, vx[a], vx[b], vx[c])
      rasterTri(t, inp, vx, vy, SW, rowS0, rowS1, depth, tri)
    }
    const px0 = Math.max(0, Math.floor(sx0 / ss) - 1)
    const px1 = Math.min(W - 1, Math.ceil(sx1 / ss) + 1)
    // resolve: coverage from samples, colour from one shading per part
    const py1 = Math.min(H, (s + 1) * STRIP)
    for (let py = s * STRIP; py < py1; py++) {
      const ly = (py - s * STRIP) * ss
      for (let px = px0; px <= px1; px++) {
        const base = ly * SW + px * ss
        const t0 = tri[base]
        let uniform = t0 >= 0
        for (let j = 0; j < ss && uniform; j++) for (let i = 0; i < ss; i++) if (tri[base + j * SW + i] !== t0) { uniform = false; break }
        const o = (py * W + px) * 4
        if (uniform) {
          shade(t0, px + 0.5, py + 0.5, out)
          rgba[o] = out[0]; rgba[o + 1] = out[1]; rgba[o + 2] = out[2]; rgba[o + 3] = 255
          if (px < bx0) bx0 = px
          if (px > bx1) bx1 = px
          if (py < by0) by0 = py
          by1 = py
          continue
        }
        let ng = 0
        let covered = 0
        for (let j = 0; j < ss; j++) for (let i = 0; i < ss; i++) {
          const t = tri[base + j * SW + i]
          if (t < 0) continue
          covered++
          const p = part[t]
          let g = 0
          while (g < ng && groupPart[g] !== p) g++
          if (g === ng) { groupPart[g] = p; groupTri[g] = t; groupN[g] = 0; ng++ }
          groupN[g]++
        }
        if (covered === 0) continue
        let r = 0, gg = 0, b = 0
        for (let g = 0; g < ng; g++) {
          // evaluate where the representative triangle's own samples are (never extrapolate far)
          const t = groupTri[g]
          let cx = 0, cy = 0, n = 0
          for (let j = 0; j < ss; j++) for (let i = 0; i < ss; i++) if (tri[base + j * SW + i] === t) { cx += i; cy += j; n++ }
          shade(t, px + (cx / n + 0.5) / ss, py + (cy / n + 0.5) / ss, out)
          r += out[0] * groupN[g]; gg += out[1] * groupN[g]; b += out[2] * groupN[g]
        }
        rgba[o] = r / covered; rgba[o + 1] = gg / covered; rgba[o + 2] = b / covered
        rgba[o + 3] = Math.round((255 * covered) / (ss * ss))
        if (px < bx0) bx0 = px
        if (px > bx1) bx1 = px
        if (py < by0) by0 = py
        by1 = py
      }
    }
    // leave the buffers clean for the next strip (only the part that was used)
    const c0 = Math.max(0, px0 * ss), c1 = Math.min(SW, (px1 + 1) * ss)
    for (let r = 0; r < stripS; r++) {
      depth.fill(-Infinity, r * SW + c0, r * SW + c1)
      tri.fill(-1, r * SW + c0, r * SW + c1)
    }
  }
  return bx1 < 0 ? { x: 0, y: 0, width: 0, height: 0 } : { x: bx0, y: by0, width: bx1 - bx0 + 1, height: by1 - by0 + 1 }
}

function rasterTri(t: number, inp: RasterInput, vx: Float64Array, vy: Float64Array, SW: number, rowS0: number, rowS1: number, depth: Float32Array, tri: Int32Array): void {
  let a = inp.idx[3 * t], b = inp.idx[3 * t + 1]
  const c = inp.idx[3 * t + 2]
  let x0 = vx[a], y0 = vy[a], x1 = vx[b], y1 = vy[b]
  const x2 = vx[c], y2 = vy[c]
  let area = (x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0)
  if (area === 0) return
  if (area < 0) {
    // make the winding positive (no back-face culling: thin surfaces are two-sided)
    const ta = a; a = b; b = ta
    let tmp = x0; x0 = x1; x1 = tmp
    tmp = y0; y0 = y1; y1 = tmp
    area = -area
  }
  const z0 = inp.sz[a], z1 = inp.sz[b], z2 = inp.sz[c]
  // depth plane in sample space
  const dzx = ((z1 - z0) * (y2 - y0) - (z2 - z0) * (y1 - y0)) / area
  const dzy = ((z2 - z0) * (x1 - x0) - (z1 - z0) * (x2 - x0)) / area
  const ymin = Math.max(rowS0, Math.ceil(Math.min(y0, y1, y2)))
  const ymax = Math.min(rowS1, Math.floor(Math.max(y0, y1, y2)))
  const xmin = Math.max(0, Math.ceil(Math.min(x0, x1, x2)))
  const xmax = Math.min(SW - 1, Math.floor(Math.max(x0, x1, x2)))
  if (ymin > ymax || xmin > xmax) return
  // edges: w0 = edge(v1,v2), w1 = edge(v2,v0), w2 = edge(v0,v1); edge(a,b,p) = (bx-ax)(py-ay) - (by-ay)(px-ax)
  const A0 = -(y2 - y1), B0 = x2 - x1
  const A1 = -(y0 - y2), B1 = x0 - x2
  const A2 = -(y1 - y0), B2 = x1 - x0
  const tl0 = y2 - y1 < 0 || (y2 === y1 && x2 > x1) ? 1 / 512 : 0
  const tl1 = y0 - y2 < 0 || (y0 === y2 && x0 > x2) ? 1 / 512 : 0
  const tl2 = y1 - y0 < 0 || (y1 === y0 && x1 > x0) ? 1 / 512 : 0
  for (let y = ymin; y <= ymax; y++) {
    let w0 = B0 * (y - y1) + A0 * (xmin - x1) + tl0
    let w1 = B1 * (y - y2) + A1 * (xmin - x2) + tl1
    let w2 = B2 * (y - y0) + A2 * (xmin - x0) + tl2
    // the row's covered span, widened by one and then tested exactly
    let lo = xmin, hi = xmax
    if (A0 > 0) lo = Math.max(lo, xmin + Math.floor(-w0 / A0)); else if (A0 < 0) hi = Math.min(hi, xmin + Math.ceil(-w0 / A0)); else if (w0 <= 0) continue
    if (A1 > 0) lo = Math.max(lo, xmin + Math.floor(-w1 / A1)); else if (A1 < 0) hi = Math.min(hi, xmin + Math.ceil(-w1 / A1)); else if (w1 <= 0) continue
    if (A2 > 0) lo = Math.max(lo, xmin + Math.floor(-w2 / A2)); else if (A2 < 0) hi = Math.min(hi, xmin + Math.ceil(-w2 / A2)); else if (w2 <= 0) continue
    if (lo > hi) continue
    const dx = lo - xmin
    w0 += A0 * dx; w1 += A1 * dx; w2 += A2 * dx
    let z = z0 + dzx * (lo - x0) + dzy * (y - y0)
    let i = (y - rowS0) * SW + lo
    for (let x = lo; x <= hi; x++, i++) {
      if (w0 > 0 && w1 > 0 && w2 > 0 && z > depth[i]) {
        depth[i] = z
        tri[i] = t
      }
      w0 += A0; w1 += A1; w2 += A2; z += dzx
    }
  }
}
