import { describe, expect, test } from 'bun:test'
import { lightOf } from '../../src/render/light/bake'
import { placeOnMap, sunSeen, sunSeenWide } from '../../src/render/light/shadow'
import { SUN } from '../../src/render/light/sun'
import { Mat } from '../../src/render/parts/materials'
import type { Mesh } from '../../src/render/parts/mesh'
import { modelOf, type Model } from '../../src/render/parts/model'
import { plane } from './helpers'

/** quads (x0, y0, x1, y1 at height z, facing up) as a mesh, plus loose probe points facing up */
function plates(quads: number[][], probes: number[][]): Mesh {
  const pos: number[] = [],
    idx: number[] = []
  for (const [x0, y0, x1, y1, z] of quads) {
    const b = pos.length / 3
    pos.push(x0, y0, z, x1, y0, z, x1, y1, z, x0, y1, z)
    idx.push(b, b + 1, b + 2, b, b + 2, b + 3)
  }
  for (const p of probes) pos.push(p[0], p[1], p[2])
  const nv = pos.length / 3
  const nrm = new Float32Array(nv * 3)
  for (let i = 0; i < nv; i++) nrm[3 * i + 2] = 1
  const nt = idx.length / 3
  return {
    pos: Float64Array.from(pos),
    nrm,
    uv: new Float32Array(nv * 2),
    idx: Uint32Array.from(idx),
    mat: new Uint8Array(nt),
    part: new Uint16Array(nt),
    face: new Float32Array(nt * 3),
  }
}

describe('baked light', () => {
  test('a plate held over the ground shades the ground where the sun casts it, and only there', () => {
    // the occluder 3 m up; its shadow falls away from the sun
    const h = 3
    const sx = (-SUN[0] * h) / SUN[2],
      sy = (-SUN[1] * h) / SUN[2]
    const mesh = plates(
      [
        [-20, -20, 20, 20, 0],
        [-2, -2, 2, 2, h],
      ],
      [
        [sx, sy, 0],
        [-sx, -sy, 0],
        [15, 15, 0],
      ],
    )
    const bake = lightOf({ mesh } as unknown as Model, 'full')
    const at = placeOnMap(mesh, bake)
    const seen = (v: number) =>
      sunSeen(bake.shadow, bake.w, bake.h, at[3 * v], at[3 * v + 1], at[3 * v + 2])
    expect(seen(8)).toBe(0) // in the plate's shadow
    expect(seen(9)).toBe(1) // as far from it, towards the sun
    expect(seen(10)).toBe(1)
    // the occluder's own top sees the sun: it does not shadow itself
    expect(seen(4)).toBe(1)
  })

  test('the wide filter agrees inside and outside a shadow, and ramps its edge over more texels', () => {
    const h = 3
    const mesh = plates(
      [
        [-20, -20, 20, 20, 0],
        [-2, -2, 2, 2, h],
      ],
      [],
    )
    const bake = lightOf({ mesh } as unknown as Model, 'full')
    const at = placeOnMap(mesh, bake)
    // seen from the sun a point and its shadow share a map place: the plate's centre is the
    // shadow's; at the ground's depth (a ground corner's z) a map place is in shadow or not
    const z = at[2]
    const cx = (at[3 * 4] + at[3 * 6]) / 2
    const cy = (at[3 * 4 + 1] + at[3 * 6 + 1]) / 2
    const narrow = (x: number) => sunSeen(bake.shadow, bake.w, bake.h, x, cy, z)
    const wide = (x: number) => sunSeenWide(bake.shadow, bake.w, bake.h, x, cy, z)
    expect(wide(cx)).toBe(0)
    expect(wide(cx + 10 * bake.k)).toBe(1)
    // across the shadow's edge, in quarter texels: how many places lie strictly between 0 and 1
    const between = (f: (x: number) => number) => {
      let n = 0
      for (let x = cx; x < cx + 6 * bake.k; x += 0.25) if (f(x) > 0.02 && f(x) < 0.98) n++
      return n
    }
    expect(between(narrow)).toBeGreaterThan(0)
    expect(between(wide)).toBeGreaterThan(1.8 * between(narrow))
  })

  test('the sky is hidden under a plate, open beside it', () => {
    const mesh = plates(
      [
        [-20, -20, 20, 20, 0],
        [-3, -3, 3, 3, 1],
      ],
      [
        [0, 0, 0.01],
        [15, 15, 0.01],
      ],
    )
    const { ao } = lightOf({ mesh } as unknown as Model, 'full')
    expect(ao[8]).toBeLessThan(0.5 * ao[9])
    expect(ao[9]).toBeGreaterThan(200)
  })

  test('on an aircraft, tyres between their neighbours see less sky than the crown', () => {
    const model = modelOf(plane('boeing-787-9'), 'down', 'light')
    const { ao } = lightOf(model, 'light')
    const { idx, mat, pos } = model.mesh
    const mean = (pick: (t: number) => boolean) => {
      let s = 0,
        n = 0
      for (let t = 0; t < mat.length; t++)
        if (pick(t))
          for (let k = 0; k < 3; k++) {
            s += ao[idx[3 * t + k]]
            n++
          }
      return s / n
    }
    let top = 0
    for (let t = 0; t < mat.length; t++)
      if (mat[t] === Mat.Fuselage) top = Math.max(top, pos[3 * idx[3 * t] + 2])
    const crown = mean((t) => mat[t] === Mat.Fuselage && pos[3 * idx[3 * t] + 2] > top - 0.3)
    expect(mean((t) => mat[t] === Mat.Tyre)).toBeLessThan(crown - 40)
    expect(crown).toBeGreaterThan(200)
  })
})
