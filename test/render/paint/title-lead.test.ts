import { describe, expect, test } from 'bun:test'
import { createCanvas } from '@napi-rs/canvas'
import wordmarks from '../../../assets/wordmarks.json'
import { hasEmblem } from '../../../src/render/paint/emblems'
import { leadBox } from '../../../src/render/paint/lead'
import { CROWN, drawTitles, titleGeometry } from '../../../src/render/paint/titles'
import { airline, frameOf } from '../lettering/helpers'

const DELTA = airline('delta-air-lines')

/** the titles of one side in side coordinates (X from the nose, Y up), k pixels a metre */
function paintTitles(plane: string, side: 'L' | 'R', k = 40) {
  const f = frameOf(plane, DELTA.slug, side)
  const c = createCanvas(Math.ceil((f.L + 2) * k), Math.ceil(f.H * k))
  const ctx = c.getContext('2d')
  ctx.setTransform(k, 0, 0, -k, k, f.H * k)
  drawTitles(ctx, f)
  const px = ctx.getImageData(0, 0, c.width, c.height).data
  /** light red, dark red and navy pixels between side X a and b, over the title's band */
  const count = (a: number, b: number, y0: number, y1: number) => {
    const n = { light: 0, dark: 0, navy: 0, lightX: 0, darkX: 0 }
    const [ca, cb] = [Math.max(0, Math.floor((a + 1) * k)), Math.min(c.width, (b + 1) * k)]
    for (let y = Math.floor((f.H - y1) * k); y < (f.H - y0) * k; y++)
      for (let x = ca; x < cb; x++) {
        const i = 4 * (y * c.width + x)
        const [r, g, bl, al] = [px[i], px[i + 1], px[i + 2], px[i + 3]]
        if (al < 200) continue
        if (r > 170 && g < 60 && bl < 80) n.light++, (n.lightX += x)
        else if (r > 100 && r <= 170 && g < 70 && bl < 90) n.dark++, (n.darkX += x)
        else if (r < 40 && bl > 80) n.navy++
      }
    return n
  }
  return { f, count }
}

describe("Delta's widget before DELTA", () => {
  test.each(DELTA.fleet)(
    '%s: red widget just before the D in reading order, both sides',
    (plane) => {
      for (const side of ['L', 'R'] as const) {
        const { f, count } = paintTitles(plane, side)
        const g = titleGeometry(f)
        if (!g) throw new Error('no titles')
        const tall = (g.l.y1 - g.l.y0) * g.scale
        const y0 = g.base + g.l.y0 * g.scale
        const y1 = y0 + 1.2 * tall
        // reading order runs aft on the left side (nose on the reader's left), forward on the right
        const first = side === 'L' ? g.fwd : g.fwd + g.length
        const last = side === 'L' ? g.fwd + g.length : g.fwd
        const s = side === 'L' ? -1 : 1
        const before = count(
          Math.min(first, first + s * 2 * tall),
          Math.max(first, first + s * 2 * tall),
          y0,
          y1,
        )
        const after = count(
          Math.min(last, last - s * 2 * tall),
          Math.max(last, last - s * 2 * tall),
          y0,
          y1,
        )
        const where = { plane, side }
        expect({ ...where, red: before.light + before.dark > 0.15 * (tall * 40) ** 2 }).toEqual({
          ...where,
          red: true,
        })
        expect({ ...where, red: after.light + after.dark }).toEqual({ ...where, red: 0 })
        // never mirrored: the lit face is on the reader's left on both sides (side X runs the other way on the right)
        const litLeft = before.lightX / before.light < before.darkX / before.dark
        expect({ ...where, litLeft: side === 'L' ? litLeft : !litLeft }).toEqual({
          ...where,
          litLeft: true,
        })
        // sized to the letters and within the crown limit
        const box = leadBox(g, side === 'L' ? 1 : -1)
        if (!box) throw new Error('no widget')
        expect(box.y1 - box.y0).toBeGreaterThan(0.85 * tall)
        expect(box.y1).toBeLessThanOrEqual(CROWN * f.H + 1e-9)
        expect(Math.abs(box.y0 - y0)).toBeLessThan(1e-9)
        // clear of the first door
        const door = f.model.shape.doors[0] * f.L
        const half = f.H > 5 ? 0.535 : 0.41
        expect({ ...where, clear: box.x0 > door + half || box.x1 < door - half }).toEqual({
          ...where,
          clear: true,
        })
      }
    },
  )

  test('every leading emblem is a shape of the vocabulary', () => {
    const leads = Object.entries(wordmarks as Record<string, { lead?: { shape: string } }>)
      .filter(([, w]) => w.lead)
      .map(([slug, w]) => ({ slug, known: hasEmblem(w.lead?.shape ?? '') }))
    expect(leads).toContainEqual({ slug: DELTA.slug, known: true })
    expect(leads.filter((l) => !l.known)).toEqual([])
  })

  test('a wordmark without a leading emblem paints no red beside its title', () => {
    const f = frameOf('boeing-787-9', 'united-airlines', 'L')
    const g = titleGeometry(f)
    expect(g?.r.lead).toBeUndefined()
    if (g) expect(leadBox(g, 1)).toBeNull()
  })
})
