/**
 * Mesh topology the rasteriser needs: which triangle lies across each edge, and which edges
 * are contours (where coverage can change inside a pixel, so samples are taken there).
 */

/**
 * For each triangle edge (a-b, b-c, c-a) the triangle on its other side, -1 when there is none or
 * more than one. With positions, vertices at the same place are one (texture seams, caps).
 * Open-addressing tables in typed arrays rather than maps keyed by strings: a model's first
 * render waits on this (about 100 ms for a full cut with maps), since models are built on first use.
 */
export function edgeNeighbours(idx: Uint32Array, pos?: Float64Array): Int32Array {
  const nt = idx.length / 3
  let nv = 0
  for (let i = 0; i < idx.length; i++) if (idx[i] + 1 > nv) nv = idx[i] + 1
  const weld = pos ? weldByPosition(pos, nv) : identity(nv)
  const nh = nt * 3
  // per edge (welded a < b): its first two half-edges and how many there are
  const size = tableSize(nh)
  const ea = new Int32Array(size).fill(-1)
  const eb = new Int32Array(size)
  const first = new Int32Array(size)
  const second = new Int32Array(size)
  const count = new Uint32Array(size)
  for (let h = 0; h < nh; h++) {
    const t = (h / 3) | 0,
      e = h - 3 * t
    let a = weld[idx[3 * t + e]],
      b = weld[idx[3 * t + (e === 2 ? 0 : e + 1)]]
    if (a === b) continue
    if (a > b) {
      const c = a
      a = b
      b = c
    }
    let slot = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77)
    for (
      slot &= size - 1;
      ea[slot] !== -1 && (ea[slot] !== a || eb[slot] !== b);
      slot = (slot + 1) & (size - 1)
    );
    if (ea[slot] === -1) {
      ea[slot] = a
      eb[slot] = b
      first[slot] = h
    } else if (count[slot] === 1) second[slot] = h
    count[slot]++
  }
  const adj = new Int32Array(nh).fill(-1)
  // an edge shared by exactly two triangles; more (a fin root on a body) is no neighbour
  for (let slot = 0; slot < size; slot++) {
    if (count[slot] !== 2) continue
    adj[first[slot]] = (second[slot] / 3) | 0
    adj[second[slot]] = (first[slot] / 3) | 0
  }
  return adj
}

/** a power of two at least twice `n`: open addressing stays fast when half full */
const tableSize = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, 2 * n)))

function identity(nv: number): Int32Array {
  const weld = new Int32Array(nv)
  for (let i = 0; i < nv; i++) weld[i] = i
  return weld
}

/** one id per distinct position: a hash of the coordinates' bits, then an exact comparison */
function weldByPosition(pos: Float64Array, nv: number): Int32Array {
  // + 0 turns -0 into 0, so both hash alike as they compare equal
  const xyz = new Float64Array(3 * nv)
  for (let i = 0; i < 3 * nv; i++) xyz[i] = pos[i] + 0
  const bits = new Uint32Array(xyz.buffer)
  const size = tableSize(nv)
  const slots = new Int32Array(size).fill(-1) // the first vertex seen at each position
  const weld = new Int32Array(nv)
  let ids = 0
  for (let i = 0; i < nv; i++) {
    let hash = 0
    for (let w = 6 * i; w < 6 * i + 6; w++)
      hash = Math.imul(hash ^ bits[w], 0x9e3779b1) ^ (hash >>> 15)
    let slot = hash & (size - 1)
    for (; slots[slot] !== -1; slot = (slot + 1) & (size - 1)) {
      const j = slots[slot]
      if (
        xyz[3 * j] === xyz[3 * i] &&
        xyz[3 * j + 1] === xyz[3 * i + 1] &&
        xyz[3 * j + 2] === xyz[3 * i + 2]
      )
        break
    }
    if (slots[slot] === -1) {
      slots[slot] = i
      weld[i] = ids++
    } else weld[i] = weld[slots[slot]]
  }
  return weld
}

/**
 * Facing code per triangle (0 = not drawn, 1 = drawn) and contour bits (bit e: edge e is a
 * contour) for closed-surface meshes with back faces in skip: they depend on the mesh and the
 * view direction only, so callers can cache them. Matches what rasterize computes itself.
 */
export function contourBits(
  idx: Uint32Array,
  part: Uint16Array,
  skip: Uint8Array,
  adj: Int32Array,
): { code: Uint8Array; contour: Uint8Array } {
  const nt = idx.length / 3
  const code = new Uint8Array(nt)
  for (let t = 0; t < nt; t++) code[t] = skip[t] ? 0 : 1
  return { code, contour: contourEdges(idx, part, code, adj) }
}

/**
 * contour bits (bit e: edge e is a contour) of triangles with facing codes `code` (0 = not
 * drawn): an edge is a contour where the neighbour is missing, faces otherwise or is another part
 */
export function contourEdges(
  idx: Uint32Array,
  part: Uint16Array,
  code: Uint8Array,
  adj: Int32Array,
  out: Uint8Array = new Uint8Array(code.length),
): Uint8Array {
  const nt = code.length
  for (let t = 0; t < nt; t++) {
    const ct = code[t]
    if (!ct) {
      out[t] = 0
      continue
    }
    let bits = 0
    for (let e = 0; e < 3; e++) {
      const n = adj[3 * t + e]
      if (n < 0 || code[n] !== ct || part[n] !== part[t]) bits |= 1 << e
    }
    out[t] = bits
  }
  return out
}
