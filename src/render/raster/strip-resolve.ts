/**
 * The rasteriser's last step for a strip (see raster.ts): pixels into rgba. Plain pixels are
 * shaded at their centres a run at a time (opaque); edge pixels from their samples, coverage
 * giving alpha, each triangle seen shaded once and weighted by its samples.
 */
import type { PixelBox, Shader } from './raster'
import type { Strip } from './strip'

/** the covered pixels' box, grown as pixels are written */
export class CoveredBox {
  x0 = Infinity
  y0 = Infinity
  x1 = -1
  y1 = -1
  add(x0: number, x1: number, y: number): void {
    if (x0 < this.x0) this.x0 = x0
    if (x1 > this.x1) this.x1 = x1
    if (y < this.y0) this.y0 = y
    if (y > this.y1) this.y1 = y
  }
  result(): PixelBox {
    return this.x1 < 0
      ? { x: 0, y: 0, width: 0, height: 0 }
      : { x: this.x0, y: this.y0, width: this.x1 - this.x0 + 1, height: this.y1 - this.y0 + 1 }
  }
}

/**
 * Resolves a strip into rgba: plain pixels shaded at their centres a run at a time (opaque),
 * edge pixels from their samples: coverage gives alpha, each triangle seen is shaded once and
 * weighted by its samples.
 */
export class StripResolver {
  private readonly out = new Float64Array(3)
  private run = new Float64Array(0)
  private readonly S: number
  private readonly groupTri: Int32Array
  private readonly groupN: Int32Array
  private readonly groupX: Int32Array // sums of the group's sample columns and rows
  private readonly groupY: Int32Array

  /** an edge pixel's colour as bytes, rounded as the picture's own bytes are (see `over`) */
  private readonly bytes = new Uint8ClampedArray(3)

  /**
   * `over`: rgba holds a picture already (straight alpha, a composition's background): edge pixels
   * are blended over it, with the very arithmetic of pixels/raster.ts alphaOver applied to the
   * bytes this would otherwise write, so drawing over a background gives the same picture as
   * drawing alone and blending after, without a second canvas
   */
  constructor(
    private readonly sh: Shader,
    private readonly ss: number,
    private readonly W: number,
    private readonly rgba: Uint8ClampedArray,
    private readonly box: CoveredBox,
    private readonly over = false,
  ) {
    this.S = ss * ss
    this.groupTri = new Int32Array(this.S)
    this.groupN = new Int32Array(this.S)
    this.groupX = new Int32Array(this.S)
    this.groupY = new Int32Array(this.S)
  }

  strip(s: Strip): void {
    const { r0, r1, a0, c0, stride, mark: mk, tri1, covLo, covHi, rowLo, rowHi } = s
    const { rgba, W, box } = this
    for (let py = r0; py <= r1; py++) {
      const mo = (py - r0) * stride
      const co = (py - a0) * stride
      // covered centres and edge pixels only
      const xs = Math.min(covLo[py - a0], rowLo[py - r0] - c0),
        xe = Math.min(stride - 1, Math.max(covHi[py - a0], rowHi[py - r0] - c0))
      for (let x = xs; x <= xe; x++) {
        const slot = mk[mo + x]
        const px = x + c0
        if (slot === 0) {
          const t = tri1[co + x]
          if (t < 0) continue
          // the run of plain pixels on this triangle, shaded at their centres in one go
          let n = 1
          while (x + n < stride && mk[mo + x + n] === 0 && tri1[co + x + n] === t) n++
          if (this.run.length < 3 * n) this.run = new Float64Array(3 * stride)
          const run = this.run
          this.sh.span(t, px + 0.5, py + 0.5, n, run)
          for (let i = 0, o = (py * W + px) * 4; i < 3 * n; i += 3, o += 4) {
            rgba[o] = run[i]
            rgba[o + 1] = run[i + 1]
            rgba[o + 2] = run[i + 2]
            rgba[o + 3] = 255
          }
          box.add(px, px + n - 1, py)
          x += n - 1
        } else if (this.edgePixel(s.tri2, (slot - 1) * this.S, px, py)) box.add(px, px, py)
      }
    }
  }

  /** an edge pixel from its samples at base in tri2; false when none is covered */
  private edgePixel(st: Int32Array, base: number, px: number, py: number): boolean {
    const { S, ss, out, rgba, groupTri, groupN, groupX, groupY } = this
    const o = (py * this.W + px) * 4
    const t0 = st[base]
    let uniform = t0 >= 0
    for (let i = 1; i < S && uniform; i++) if (st[base + i] !== t0) uniform = false
    if (uniform) {
      this.sh.at(t0, px + 0.5, py + 0.5, out)
      rgba[o] = out[0]
      rgba[o + 1] = out[1]
      rgba[o + 2] = out[2]
      rgba[o + 3] = 255
      return true
    }
    // each triangle seen is shaded once and weighted by its samples: shading a part as one of
    // its triangles let a sub-pixel sliver seen edge-on (a thin leading edge's underside) colour
    // the whole pixel, and thin edges turned into dashes
    let ng = 0
    let covered = 0
    for (let j = 0, i = base; j < ss; j++) {
      for (let k = 0; k < ss; k++, i++) {
        const t = st[i]
        if (t < 0) continue
        covered++
        let g = 0
        while (g < ng && groupTri[g] !== t) g++
        if (g === ng) {
          groupTri[g] = t
          groupN[g] = 0
          groupX[g] = 0
          groupY[g] = 0
          ng++
        }
        groupN[g]++
        groupX[g] += k
        groupY[g] += j
      }
    }
    if (covered === 0) return false
    let r = 0,
      gg = 0,
      b = 0
    for (let g = 0; g < ng; g++) {
      // evaluate where the triangle's own samples are (never extrapolate far)
      const n = groupN[g]
      this.sh.at(groupTri[g], px + (groupX[g] / n + 0.5) / ss, py + (groupY[g] / n + 0.5) / ss, out)
      r += out[0] * n
      gg += out[1] * n
      b += out[2] * n
    }
    const alpha = Math.round((255 * covered) / S)
    if (this.over) this.blend(o, r / covered, gg / covered, b / covered, alpha)
    else {
      rgba[o] = r / covered
      rgba[o + 1] = gg / covered
      rgba[o + 2] = b / covered
      rgba[o + 3] = alpha
    }
    return true
  }

  /** (r, g, b, alpha) over the pixel at o, as alphaOver blends a drawn pixel's bytes */
  private blend(o: number, r: number, g: number, b: number, alpha: number): void {
    const { rgba, bytes } = this
    bytes[0] = r
    bytes[1] = g
    bytes[2] = b
    if (alpha === 255) {
      rgba[o] = bytes[0]
      rgba[o + 1] = bytes[1]
      rgba[o + 2] = bytes[2]
      rgba[o + 3] = 255
      return
    }
    const keep = (rgba[o + 3] * (255 - alpha)) / 255
    const outA = alpha + keep
    rgba[o] = (bytes[0] * alpha + rgba[o] * keep) / outA
    rgba[o + 1] = (bytes[1] * alpha + rgba[o + 1] * keep) / outA
    rgba[o + 2] = (bytes[2] * alpha + rgba[o + 2] * keep) / outA
    rgba[o + 3] = outA
  }
}
