/**
 * Mesh topology the rasteriser needs: which triangle lies across each edge, and which edges
 * are contours (where coverage can change inside a pixel, so samples are taken there).
 */

/**
 * For each triangle edge (a-b, b-c, c-a) the triangle on its other side, -1 when there is none or
 * more than one. With positions, vertices at the same place are one (texture seams, caps).
 */
export function edgeNeighbours(idx: Uint32Array, pos?: Float64Array): Int32Array {
  const nt = idx.length / 3
  let nv = 0
  for (let i = 0; i < idx.length; i++) if (idx[i] + 1 > nv) nv = idx[i] + 1
  const weld = new Int32Array(nv)
  if (pos) {
    const ids = new Map<string, number>()
    let n = 0
    for (let i = 0; i < nv; i++) {
      const k = pos[3 * i] + ',' + pos[3 * i + 1] + ',' + pos[3 * i + 2]
      let w = ids.get(k)
      if (w === undefined) { w = n++; ids.set(k, w) }
      weld[i] = w
    }
    nv = n
  } else for (let i = 0; i < nv; i++) weld[i] = i
  const keys = new Float64Array(nt * 3)
  const count = new Map<number, number>()
  for (let h = 0; h < nt * 3; h++) {
    const t = (h / 3) | 0, e = h - 3 * t
    const a = weld[idx[3 * t + e]], b = weld[idx[3 * t + (e === 2 ? 0 : e + 1)]]
    const key = a === b ? -1 : a < b ? a * nv + b : b * nv + a
    keys[h] = key
    if (key >= 0) count.set(key, (count.get(key) ?? 0) + 1)
  }
  const adj = new Int32Array(nt * 3).fill(-1)
  const first = new Map<number, number>()
  for (let h = 0; h < nt * 3; h++) {
    const key = keys[h]
    if (key < 0 || count.get(key) !== 2) continue
    const o = first.get(key)
    if (o === undefined) first.set(key, h)
    else { adj[h] = (o / 3) | 0; adj[o] = (h / 3) | 0 }
  }
  return adj
}

/**
 * Facing code per triangle (0 = not drawn, 1 = drawn) and contour bits (bit e: edge e is a
 * contour) for closed-surface meshes with back faces in skip: they depend on the mesh and the
 * view direction only, so callers can cache them. Matches what rasterize computes itself.
 */
export function contourBits(idx: Uint32Array, part: Uint16Array, skip: Uint8Array, adj: Int32Array): { code: Uint8Array; contour: Uint8Array } {
  const nt = idx.length / 3
  const code = new Uint8Array(nt)
  for (let t = 0; t < nt; t++) code[t] = skip[t] ? 0 : 1
  return { code, contour: contourEdges(idx, part, code, adj) }
}

/**
 * contour bits (bit e: edge e is a contour) of triangles with facing codes `code` (0 = not
 * drawn): an edge is a contour where the neighbour is missing, faces otherwise or is another part
 */
export function contourEdges(idx: Uint32Array, part: Uint16Array, code: Uint8Array, adj: Int32Array, out: Uint8Array = new Uint8Array(code.length)): Uint8Array {
  const nt = code.length
  for (let t = 0; t < nt; t++) {
    const ct = code[t]
    if (!ct) { out[t] = 0; continue }
    let bits = 0
    for (let e = 0; e < 3; e++) {
      const n = adj[3 * t + e]
      if (n < 0 || code[n] !== ct || part[n] !== part[t]) bits |= 1 << e
    }
    out[t] = bits
  }
  return out
}
