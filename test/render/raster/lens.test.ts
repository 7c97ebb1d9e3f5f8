/**
 * The lens: oblique views in perspective (level views orthographic), shading interpolated
 * perspective-correctly across a triangle whose depth changes, and texture reads filtered over a
 * pixel's footprint where it spans several texels.
 */
import { describe, expect, test } from 'bun:test'
import { measure, render } from '../../../src/render'
import { Mat } from '../../../src/render/parts/materials'
import type { Mesh, Vec3 } from '../../../src/render/parts/mesh'
import { modelOf } from '../../../src/render/parts/model'
import { cameraOf, projectAll, type Camera } from '../../../src/render/raster/camera'
import { throughLens } from '../../../src/render/raster/lens'
import type { Shader } from '../../../src/render/raster/raster'
import { bilinear, setFootprint, type Texture } from '../../../src/render/raster/texture'
import { plane } from '../helpers'

const A330 = plane('airbus-a330-300')

/** the drawn length of a metre-long vertical post standing at (x, y) on the ground, in view metres */
function postLength(cam: Camera, x: number, y: number): number {
  const xs = new Float64Array(2),
    ys = new Float64Array(2)
  projectAll(cam, [x, y, 0, x, y, 1], xs, ys)
  return Math.hypot(xs[1] - xs[0], ys[1] - ys[0])
}

describe('the camera', () => {
  test('keeps the level views and the top orthographic, and sees the oblique ones through a lens', () => {
    for (const a of ['0', '90', '180', '270', 'top'] as const)
      expect(measure(A330, a, 'down').camera.dist).toBe(Infinity)
    for (const a of ['45', '135', '225', '315', '345'] as const) {
      const d = measure(A330, a, 'down').camera.dist
      // a 50-85 mm lens framing the aircraft: one to three of its lengths away
      expect(d).toBeGreaterThan(A330.lengthM)
      expect(d).toBeLessThan(3 * Math.max(A330.lengthM, A330.wingspanM))
    }
  })

  test('draws the engine nearer the camera larger than the far one at 345, and both alike at 0', () => {
    const m = modelOf(A330, 'down')
    const y = (0.3 * A330.wingspanM) / 2
    const x = A330.lengthM * 0.4
    const oblique = cameraOf('345', 0, m.centre, Math.max(A330.lengthM, A330.wingspanM))
    const near = oblique.d[1] > 0 ? y : -y
    expect(postLength(oblique, x, near) / postLength(oblique, x, -near)).toBeGreaterThan(1.03)
    const front = cameraOf('0', 0, m.centre, 70)
    expect(postLength(front, x, y)).toBeCloseTo(postLength(front, x, -y), 9)
    // the nose, nearer at 345, is drawn larger than the tail
    expect(postLength(oblique, 2, 0) / postLength(oblique, A330.lengthM - 2, 0)).toBeGreaterThan(
      1.3,
    )
  })

  test('measures what it draws at an oblique angle: the bounds are the drawn pixels', () => {
    const W = 800,
      H = 450
    const b = measure(A330, '345', 'down')
    const mpp = 0.1
    const pl = {
      metresPerPixel: mpp,
      originX: W / 2 - (b.minX + b.maxX) / 2 / mpp,
      originY: H / 2 + (b.minY + b.maxY) / 2 / mpp,
    }
    const r = render({
      plane: A330,
      livery: null,
      angle: '345',
      gear: 'down',
      width: W,
      height: H,
      placement: pl,
    })
    expect(Math.abs(r.bbox.x - (pl.originX + b.minX / mpp))).toBeLessThan(1.5)
    expect(Math.abs(r.bbox.x + r.bbox.width - (pl.originX + b.maxX / mpp))).toBeLessThan(1.5)
    expect(Math.abs(r.bbox.y - (pl.originY - b.maxY / mpp))).toBeLessThan(1.5)
    expect(Math.abs(r.bbox.y + r.bbox.height - (pl.originY - b.minY / mpp))).toBeLessThan(1.5)
  })
})

/** one triangle with no texture, its corners at the given pixels and perspective weights */
function oneTriangle(
  px: [number, number][],
  w: number[],
): { mesh: Mesh; sx: Float64Array; sy: Float64Array; weights: Float64Array } {
  const pos = new Float64Array(9)
  const mesh = {
    pos,
    nrm: new Float32Array(9),
    uv: new Float32Array(6),
    idx: Uint32Array.of(0, 1, 2),
    mat: Uint8Array.of(Mat.Wing),
    part: new Uint16Array(1),
    face: new Float32Array(3),
  } as Mesh
  return {
    mesh,
    sx: Float64Array.from(px, (p) => p[0]),
    sy: Float64Array.from(px, (p) => p[1]),
    weights: Float64Array.from(w),
  }
}

const tex: Texture = {
  w: 4,
  h: 4,
  data: new Uint8ClampedArray(64),
  su: 1,
  sv: 1,
  u0: 0,
  v0: 0,
  wrapV: false,
}

describe('shading through the lens', () => {
  test('interpolates perspective-correctly where the depth changes across a triangle', () => {
    const { mesh, sx, sy, weights } = oneTriangle(
      [
        [0, 0],
        [400, 0],
        [0, 400],
      ],
      [2, 1, 1],
    )
    const asked: Vec3[] = []
    const sh: Shader = {
      at: (t, x, y, out) => {
        asked.push([t, x, y])
        out.fill(0)
      },
      span: () => {
        throw new Error('not per span')
      },
    }
    const lensed = throughLens(sh, { mesh, sx, sy, weights, fuselage: tex, fin: tex })
    lensed.at(0, 100, 100, new Float64Array(3))
    // affine barycentrics (0.5, 0.25, 0.25) weighted by (2, 1, 1): (2/3, 1/6, 1/6) of the corners
    const [, x, y] = asked[0]
    expect(x).toBeCloseTo(400 / 6, 6)
    expect(y).toBeCloseTo(400 / 6, 6)
    // a whole run is asked pixel by pixel, each corrected
    const out = new Float64Array(9)
    lensed.span(0, 10, 10, 3, out)
    expect(asked.length).toBe(4)
  })

  test("leaves a triangle whose depth hardly changes to the shader's own spans", () => {
    const { mesh, sx, sy, weights } = oneTriangle(
      [
        [0, 0],
        [40, 0],
        [0, 40],
      ],
      [1.001, 1, 1],
    )
    let spans = 0
    const sh: Shader = {
      at: () => {},
      span: () => {
        spans++
      },
    }
    const lensed = throughLens(sh, { mesh, sx, sy, weights, fuselage: tex, fin: tex })
    lensed.span(0, 1, 1, 10, new Float64Array(30))
    expect(spans).toBe(1)
  })
})

describe('texture reads', () => {
  // columns alternately black and white, one texel each
  const w = 16,
    h = 4
  const data = new Uint8ClampedArray(w * h * 4)
  for (let i = 0; i < w * h; i++) data.fill(i % 2 ? 255 : 0, 4 * i, 4 * i + 3)
  const out = new Float64Array(3)

  test('read once where a pixel spans a texel, averaged over the footprint where it spans several', () => {
    bilinear(data, w, h, false, 4, 1, out)
    expect(out[0]).toBe(0)
    try {
      setFootprint(4, 4, 0)
      bilinear(data, w, h, false, 4, 1, out)
      expect(out[0]).toBeCloseTo(127.5, 6)
      // along the stripes, the footprint sees one column
      setFootprint(4, 0, 3)
      bilinear(data, w, h, false, 5, 1, out)
      expect(out[0]).toBe(255)
    } finally {
      setFootprint(1, 0, 0)
    }
    bilinear(data, w, h, false, 5, 1, out)
    expect(out[0]).toBe(255)
  })
})
