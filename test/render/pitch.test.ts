/**
 * Pitch in 3D: the aircraft turned about its lateral axis through the fuselage centre, seen from
 * the requested angle. Drawn with a fixed scale and the fuselage centre on a fixed pixel, so the
 * pictures compare directly.
 */
import { describe, expect, test } from 'bun:test'
import { createCanvas } from '@napi-rs/canvas'
import { ANGLES, type Angle } from '../../src/catalog/types'
import { canvasOf, measure, render } from '../../src/render'
import { modelOf } from '../../src/render/parts/model'
import { viewOf } from '../../src/render/raster/camera'
import { projectedProfile } from '../../src/render/silhouette'
import { plane } from './helpers'

const W = 480,
  H = 300
const MPP = 0.16
const A321 = plane('airbus-a321-200')
const B789 = plane('boeing-787-9')

/** the aircraft drawn with its fuselage centre at the middle of the canvas */
function drawnAt(p = A321, angle: Angle, pitch: number) {
  const b = measure(p, angle, 'down', pitch)
  return render({
    plane: p,
    livery: null,
    angle,
    gear: 'down',
    pitch,
    width: W,
    height: H,
    placement: {
      metresPerPixel: MPP,
      originX: W / 2 - b.fuselageCentre.x / MPP,
      originY: H / 2 + b.fuselageCentre.y / MPP,
    },
  })
}

const opaque = (px: Uint8ClampedArray, i: number) => px[4 * i + 3] > 127

/** the unpitched picture turned by `radians` (clockwise on screen) about the canvas middle, as a flat picture would be */
function turnedFlat(angle: Angle, radians: number): Uint8ClampedArray {
  const flat = drawnAt(A321, angle, 0)
  const c = createCanvas(W, H)
  const ctx = c.getContext('2d')
  ctx.translate(W / 2, H / 2)
  ctx.rotate(radians)
  ctx.translate(-W / 2, -H / 2)
  ctx.drawImage(canvasOf(flat.pixels, W, H), 0, 0)
  return ctx.getImageData(0, 0, W, H).data as Uint8ClampedArray
}

/** the rows of the highest and lowest drawn pixel */
function rows(px: Uint8ClampedArray): { top: number; bottom: number } {
  let top = H,
    bottom = -1
  for (let i = 0; i < W * H; i++)
    if (opaque(px, i)) {
      top = Math.min(top, Math.floor(i / W))
      bottom = Math.floor(i / W)
    }
  return { top, bottom }
}

describe('pitch', () => {
  test('at 90 and 270 draws what turning the flat picture about the fuselage centre drew (nose up: anticlockwise when it points right)', () => {
    for (const [angle, sign] of [
      ['90', -1],
      ['270', 1],
    ] as const)
      for (const pitch of [20, -35]) {
        const solid = drawnAt(A321, angle, pitch).pixels
        const flat = turnedFlat(angle, (sign * pitch * Math.PI) / 180)
        let both = 0,
          either = 0
        for (let i = 0; i < W * H; i++) {
          if (opaque(solid, i) && opaque(flat, i)) both++
          if (opaque(solid, i) || opaque(flat, i)) either++
        }
        // the same silhouette but for resampling at its edges
        expect(both / either).toBeGreaterThan(0.95)
        const [a, b] = [rows(solid), rows(flat)]
        expect(Math.abs(a.top - b.top)).toBeLessThanOrEqual(2)
        expect(Math.abs(a.bottom - b.bottom)).toBeLessThanOrEqual(2)
      }
  })

  test('at 345 raises the nose on screen: the near, low end of the picture rises and the far, high end sinks', () => {
    const level = rows(drawnAt(B789, '345', 0).pixels)
    const climb = rows(drawnAt(B789, '345', 12).pixels)
    const dive = rows(drawnAt(B789, '345', -12).pixels)
    expect(climb.bottom).toBeLessThan(level.bottom - 5)
    expect(climb.top).toBeGreaterThan(level.top + 5)
    expect(dive.bottom).toBeGreaterThan(level.bottom + 5)
  })

  test('at 345 the nose tip is drawn where the pitched camera puts it, higher than unpitched', () => {
    const pos = modelOf(B789, 'down').mesh.pos
    let nose = 0
    for (let i = 3; i < pos.length; i += 3) if (pos[i] < pos[nose]) nose = i // x runs backwards from the nose
    const noseAt = (pitch: number) => {
      const v = viewOf('345', pitch)
      const b = measure(B789, '345', 'down', pitch)
      const y = pos[nose] * v.u[0] + pos[nose + 1] * v.u[1] + pos[nose + 2] * v.u[2]
      const x = pos[nose] * v.r[0] + pos[nose + 1] * v.r[1] + pos[nose + 2] * v.r[2]
      return {
        x: Math.round(W / 2 + (x - b.fuselageCentre.x) / MPP),
        y: Math.round(H / 2 - (y - b.fuselageCentre.y) / MPP),
      }
    }
    const [level, climb] = [noseAt(0), noseAt(12)]
    expect(climb.y).toBeLessThan(level.y - 10)
    const px = drawnAt(B789, '345', 12).pixels
    let near = 0
    for (let dy = -2; dy <= 2; dy++)
      for (let dx = -2; dx <= 2; dx++) if (opaque(px, (climb.y + dy) * W + climb.x + dx)) near++
    expect(near).toBeGreaterThan(5)
  })

  test('changes nothing at top, and pitch 0 draws the unpitched bytes', () => {
    const top = (pitch?: number) =>
      render({
        plane: A321,
        livery: null,
        angle: 'top',
        gear: 'down',
        pitch,
        width: 320,
        height: 180,
        marginPx: 10,
      }).pixels
    expect(Buffer.compare(Buffer.from(top(30)), Buffer.from(top()))).toBe(0)
    const side = (pitch?: number) =>
      render({
        plane: A321,
        livery: null,
        angle: '45',
        gear: 'down',
        pitch,
        width: 320,
        height: 180,
        marginPx: 10,
      }).pixels
    expect(Buffer.compare(Buffer.from(side(0)), Buffer.from(side()))).toBe(0)
    expect(Buffer.compare(Buffer.from(side(10)), Buffer.from(side()))).not.toBe(0)
  })

  test('measured bounds of a pitched view are the drawn box, at every angle', () => {
    for (const angle of ANGLES) {
      const b = measure(A321, angle, 'down', 25)
      const r = render({
        plane: A321,
        livery: null,
        angle,
        gear: 'down',
        pitch: 25,
        width: 800,
        height: 450,
        marginPx: 30,
      })
      expect(Math.abs(r.bbox.width - (b.maxX - b.minX) / r.metresPerPixel)).toBeLessThanOrEqual(2)
      expect(Math.abs(r.bbox.height - (b.maxY - b.minY) / r.metresPerPixel)).toBeLessThanOrEqual(2)
    }
  })
})

describe('silhouette profile', () => {
  test('holds, strip by strip, the range the triangles cover inside it', () => {
    // one triangle (0,0) (10,0) (0,10): in the strip 5..6 of x it covers y 0..5
    const p = projectedProfile(
      [0, 0, 0, 10, 0, 0, 0, 0, 10],
      [0, 1, 2],
      { r: [1, 0, 0], u: [0, 0, 1] },
      10,
    )
    expect([p.colLo[5], p.colHi[5]]).toEqual([0, 5])
    expect([p.rowLo[9], p.rowHi[9]]).toEqual([0, 1])
    expect([p.colLo[0], p.colHi[0]]).toEqual([0, 10])
  })
})
