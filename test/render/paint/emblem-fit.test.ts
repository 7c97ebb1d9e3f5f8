import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, test } from 'bun:test'
import { airlineRecords } from '../../../src/catalog/airline-records'
import specialsJson from '../../../assets/special-liveries.json'
import type { Emblem, LiveryDesign } from '../../../src/catalog/types'
import type { FinFrame } from '../../../src/render/parts/tail'
import { modelOf } from '../../../src/render/parts/model'
import { drawEmblem, readsFromBothSides } from '../../../src/render/paint/emblems'
import { emblemTransform } from '../../../src/render/paint/fin-fit'
import { finTexture } from '../../../src/render/paint/fin'
import { schemeOf } from '../../../src/render/paint/scheme'
import { plane } from '../helpers'

/**
 * Emblems on the fin, measured where they are painted (fin metres), not looked at: every figure
 * placed on a fin stays inside that fin's outline on every model its airline flies, and a shape
 * faces the way its vocabulary entry declares on both sides. Figures only: an emblem laid in the
 * fin's own frame (a field of stripes, a flag) is the fin's paint, cut by its outline by design.
 */
const designs: { who: string; design: LiveryDesign; planes: string[] }[] = [
  ...airlineRecords.map((a) => ({
    who: a.slug,
    design: a.livery,
    planes: a.fleet,
  })),
  ...(
    specialsJson as unknown as {
      airline: string
      liveryType: string
      plane: string
      design: LiveryDesign
    }[]
  ).map((s) => ({ who: `${s.airline}/${s.liveryType}`, design: s.design, planes: [s.plane] })),
]

const frames = new Map<string, FinFrame>()
const frameOf = (slug: string): FinFrame =>
  frames.get(slug) ?? frames.set(slug, modelOf(plane(slug), 'down', 'light').fin).get(slug)!

/** texels per metre: a 10 m fin is 120 texels tall (for the fit), 240 (for the sides) */
const K = 12

/** the emblem's ink on one side, as a mask over the fin's box in texels (row 0 at the tip) */
function ink(fr: FinFrame, e: Emblem, side: 'R' | 'L', K = 12) {
  const hf = fr.zTip - fr.zRoot
  const xA = fr.x0 - 2,
    xB = fr.x0 + hf * Math.abs(fr.tanSweep) + fr.rootChord + 2
  const zA = fr.zRoot - 2,
    zB = fr.zTip + 2
  const w = Math.ceil((xB - xA) * K),
    h = Math.ceil((zB - zA) * K)
  const c = createCanvas(w, h)
  const ctx = c.getContext('2d')
  ctx.setTransform(K, 0, 0, -K, -xA * K, zB * K)
  ctx.transform(...emblemTransform(fr, e, side))
  drawEmblem(ctx, e.shape, ['#000000'])
  const d = ctx.getImageData(0, 0, w, h).data
  const mask = new Uint8Array(w * h)
  for (let i = 0; i < w * h; i++) mask[i] = d[i * 4 + 3] > 128 ? 1 : 0
  return { mask, w, h, xA, zB }
}

/** how far a point lies outside the fin's trapezoid (root to tip, leading to trailing edge), in metres */
function outside(fr: FinFrame, x: number, z: number): number {
  const hf = fr.zTip - fr.zRoot
  const f = (z - fr.zRoot) / hf
  const le = fr.x0 + (z - fr.zRoot) * fr.tanSweep
  const te = le + fr.rootChord + (fr.tipChord - fr.rootChord) * f
  return Math.max(fr.zRoot - z, z - fr.zTip, le - x, x - te, 0)
}

describe('emblems on the fin', () => {
  test('every figure stays inside the fin outline, on every model its airline flies, both sides', {
    timeout: 60_000,
  }, () => {
    const bad: string[] = []
    let checked = 0
    for (const { who, design, planes } of designs)
      for (const e of design.tail.emblems ?? []) {
        if (e.frame === 'fin') continue
        for (const slug of planes) {
          const fr = frameOf(slug)
          // a tolerance of 1% of the fin's height and a texel, for antialiased edges
          const tol = 0.01 * (fr.zTip - fr.zRoot) + 1 / K
          for (const side of ['L', 'R'] as const) {
            const { mask, w, h, xA, zB } = ink(fr, e, side)
            let worst = 0,
              n = 0
            for (let y = 0; y < h; y++)
              for (let x = 0; x < w; x++)
                if (mask[y * w + x]) {
                  n++
                  worst = Math.max(worst, outside(fr, xA + (x + 0.5) / K, zB - (y + 0.5) / K))
                }
            checked++
            if (n === 0) bad.push(`${who} ${e.shape} on ${slug} (${side}): nothing drawn`)
            else if (worst > tol)
              bad.push(`${who} ${e.shape} on ${slug} (${side}): ${worst.toFixed(2)} m outside`)
          }
        }
      }
    expect(checked).toBeGreaterThan(1000)
    expect(bad).toEqual([])
  })

  test('a shape that reads from both sides is mirrored on the right; one that faces the nose is not', () => {
    const fr = frameOf('airbus-a330-300')
    /** the mask cropped to its ink, as rows of 0/1, optionally flipped left to right */
    const crop = (m: ReturnType<typeof ink>, flip: boolean): string => {
      let x0 = m.w,
        x1 = -1,
        y0 = m.h,
        y1 = -1
      for (let y = 0; y < m.h; y++)
        for (let x = 0; x < m.w; x++)
          if (m.mask[y * m.w + x]) {
            x0 = Math.min(x0, x)
            x1 = Math.max(x1, x)
            y0 = Math.min(y0, y)
            y1 = Math.max(y1, y)
          }
      const rows: string[] = []
      for (let y = y0; y <= y1; y++) {
        let r = ''
        for (let x = x0; x <= x1; x++) r += m.mask[y * m.w + (flip ? x1 - (x - x0) : x)]
        rows.push(r)
      }
      return rows.join('\n')
    }
    const same = (a: string, b: string) => {
      if (a.length !== b.length) return 0
      let n = 0
      for (let i = 0; i < a.length; i++) if (a[i] === b[i]) n++
      return n / a.length
    }
    for (const [shape, reads] of [
      ['dots-b', true],
      ['kangaroo', false],
      ['oryx', false],
    ] as const) {
      expect(readsFromBothSides(shape)).toBe(reads)
      const e: Emblem = { shape, colors: ['#000000'], size: 0.5 }
      const L = ink(fr, e, 'L', 24),
        R = ink(fr, e, 'R', 24)
      // the right side is seen from outside mirrored: flipping its texels gives what a viewer sees
      const seenRight = crop(R, true),
        seenLeft = crop(L, false)
      const asymmetric = same(seenLeft, crop(L, true)) < 0.95
      expect(asymmetric).toBe(true)
      if (reads) expect(same(seenRight, seenLeft)).toBeGreaterThan(0.98)
      else expect(same(seenRight, crop(L, true))).toBeGreaterThan(0.98)
    }
  })

  test("a fin with a shape that reads from both sides paints each side's picture", () => {
    const brussels = airlineRecords.find((a) => a.slug === 'brussels-airlines')!
    const model = modelOf(plane('airbus-a330-300'), 'down', 'light')
    const t = finTexture(model, schemeOf(brussels.livery), 8)
    expect(t.vLeft).toBeDefined()
    const half = (t.h / 2) * t.w * 4
    let differ = 0
    for (let i = 0; i < half; i += 4) if (t.data[i + 1] !== t.data[half + i + 1]) differ++
    expect(differ).toBeGreaterThan(50)
  })

  test('a gradient on the tail fades the fin from its base colour', () => {
    const model = modelOf(plane('airbus-a330-300'), 'down', 'light')
    const design = airlineRecords[0].livery
    const tail: LiveryDesign['tail'] = {
      base: '#000000',
      style: 'solid',
      colors: [],
      gradient: { colors: ['#FFFFFF'], direction: 'up' },
    }
    const t = finTexture(model, schemeOf({ ...design, tail }), 8)
    const fr = model.fin
    // the fin's middle chord, near the root and near the tip
    const at = (f: number) => {
      const z = fr.zRoot + f * (fr.zTip - fr.zRoot)
      const x = fr.x0 + (z - fr.zRoot) * fr.tanSweep + 0.3 * fr.tipChord
      const u = Math.round((x - t.u0) * t.su),
        v = Math.round((z - t.v0) * t.sv)
      return t.data[(v * t.w + u) * 4]
    }
    expect(at(0.1)).toBeLessThan(60)
    expect(at(0.9)).toBeGreaterThan(190)
  })
})
