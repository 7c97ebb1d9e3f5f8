/** Shared helpers for renderer tests: load the catalog, measure drawn alpha. */
import planesJson from '../../assets/planes.json'
import type { Angle, LiveryDesign, Plane } from '../../src/catalog/types'
import { measure, render } from '../../src/render'
import type { Mesh, Vec3 } from '../../src/render/parts/mesh'
import { viewOf } from '../../src/render/raster/camera'
import type { Canvas } from '@napi-rs/canvas'

export const planes = planesJson as unknown as Plane[]

export const plane = (slug: string): Plane => {
  const p = planes.find((x) => x.slug === slug)
  if (!p) throw new Error(`no plane ${slug}`)
  return p
}

export function pixels(c: Canvas): Uint8ClampedArray {
  return c.getContext('2d').getImageData(0, 0, c.width, c.height).data as Uint8ClampedArray
}

/** bounding box of pixels with alpha above a threshold (ignores faint anti-aliasing fringes) */
export function alphaBox(c: Canvas, min = 128): { x: number; y: number; w: number; h: number } {
  const d = pixels(c)
  // canvas width/height are native getters: read them once
  const W = c.width,
    H = c.height
  let x0 = W,
    y0 = H,
    x1 = -1,
    y1 = -1
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (d[(y * W + x) * 4 + 3] >= min) {
        if (x < x0) x0 = x
        if (x > x1) x1 = x
        if (y < y0) y0 = y
        y1 = y
      }
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 }
}

/** fixtures until assets/airlines.json is there: every field exercised across them */
export const LIVERIES: Record<string, LiveryDesign> = {
  navy: {
    fuselage: '#ffffff',
    belly: '#d9dde3',
    bellyLine: 0.35,
    cheatline: { style: 'window-band', colors: ['#0b3d91', '#c8102e'] },
    tail: { base: '#0b3d91', style: 'disc', colors: ['#ffffff', '#c8102e'], wrap: true },
    engines: '#0b3d91',
    engineAccent: '#c0c6cc',
    titles: { text: 'Example Air', color: '#0b3d91' },
  },
  sunset: {
    fuselage: '#fdfdfd',
    belly: '#fdfdfd',
    nose: '#1d1d1d',
    cheatline: { style: 'swoosh', colors: ['#e8590c', '#ffd43b'] },
    tail: { base: '#e8590c', style: 'bird', colors: ['#ffd43b', '#ffffff'] },
    engines: '#e8590c',
    titles: { text: 'Sunset Airways', color: '#333333', font: 'serif', italic: true },
  },
  forest: {
    fuselage: '#1b5e20',
    belly: '#eeeeee',
    bellyLine: 0.45,
    cheatline: { style: 'double', colors: ['#ffd600', '#ffffff'] },
    tail: { base: '#1b5e20', style: 'star', colors: ['#ffd600'], wrap: true },
    engines: '#eeeeee',
    engineAccent: '#ffd600',
    wings: '#b0b7bf',
    titles: { text: 'GREENLINE', color: '#ffffff', weight: 'bold' },
  },
  crimson: {
    fuselage: '#f7f7f7',
    belly: '#9e9e9e',
    bellyLine: 0.3,
    cheatline: { style: 'tail-sweep', colors: ['#b71c1c', '#212121'] },
    tail: { base: '#b71c1c', style: 'crescent', colors: ['#ffffff', '#ffeb3b'] },
    engines: '#b71c1c',
    engineAccent: '#eeeeee',
    titles: { text: 'Crimson', color: '#b71c1c', weight: 'regular' },
  },
}

/** share of channel values that differ by more than `threshold`, and the mean absolute difference */
export function compare(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  threshold = 24,
): { mean: number; offShare: number } {
  let sum = 0
  let off = 0
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i] - b[i])
    sum += d
    if (d > threshold) off++
  }
  return { mean: sum / a.length, offShare: off / a.length }
}

/**
 * a close-up: the crop w x h around a point of the aircraft (model metres), drawn at the scale
 * of a picture `width` px wide that contains the whole aircraft (4096: the ultra preset)
 */
export function closeup(
  p: Plane,
  livery: LiveryDesign | null,
  angle: Angle,
  at: Vec3,
  w: number,
  h: number,
  width = 4096,
): { pixels: Uint8ClampedArray; ppm: number } {
  const b = measure(p, angle, 'down')
  const H = Math.round((width * 9) / 16),
    margin = Math.round(width * 0.08)
  const mpp = Math.max(
    (b.maxX - b.minX) / (width - 2 * margin),
    (b.maxY - b.minY) / (H - 2 * margin),
  )
  const v = viewOf(angle)
  const vx = at[0] * v.r[0] + at[1] * v.r[1] + at[2] * v.r[2]
  const vy = at[0] * v.u[0] + at[1] * v.u[1] + at[2] * v.u[2]
  const r = render({
    plane: p,
    livery,
    angle,
    gear: 'down',
    width: w,
    height: h,
    placement: { metresPerPixel: mpp, originX: w / 2 - vx / mpp, originY: h / 2 + vy / mpp },
  })
  return { pixels: r.pixels, ppm: 1 / mpp }
}

/** triangles of material `mat` all of whose corners pass a test */
export function countTriangles(
  mesh: Mesh,
  mat: number,
  where: (x: number, y: number, z: number) => boolean,
): number {
  let n = 0
  for (let t = 0; t < mesh.mat.length; t++) {
    if (mesh.mat[t] !== mat) continue
    let all = true
    for (let k = 0; k < 3 && all; k++) {
      const i = 3 * mesh.idx[3 * t + k]
      all = where(mesh.pos[i], mesh.pos[i + 1], mesh.pos[i + 2])
    }
    if (all) n++
  }
  return n
}
