/**
 * No title reads mirrored from any side: a big red F (its stem on the reading side's left, its
 * arms on top) is rendered alone on a white aircraft, and its red ink must lean left and up in
 * the picture at every angle that shows a side. A mirrored F leans right; an upturned one, down.
 */
import { describe, expect, test } from 'bun:test'
import type { Angle, LiveryDesign } from '../../../src/catalog/types'
import { render } from '../../../src/render'
import { pixels, plane } from '../helpers'

const LIVERY: LiveryDesign = {
  fuselage: '#ffffff',
  belly: '#ffffff',
  cheatline: { style: 'none', colors: [] },
  tail: { base: '#ffffff', style: 'solid', colors: [] },
  engines: '#ffffff',
  titles: { text: 'F', color: '#ff0000', font: 'sans', weight: 'bold', size: 2.5 },
}

/** the red ink's centroid within its own box: 0 left or top, 1 right or bottom */
function lean(angle: Angle): { x: number; y: number; n: number } {
  const W = 900,
    H = 400
  const r = render({
    plane: plane('airbus-a320-200'),
    livery: LIVERY,
    angle,
    gear: 'down',
    width: W,
    height: H,
  })
  const d = pixels(r.canvas)
  let n = 0,
    sx = 0,
    sy = 0,
    x0 = W,
    x1 = 0,
    y0 = H,
    y1 = 0
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4
      if (d[i + 3] < 200 || d[i] < 120 || d[i + 1] > 0.55 * d[i] || d[i + 2] > 0.55 * d[i]) continue
      n++
      sx += x
      sy += y
      x0 = Math.min(x0, x)
      x1 = Math.max(x1, x)
      y0 = Math.min(y0, y)
      y1 = Math.max(y1, y)
    }
  return { x: (sx / n - x0) / (x1 - x0 + 1), y: (sy / n - y0) / (y1 - y0 + 1), n }
}

describe('titles are never mirrored', () => {
  test.each(['45', '90', '135', '225', '270', '315', '345'] as Angle[])(
    'an F reads as F at %s',
    (angle) => {
      const c = lean(angle)
      expect(c.n).toBeGreaterThan(40)
      expect(c.x).toBeLessThan(0.45)
      expect(c.y).toBeLessThan(0.5)
    },
  )
})
