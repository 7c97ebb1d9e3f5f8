import { describe, expect, test } from 'bun:test'
import { ANGLES } from '../../src/catalog/types'
import { measure, render } from '../../src/render/index'
import { LIVERIES, alphaBox, pixels, plane, planes } from './helpers'

const A320 = plane('airbus-a320-200')

describe('proportions', () => {
  test('side, top and front view aspect match length, span and height for every model', () => {
    const bad: string[] = []
    for (const p of planes) {
      const views = [
        ['90', p.lengthM / p.heightM, 0.03],
        ['top', p.lengthM / p.wingspanM, 0.03],
        ['0', p.wingspanM / p.heightM, 0.05],
      ] as const
      for (const [angle, want, tol] of views) {
        const r = render({
          plane: p,
          livery: null,
          angle,
          gear: 'down',
          width: 480,
          height: 480,
          marginPx: 12,
        })
        const b = alphaBox(r.canvas, 1)
        // top view: nose up, so the image's height is the length
        const got = angle === 'top' ? b.h / b.w : b.w / b.h
        if (Math.abs(got / want - 1) > tol)
          bad.push(`${p.slug} ${angle}: ${got.toFixed(3)} vs ${want.toFixed(3)}`)
      }
    }
    expect(bad).toEqual([])
  }, 120_000)
})

describe('determinism', () => {
  test('the same spec renders the same bytes twice', () => {
    const spec = {
      plane: plane('boeing-747-400'),
      livery: LIVERIES.navy,
      angle: '345' as const,
      gear: 'down' as const,
      width: 480,
      height: 270,
      marginPx: 10,
    }
    const a = pixels(render(spec).canvas)
    const b = pixels(render({ ...spec }).canvas)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
  })
})

describe('orientation', () => {
  // the fin and tail cone hold the mass high up at the rear; the nose end is low and pointed
  const upperMass = (angle: '90' | '270') => {
    const r = render({
      plane: A320,
      livery: null,
      angle,
      gear: 'up',
      width: 600,
      height: 300,
      marginPx: 10,
    })
    const d = pixels(r.canvas)
    let left = 0,
      right = 0
    // rows above the fuselage: only the fin is there
    for (let y = 0; y < r.bbox.y + r.bbox.height * 0.3; y++)
      for (let x = 0; x < 600; x++) {
        const a = d[(y * 600 + x) * 4 + 3]
        if (x < 300) left += a
        else right += a
      }
    return { left, right }
  }
  test('at 90 the nose is on the right (fin on the left)', () => {
    const m = upperMass('90')
    expect(m.left).toBeGreaterThan(m.right * 5)
  })
  test('at 270 the nose is on the left (fin on the right)', () => {
    const m = upperMass('270')
    expect(m.right).toBeGreaterThan(m.left * 5)
  })
  test('at top the nose points up: a narrow nose at the top, the wide tailplane at the bottom', () => {
    const r = render({
      plane: A320,
      livery: null,
      angle: 'top',
      gear: 'up',
      width: 400,
      height: 400,
      marginPx: 10,
    })
    const d = pixels(r.canvas)
    const widthAt = (f: number) => {
      const y = Math.round(r.bbox.y + r.bbox.height * f)
      let n = 0
      for (let x = 0; x < 400; x++) if (d[(y * 400 + x) * 4 + 3] > 0) n++
      return n
    }
    expect(widthAt(0.93)).toBeGreaterThan(2 * widthAt(0.07))
    // and the nose tip is centred: the top rows have alpha only in the middle columns
    const topRow = Math.round(r.bbox.y + 2)
    let minX = 400,
      maxX = 0
    for (let x = 0; x < 400; x++)
      if (d[(topRow * 400 + x) * 4 + 3] > 0) {
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
      }
    expect(Math.abs((minX + maxX) / 2 - 200)).toBeLessThan(4)
  })
})

describe('measure', () => {
  test('measure times the scale matches the drawn bounding box within two pixels, at every angle', () => {
    for (const angle of ANGLES) {
      const b = measure(A320, angle, 'down')
      const r = render({
        plane: A320,
        livery: LIVERIES.navy,
        angle,
        gear: 'down',
        width: 800,
        height: 450,
        marginPx: 30,
      })
      const w = (b.maxX - b.minX) / r.metresPerPixel
      const h = (b.maxY - b.minY) / r.metresPerPixel
      expect(Math.abs(r.bbox.width - w)).toBeLessThanOrEqual(2)
      expect(Math.abs(r.bbox.height - h)).toBeLessThanOrEqual(2)
    }
  })

  test('an explicit placement puts the aircraft where the metres say', () => {
    const b = measure(A320, '90', 'down')
    const mpp = 0.05
    const r = render({
      plane: A320,
      livery: null,
      angle: '90',
      gear: 'down',
      width: 1000,
      height: 400,
      placement: { metresPerPixel: mpp, originX: 900, originY: 380 },
    })
    expect(r.metresPerPixel).toBe(mpp)
    expect(Math.abs(r.bbox.x - (900 + b.minX / mpp))).toBeLessThanOrEqual(1.5)
    expect(Math.abs(r.bbox.y + r.bbox.height - (380 - b.minY / mpp))).toBeLessThanOrEqual(1.5)
    expect(r.groundLineY).toBeCloseTo(380 - b.groundY / mpp, 6)
  })

  test('gear up raises the bottom of the aircraft but keeps the ground line', () => {
    for (const angle of ['90', '345', '0'] as const) {
      const down = measure(A320, angle, 'down')
      const up = measure(A320, angle, 'up')
      expect(up.groundY).toBe(down.groundY)
      expect(up.minY).toBeGreaterThan(down.minY + 0.5)
      expect(up.maxY).toBeCloseTo(down.maxY, 6)
    }
  })

  test('with gear down the wheels touch the ground line at level views', () => {
    const b = measure(A320, '90', 'down')
    expect(b.minY).toBeCloseTo(b.groundY, 3)
  })
})

describe('liveries', () => {
  test('blank has no titles: painting titles changes the pixels where the titles go', () => {
    const base = {
      plane: A320,
      angle: '90' as const,
      gear: 'down' as const,
      width: 800,
      height: 300,
      marginPx: 10,
    }
    const noTitle = { ...LIVERIES.navy, titles: { ...LIVERIES.navy.titles, text: '' } }
    const withT = pixels(render({ ...base, livery: LIVERIES.navy }).canvas)
    const without = pixels(render({ ...base, livery: noTitle }).canvas)
    let diff = 0
    for (let i = 0; i < withT.length; i += 4)
      if (Math.abs(withT[i] - without[i]) + Math.abs(withT[i + 2] - without[i + 2]) > 60) diff++
    expect(diff).toBeGreaterThan(500)
    // and the blank aircraft is light grey / white, with no saturated colour anywhere but the
    // blue of the sky mirrored in its glass and bare metal (blue the strongest, red the weakest)
    const blank = pixels(render({ ...base, livery: null }).canvas)
    let saturated = 0
    for (let i = 0; i < blank.length; i += 4) {
      if (blank[i + 3] < 255) continue
      const mx = Math.max(blank[i], blank[i + 1], blank[i + 2]),
        mn = Math.min(blank[i], blank[i + 1], blank[i + 2])
      const sky = blank[i + 2] === mx && blank[i] === mn
      if (mx - mn > 40 && !sky) saturated++
    }
    expect(saturated).toBe(0)
  })
})
