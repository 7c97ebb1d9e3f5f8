import { describe, expect, test } from 'bun:test'
import { ANGLES, type Angle } from '../../src/catalog/types'
import { measure, render, texturesFor } from '../../src/render/index'
import type { Texture } from '../../src/render/raster/texture'
import { windscreenFoot } from '../../src/render/paint/cockpit'
import { fuselageTexture } from '../../src/render/paint/fuselage'
import { schemeOf } from '../../src/render/paint/scheme'
import { panelsFor } from '../../src/render/parts/detail'
import { modelOf } from '../../src/render/parts/model'
import { LIVERIES, pixels, plane, planes } from './helpers'

const A330 = plane('airbus-a330-300')

/** ink of the titles: pixels that change when the title text is removed */
function titleInk(angle: '90' | '270', text: string) {
  const base = { plane: A330, angle, gear: 'up' as const, width: 1400, height: 400, marginPx: 10 }
  const livery = {
    ...LIVERIES.navy,
    cheatline: { style: 'none' as const, colors: [] },
    titles: { text, color: '#000000', size: 1.2 },
  }
  const a = pixels(render({ ...base, livery }).canvas)
  const b = pixels(
    render({ ...base, livery: { ...livery, titles: { ...livery.titles, text: '' } } }).canvas,
  )
  let x0 = 1e9,
    x1 = -1,
    y0 = 1e9,
    y1 = -1,
    sx = 0,
    sy = 0,
    n = 0
  for (let i = 0; i < a.length; i += 4) {
    if (Math.abs(a[i] - b[i]) < 80) continue
    const p = i / 4,
      x = p % 1400,
      y = Math.floor(p / 1400)
    x0 = Math.min(x0, x)
    x1 = Math.max(x1, x)
    y0 = Math.min(y0, y)
    y1 = Math.max(y1, y)
    sx += x
    sy += y
    n++
  }
  return { n, cx: (sx / n - x0) / (x1 - x0), cy: (sy / n - y0) / (y1 - y0), mid: (x0 + x1) / 2 }
}

describe('titles', () => {
  // an "F" is heavy at its top and at its left: mirrored or upside-down text moves its ink centroid
  for (const angle of ['90', '270'] as const) {
    test(`at ${angle} the titles read left to right, upright, not mirrored`, () => {
      const ink = titleInk(angle, 'F')
      expect(ink.n).toBeGreaterThan(200)
      expect(ink.cx).toBeLessThan(0.45)
      expect(ink.cy).toBeLessThan(0.45)
    })
  }

  test('titles sit on the forward fuselage on both sides (towards the nose)', () => {
    expect(titleInk('90', 'FFFF').mid).toBeGreaterThan(700) // nose on the right
    expect(titleInk('270', 'FFFF').mid).toBeLessThan(700) // nose on the left
  })
})

describe('fuselage paint', () => {
  test('the belly colour follows bellyLine: a lower line paints less of the side', () => {
    const base = {
      plane: A330,
      angle: '90' as const,
      gear: 'up' as const,
      width: 800,
      height: 250,
      marginPx: 10,
    }
    const count = (bellyLine: number) => {
      const d = pixels(
        render({
          ...base,
          livery: {
            ...LIVERIES.navy,
            cheatline: { style: 'none', colors: [] },
            belly: '#ff0000',
            bellyLine,
          },
        }).canvas,
      )
      let n = 0
      for (let i = 0; i < d.length; i += 4)
        if (d[i + 3] === 255 && d[i] > 120 && d[i + 1] < 60 && d[i + 2] < 60) n++
      return n
    }
    const low = count(0.2),
      high = count(0.6)
    expect(low).toBeGreaterThan(500)
    expect(high).toBeGreaterThan(low * 1.8)
  })

  test('every tail style paints its accent colour onto the fin', () => {
    const styles = [
      'stripes',
      'disc',
      'chevron',
      'split',
      'band',
      'sweep',
      'star',
      'crescent',
      'triangle',
      'bird',
    ] as const
    for (const style of styles) {
      const livery = {
        ...LIVERIES.navy,
        tail: { base: '#0000ff', style, colors: ['#00ff00', '#ffff00'] },
      }
      const d = pixels(
        render({
          plane: A330,
          livery,
          angle: '90',
          gear: 'up',
          width: 800,
          height: 250,
          marginPx: 10,
        }).canvas,
      )
      let green = 0
      for (let i = 0; i < d.length; i += 4)
        if (d[i + 1] > 150 && d[i] < 90 && d[i + 2] < 90) green++
      expect({ style, green: green > 40 }).toEqual({ style, green: true })
    }
  })
})

describe('panel outlines', () => {
  /** the darkest texel across the radome's joint at half height on the right side, against the paint */
  /** the darkest texel across the radome's joint at half height on the right side, against the paint */
  function radomeDepth(slug: string, t: Texture): number {
    const model = modelOf(plane(slug), 'down')
    const k = t.su
    // half way up the joint (its bezier at t = 0.5), in side coordinates
    const [fx, fy] = windscreenFoot({
      L: model.fus.L,
      H: model.fus.H,
      model,
      scheme: schemeOf(null),
      side: 'R',
      k,
      panels: true,
    })
    const nl = model.shape.nose.length
    const bx = Math.min(0.42 * nl, fx + 0.25 * nl)
    const x = (bx + 3 * (bx - 0.05 * nl) + 3 * (fx + 0.03 * nl) + fx) / 8
    const y = (3 * 0.45 * fy + 3 * 0.85 * fy + fy) / 8
    const row = Math.round(t.h / 2 - y * (t.h / (2 * model.fus.H)))
    let darkest = 255
    for (let c = Math.floor((x - 0.4) * k); c <= Math.ceil((x + 0.4) * k); c++)
      darkest = Math.min(darkest, t.data[(row * t.w + c) * 4])
    return t.data[(row * t.w + Math.floor((x + 1.2) * k)) * 4] - darkest
  }
  const radomeLine = (panels: boolean) => {
    const model = modelOf(plane('airbus-a320-200'), 'down')
    return radomeDepth(
      'airbus-a320-200',
      fuselageTexture(model, schemeOf(null), 2200 / model.fus.L, panels),
    )
  }

  test('the radome joint is drawn when panels are asked for, and not otherwise', () => {
    expect(radomeLine(true)).toBeGreaterThan(20)
    expect(radomeLine(false)).toBeLessThan(3)
  })

  test('panels show by the drawn length alone: never at card, at hd in every view but from above', () => {
    // the body's drawn length (contain-fit, the default 8% margin) per model and view. From above,
    // the canvas height holds the length: about 820 px at hd, as small as a card, so plain too
    const lengths = (w: number, views: readonly Angle[]) =>
      planes.flatMap((p) =>
        views.map((a) => {
          const b = measure(p, a, 'down')
          const h = Math.round((w * 9) / 16)
          return (
            p.lengthM / Math.max((b.maxX - b.minX) / (w * 0.84), (b.maxY - b.minY) / (h - 0.16 * w))
          )
        }),
      )
    expect(lengths(1024, ANGLES).filter(panelsFor)).toEqual([])
    expect(
      lengths(
        2048,
        ANGLES.filter((a) => a !== 'top'),
      ).filter((l) => !panelsFor(l)),
    ).toEqual([])
    expect(lengths(2048, ['top']).filter(panelsFor)).toEqual([])
  })

  test('an A380 at hd has its panel lines (drawn 1580 px long; its texture step had left them out)', () => {
    const t = texturesFor({
      plane: plane('airbus-a380-800'),
      livery: null,
      angle: '345',
      gear: 'down',
      width: 2048,
      height: 1152,
      marginPx: 164,
    })
    expect(radomeDepth('airbus-a380-800', t.fuselage)).toBeGreaterThan(20)
  })
})

describe('the 747 from above', () => {
  test('its windscreen is a thin band across the front of the hump, not a visor over its roof', () => {
    // 50 px per metre, the nose tip at the top, the centreline at x = 100; a column 0.3 m beside
    // it (on the centreline itself is the post between the panes)
    const mpp = 0.02
    const r = render({
      plane: plane('boeing-747-400'),
      livery: null,
      angle: 'top',
      gear: 'up',
      width: 200,
      height: 640,
      placement: { metresPerPixel: mpp, originX: 100, originY: 20 },
    })
    const px = pixels(r.canvas)
    let glass = 0
    for (let y = 0; y < 640; y++) {
      const i = (y * 200 + 115) * 4
      if (px[i + 3] > 200 && (px[i] + px[i + 1] + px[i + 2]) / 3 < 100) glass++
    }
    expect(glass).toBeGreaterThan(0)
    expect(glass * mpp).toBeLessThan(0.8)
  })
})
