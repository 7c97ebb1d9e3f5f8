/**
 * The rasteriser's working state for one horizontal strip of pixel rows (see raster.ts), and the
 * scratch memory behind it, reused across strips and calls (rasterize is synchronous; fresh
 * arrays per picture cost the collector and page faults).
 *
 * Coordinates: the strip's own rows are r0..r1; pass 1 (pixel centres) also covers one apron
 * row above and below, a0..a1; columns c0..c1 are those the strip's triangles can reach, and
 * every per-pixel array is indexed (row - first row) * stride + (column - c0).
 */
export interface Strip {
  r0: number
  r1: number
  a0: number
  a1: number
  c0: number
  c1: number
  stride: number
  /** pass 1, rows a0..a1: nearest depth and triangle (-1 = none) at each pixel centre */
  depth1: Float32Array
  tri1: Int32Array
  /** per triangle: the largest depth change from a pixel centre within its pixel */
  slope: Float64Array
  /** rows r0..r1: 0 = plain pixel, 1 = edge pixel; then slot + 1 of each edge pixel's samples */
  mark: Int32Array
  /** per pass-1 row: the columns (from c0) that may hold a covered centre */
  covLo: Int32Array
  covHi: Int32Array
  /** per strip row: the columns contour segments marked */
  segLo: Int32Array
  segHi: Int32Array
  /** per strip row: the span of edge pixels (absolute columns) */
  rowLo: Int32Array
  rowHi: Int32Array
  /** 8 x 8 pixel tiles of the strip holding an edge pixel, nbx tiles a row */
  tiles: Uint8Array
  nbx: number
  /** pass 2: ss x ss samples per edge pixel slot */
  depth2: Float32Array
  tri2: Int32Array
}

export const STRIP = 32

function grow<T extends Float32Array | Int32Array | Float64Array | Uint8Array>(
  a: T,
  n: number,
  make: (n: number) => T,
): T {
  return a.length >= n ? a : make(Math.max(n, Math.ceil(a.length * 1.5)))
}

/** scratch memory shared by every strip of every call */
export class Scratch {
  private depth1 = new Float32Array(0)
  private tri1 = new Int32Array(0)
  private mark = new Int32Array(0)
  private depth2 = new Float32Array(0)
  private tri2 = new Int32Array(0)
  private tiles = new Uint8Array(0)
  slope = new Float64Array(0)
  verts = new Float64Array(0)
  tri8 = new Uint8Array(0)
  tri32 = new Int32Array(0)
  private rows = {
    covLo: new Int32Array(STRIP + 2),
    covHi: new Int32Array(STRIP + 2),
    segLo: new Int32Array(STRIP),
    segHi: new Int32Array(STRIP),
    rowLo: new Int32Array(STRIP),
    rowHi: new Int32Array(STRIP),
  }

  /** per-triangle and per-vertex arrays for a mesh of nv vertices and nt triangles */
  forMesh(nv: number, nt: number): void {
    this.verts = grow(this.verts, 4 * nv, (n) => new Float64Array(n))
    this.tri8 = grow(this.tri8, 2 * nt, (n) => new Uint8Array(n))
    this.tri32 = grow(this.tri32, 3 * nt + 1, (n) => new Int32Array(n))
    this.slope = grow(this.slope, nt, (n) => new Float64Array(n))
  }

  /** a cleared strip over rows r0..r1 (apron a0..a1) and columns c0..c1 */
  strip(r0: number, r1: number, a0: number, a1: number, c0: number, c1: number): Strip {
    const stride = c1 - c0 + 1
    const nA = (a1 - a0 + 1) * stride
    const nS = (r1 - r0 + 1) * stride
    this.depth1 = grow(this.depth1, nA, (n) => new Float32Array(n))
    this.tri1 = grow(this.tri1, nA, (n) => new Int32Array(n))
    this.mark = grow(this.mark, nS, (n) => new Int32Array(n))
    this.depth1.fill(-Infinity, 0, nA)
    this.tri1.fill(-1, 0, nA)
    this.mark.fill(0, 0, nS)
    const nbx = (stride + 7) >> 3
    this.tiles = grow(this.tiles, 4 * nbx, (n) => new Uint8Array(n))
    this.tiles.fill(0, 0, 4 * nbx)
    const { covLo, covHi, segLo, segHi, rowLo, rowHi } = this.rows
    covLo.fill(stride)
    covHi.fill(-1)
    segLo.fill(stride)
    segHi.fill(-1)
    return {
      r0,
      r1,
      a0,
      a1,
      c0,
      c1,
      stride,
      depth1: this.depth1,
      tri1: this.tri1,
      slope: this.slope,
      mark: this.mark,
      covLo,
      covHi,
      segLo,
      segHi,
      rowLo,
      rowHi,
      tiles: this.tiles,
      nbx,
      depth2: this.depth2,
      tri2: this.tri2,
    }
  }

  /** room for nSlot edge pixels of S samples each, cleared, in the strip */
  samples(s: Strip, nSlot: number, S: number): void {
    this.depth2 = grow(this.depth2, nSlot * S, (n) => new Float32Array(n))
    this.tri2 = grow(this.tri2, nSlot * S, (n) => new Int32Array(n))
    this.depth2.fill(-Infinity, 0, nSlot * S)
    this.tri2.fill(-1, 0, nSlot * S)
    s.depth2 = this.depth2
    s.tri2 = this.tri2
  }
}
