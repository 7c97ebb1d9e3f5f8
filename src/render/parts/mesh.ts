/**
 * A triangle mesh in model space (metres; x backwards from the nose tip, y to starboard, z up from the ground),
 * with smooth per-vertex normals and surface coordinates (u, v) that the painters read.
 * Every part is built as a grid of rings so normals can come from central differences
 * (smooth across facets: no banding) and neighbouring triangles share exact vertices (no cracks).
 */

import type { Mat } from './materials'

export type Vec3 = [number, number, number]

export interface Mesh {
  pos: Float64Array // 3 per vertex
  nrm: Float32Array // 3 per vertex, unit, outward
  uv: Float32Array // 2 per vertex
  idx: Uint32Array // 3 per triangle
  mat: Uint8Array // per triangle
  part: Uint16Array // per triangle: samples of one part in a pixel are shaded together
  face: Float32Array // per triangle: geometric normal, oriented like its vertex normals (outward)
}

export class MeshBuilder {
  pos: number[] = []
  nrm: number[] = []
  uv: number[] = []
  idx: number[] = []
  mat: number[] = []
  part: number[] = []
  private nextPart = 0

  newPart(): number {
    return this.nextPart++
  }

  get vertexCount(): number {
    return this.pos.length / 3
  }

  vertex(p: Vec3, n: Vec3, u: number, v: number): number {
    this.pos.push(p[0], p[1], p[2])
    this.nrm.push(n[0], n[1], n[2])
    this.uv.push(u, v)
    return this.vertexCount - 1
  }

  tri(a: number, b: number, c: number, mat: Mat, part: number): void {
    this.idx.push(a, b, c)
    this.mat.push(mat)
    this.part.push(part)
  }

  /**
   * A grid surface: rows i (e.g. stations along a body), columns j (around a section).
   * wrap 'loop': column n-1 connects back to column 0; 'seam': the last column repeats the first
   * (same positions, other texture coordinate) so a texture can wrap without a triangle spanning the seam. Normals are central differences,
   * then flipped as a whole so they point away from each row's centroid (outward), or towards
   * `facing` when given (a flat disc, whose normals are square to that).
   */
  grid(
    pts: Vec3[][],
    uvs: [number, number][][],
    wrap: Wrap,
    mat: Mat,
    part: number,
    facing?: Vec3,
  ): void {
    const rows = pts.length
    const cols = pts[0].length
    const base = this.vertexCount
    const normals: Vec3[][] = []
    let outward = 0
    for (let i = 0; i < rows; i++) {
      const row: Vec3[] = []
      const c = centroid(pts[i])
      for (let j = 0; j < cols; j++) {
        const ip = pts[Math.min(i + 1, rows - 1)][j]
        const im = pts[Math.max(i - 1, 0)][j]
        // a doubled column (a texture seam inside the grid) looks past its twin
        const p = pts[i][j]
        let jp = pts[i][neighbour(j, 1, cols, wrap)]
        let jm = pts[i][neighbour(j, -1, cols, wrap)]
        if (jp === p || same(jp, p)) jp = pts[i][neighbour(j, 2, cols, wrap)]
        if (jm === p || same(jm, p)) jm = pts[i][neighbour(j, -2, cols, wrap)]
        const n = cross(sub(ip, im), sub(jp, jm))
        row.push(n)
        outward += facing
          ? n[0] * facing[0] + n[1] * facing[1] + n[2] * facing[2]
          : n[0] * (p[0] - c[0]) + n[1] * (p[1] - c[1]) + n[2] * (p[2] - c[2])
      }
      normals.push(row)
    }
    const sign = outward < 0 ? -1 : 1
    // Rows that collapse to a point (a nose tip, a spinner) have one normal there: the mean of the
    // next row's (borrowing each column's own normal would pinch the tip into a crease)
    for (let i = 0; i < rows; i++) {
      if (!collapsed(pts[i])) continue
      const k = i + 1 < rows ? i + 1 : i - 1
      if (k < 0 || collapsed(pts[k])) continue
      let m: Vec3 = [0, 0, 0]
      for (const n of normals[k]) {
        const l = len(n) || 1
        m = add(m, scale(n, 1 / l))
      }
      if (len(m) < 1e-9) continue
      normals[i] = normals[i].map(() => m)
    }
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        let n = normals[i][j]
        for (let k = 1; len(n) < 1e-12 && k < rows; k++) {
          n = normals[Math.min(rows - 1, i + k)][j]
          if (len(n) < 1e-12) n = normals[Math.max(0, i - k)][j]
        }
        const l = len(n) || 1
        this.vertex(
          pts[i][j],
          [(sign * n[0]) / l, (sign * n[1]) / l, (sign * n[2]) / l],
          uvs[i][j][0],
          uvs[i][j][1],
        )
      }
    }
    const jmax = wrap === 'loop' ? cols : cols - 1
    for (let i = 0; i < rows - 1; i++) {
      for (let j = 0; j < jmax; j++) {
        const j2 = (j + 1) % cols
        const a = base + i * cols + j
        const b = base + i * cols + j2
        const c = base + (i + 1) * cols + j
        const d = base + (i + 1) * cols + j2
        this.tri(a, b, d, mat, part)
        this.tri(a, d, c, mat, part)
      }
    }
  }

  /** A flat fan closing a ring (tail cap, wing tip), with one normal. */
  cap(ring: Vec3[], n: Vec3, uv: [number, number], mat: Mat, part: number): void {
    const c = centroid(ring)
    const l = len(n) || 1
    const nn: Vec3 = [n[0] / l, n[1] / l, n[2] / l]
    const ci = this.vertex(c, nn, uv[0], uv[1])
    const ids = ring.map((p) => this.vertex(p, nn, uv[0], uv[1]))
    for (let j = 0; j < ids.length; j++) this.tri(ci, ids[j], ids[(j + 1) % ids.length], mat, part)
  }

  /** Freeze into typed arrays. */
  build(): Mesh {
    const pos = Float64Array.from(this.pos)
    const nrm = Float32Array.from(this.nrm)
    const idx = Uint32Array.from(this.idx)
    return {
      pos,
      nrm,
      uv: Float32Array.from(this.uv),
      idx,
      mat: Uint8Array.from(this.mat),
      part: Uint16Array.from(this.part),
      face: faceNormals(pos, nrm, idx),
    }
  }
}

/** every part is a closed surface, so a face whose outward normal points away can be skipped */
function faceNormals(pos: Float64Array, nrm: Float32Array, idx: Uint32Array): Float32Array {
  const nt = idx.length / 3
  const f = new Float32Array(nt * 3)
  for (let t = 0; t < nt; t++) {
    const a = 3 * idx[3 * t],
      b = 3 * idx[3 * t + 1],
      c = 3 * idx[3 * t + 2]
    const n = cross(
      [pos[b] - pos[a], pos[b + 1] - pos[a + 1], pos[b + 2] - pos[a + 2]],
      [pos[c] - pos[a], pos[c + 1] - pos[a + 1], pos[c + 2] - pos[a + 2]],
    )
    const vx = nrm[a] + nrm[b] + nrm[c],
      vy = nrm[a + 1] + nrm[b + 1] + nrm[c + 1],
      vz = nrm[a + 2] + nrm[b + 2] + nrm[c + 2]
    const sgn = n[0] * vx + n[1] * vy + n[2] * vz < 0 ? -1 : 1
    f[3 * t] = sgn * n[0]
    f[3 * t + 1] = sgn * n[1]
    f[3 * t + 2] = sgn * n[2]
  }
  return f
}

export type Wrap = 'none' | 'loop' | 'seam'

function same(a: Vec3, b: Vec3): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2]
}

function neighbour(j: number, d: number, cols: number, wrap: Wrap): number {
  if (wrap === 'loop') return (j + d + cols) % cols
  if (wrap === 'seam') {
    const n = cols - 1 // unique columns
    return ((((j % n) + d) % n) + n) % n
  }
  return Math.min(cols - 1, Math.max(0, j + d))
}

export function centroid(ps: Vec3[]): Vec3 {
  let x = 0,
    y = 0,
    z = 0
  for (const p of ps) {
    x += p[0]
    y += p[1]
    z += p[2]
  }
  return [x / ps.length, y / ps.length, z / ps.length]
}
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k]
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
export const len = (a: Vec3): number => Math.hypot(a[0], a[1], a[2])

function collapsed(row: Vec3[]): boolean {
  const p = row[0]
  return row.every(
    (q) => Math.abs(q[0] - p[0]) + Math.abs(q[1] - p[1]) + Math.abs(q[2] - p[2]) < 1e-9,
  )
}
