import { describe, expect, test } from 'bun:test'
import { lit } from '../../../src/render/raster/light'
import { fuselageRun } from '../../../src/render/raster/shade'
import { bilinear, type Texture } from '../../../src/render/raster/texture'

/** a small texture of varied texels */
function texture(wrapV: boolean): Texture {
  const w = 7, h = 5
  const data = new Uint8ClampedArray(w * h * 4)
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 2) * 11) % 256
  return { w, h, data, su: 1, sv: 1, u0: 0, v0: 0, wrapV }
}

describe('fuselage shading fast path', () => {
  test('a run of fuselage pixels gives what bilinear() and lit() give pixel by pixel', () => {
    for (const wrapV of [true, false]) {
      const t = texture(wrapV)
      const n = 40
      const out = new Float64Array(3 * n)
      // texels stepped across and off the edges (clamping and wrapping), normals turning through the back side
      const tx = -1.3, ty = -2.2, dtx = 0.23, dty = 0.31
      const nx = -0.9, ny = 0.8, nz = -0.4, dnx = 0.05, dny = -0.04, dnz = 0.06
      for (const gloss of [0, 0.22]) {
        fuselageRun(t, tx, ty, dtx, dty, nx, ny, nz, dnx, dny, dnz, gloss, n, out)
        const base = new Float64Array(3), ref = new Float64Array(3)
        for (let i = 0; i < n; i++) {
          bilinear(t.data, t.w, t.h, t.wrapV, tx + i * dtx, ty + i * dty, base)
          lit(base, nx + i * dnx, ny + i * dny, nz + i * dnz, gloss, ref, 0)
          for (let c = 0; c < 3; c++) expect(Math.abs(out[3 * i + c] - ref[c])).toBeLessThan(1e-6)
        }
      }
    }
  })
})
