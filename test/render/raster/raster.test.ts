import { describe, expect, test } from 'bun:test'
import { rasterize } from '../../../src/render/raster/raster'

/** a W x H fan of triangles around a centre, covering the square [4, 28] exactly */
function fan(n: number) {
  const sx: number[] = [16],
    sy: number[] = [16]
  for (let i = 0; i < n; i++) {
    // walk the square's perimeter so the fan's union is the square
    const t = (i / n) * 4
    const side = Math.floor(t),
      f = t - side
    const p = [
      [4 + 24 * f, 4],
      [28, 4 + 24 * f],
      [28 - 24 * f, 28],
      [4, 28 - 24 * f],
    ][side]
    sx.push(p[0] + 0.001 * (i % 3))
    sy.push(p[1] - 0.0007 * (i % 5))
  }
  const idx: number[] = []
  for (let i = 0; i < n; i++) idx.push(0, 1 + i, 1 + ((i + 1) % n))
  return {
    sx: Float64Array.from(sx),
    sy: Float64Array.from(sy),
    sz: new Float64Array(sx.length),
    idx: Uint32Array.from(idx),
    part: new Uint16Array(n),
  }
}

describe('rasterize', () => {
  test('triangles sharing edges leave no cracks (watertight) and nothing spills outside', () => {
    for (const ss of [2, 3]) {
      const W = 32,
        H = 32
      const rgba = new Uint8ClampedArray(W * H * 4)
      let shaded = 0
      rasterize(
        fan(37),
        W,
        H,
        ss,
        (_t, _x, _y, out) => {
          shaded++
          out[0] = 200
          out[1] = 100
          out[2] = 50
        },
        rgba,
      )
      // every pixel strictly inside the square is fully covered
      for (let y = 6; y < 26; y++)
        for (let x = 6; x < 26; x++) expect(rgba[(y * W + x) * 4 + 3]).toBe(255)
      // and nothing outside it
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++)
          if (x < 3 || x > 28 || y < 3 || y > 28) expect(rgba[(y * W + x) * 4 + 3]).toBe(0)
      expect(shaded).toBeGreaterThan(0)
    }
  })

  test('the nearer surface wins (depth test), whatever the drawing order', () => {
    const quad = (z: number, part: number) => ({ z, part })
    for (const order of [
      [0, 1],
      [1, 0],
    ]) {
      const layers = [quad(1, 0), quad(5, 1)]
      const sx: number[] = [],
        sy: number[] = [],
        sz: number[] = [],
        idx: number[] = [],
        part: number[] = []
      for (const k of order) {
        const b = sx.length
        sx.push(2, 14, 14, 2)
        sy.push(2, 2, 14, 14)
        sz.push(layers[k].z, layers[k].z, layers[k].z, layers[k].z)
        idx.push(b, b + 1, b + 2, b, b + 2, b + 3)
        part.push(layers[k].part, layers[k].part)
      }
      const rgba = new Uint8ClampedArray(16 * 16 * 4)
      const inp = {
        sx: Float64Array.from(sx),
        sy: Float64Array.from(sy),
        sz: Float64Array.from(sz),
        idx: Uint32Array.from(idx),
        part: Uint16Array.from(part),
      }
      rasterize(
        inp,
        16,
        16,
        2,
        (t, _x, _y, out) => {
          out[0] = inp.part[t] === 1 ? 255 : 0
          out[1] = 0
          out[2] = 0
        },
        rgba,
      )
      expect(rgba[(8 * 16 + 8) * 4]).toBe(255)
    }
  })

  test('a half-covered edge pixel gets partial alpha (anti-aliasing)', () => {
    const rgba = new Uint8ClampedArray(8 * 8 * 4)
    const inp = {
      sx: Float64Array.from([0, 4.5, 4.5, 0]),
      sy: Float64Array.from([0, 0, 8, 8]),
      sz: new Float64Array(4),
      idx: Uint32Array.from([0, 1, 2, 0, 2, 3]),
      part: new Uint16Array(2),
    }
    rasterize(
      inp,
      8,
      8,
      2,
      (_t, _x, _y, out) => {
        out[0] = out[1] = out[2] = 255
      },
      rgba,
    )
    expect(rgba[(4 * 8 + 3) * 4 + 3]).toBe(255)
    expect(rgba[(4 * 8 + 4) * 4 + 3]).toBe(128)
    expect(rgba[(4 * 8 + 5) * 4 + 3]).toBe(0)
  })

  test('an edge pixel mixes the triangles it sees by their samples: a thin sliver does not colour it whole', () => {
    // one part: a sliver band y 5..5.25 (triangles 0, 1) above a big band y 5.25..10 (triangles 2, 3)
    const sx = Float64Array.from([0, 10, 0, 10, 0, 10]),
      sy = Float64Array.from([5, 5, 5.25, 5.25, 10, 10])
    const idx = Uint32Array.from([0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4])
    const W = 12,
      H = 12
    const rgba = new Uint8ClampedArray(W * H * 4)
    rasterize(
      { sx, sy, sz: new Float64Array(6), idx, part: new Uint16Array(4) },
      W,
      H,
      4,
      (t, _x, _y, out) => {
        out[0] = t < 2 ? 0 : 200
        out[1] = 0
        out[2] = 0
      },
      rgba,
    )
    // pixel (5, 5): one sample row of 4 on the sliver, three on the big band
    const o = (5 * W + 5) * 4
    expect(rgba[o + 3]).toBe(255)
    expect(Math.abs(rgba[o] - 150)).toBeLessThanOrEqual(2)
  })
})
