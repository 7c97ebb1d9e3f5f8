/**
 * The Chinese and Thai second lines are lettered by our own skeletons, not set in a font: every
 * character the catalog uses has a glyph, each glyph inks its own box, no two characters are
 * drawn alike, Thai marks sit over their letter, and the titles never fall back to fillText.
 */
import { describe, expect, test } from 'bun:test'
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import wordmarks from '../../../assets/wordmarks.json'
import { drawLettering } from '../../../src/render/lettering/draw'
import { glyphOf, missingGlyphs } from '../../../src/render/lettering/glyphs'
import { HAN } from '../../../src/render/lettering/glyphs-han'
import { THAI } from '../../../src/render/lettering/glyphs-thai'
import { layOut } from '../../../src/render/lettering/layout'
import { styleOf } from '../../../src/render/lettering/style'
import { drawTitles } from '../../../src/render/paint/titles'
import { AIRLINES, frameOf } from './helpers'

const isHan = (c: string) => /\p{Script=Han}/u.test(c)
const isThai = (c: string) => /\p{Script=Thai}/u.test(c)

const SECONDS = [
  ...AIRLINES.map((a) => a.livery.titles.second?.text ?? ''),
  ...Object.values(wordmarks as Record<string, { second?: { text?: string } }>).map(
    (w) => w.second?.text ?? '',
  ),
]
const USED = [...new Set(SECONDS.join(''))].filter((c) => isHan(c) || isThai(c))

/** the x and y range of a glyph's skeleton */
function extent(ch: string) {
  const g = glyphOf(ch)
  if (!g) throw new Error(`no glyph for ${ch}`)
  const xs = g.s.flatMap((s) => s.filter((_, i) => i % 2 === 0))
  const ys = g.s.flatMap((s) => s.filter((_, i) => i % 2 === 1))
  return {
    w: g.w,
    x0: Math.min(...xs),
    x1: Math.max(...xs),
    y0: Math.min(...ys),
    y1: Math.max(...ys),
  }
}

/** a character drawn alone on a small canvas: its alpha mask */
function mask(ch: string): Uint8Array {
  const c = createCanvas(40, 40)
  const ctx = c.getContext('2d')
  ctx.setTransform(1, 0, 0, -1, 0, 40)
  drawLettering(ctx, layOut(ch, styleOf({ weight: 7 })), ['#000'], {
    x: 0,
    y: 4,
    scale: 0.32,
    dir: 1,
  })
  const d = ctx.getImageData(0, 0, 40, 40).data
  return Uint8Array.from({ length: 1600 }, (_, i) => (d[4 * i + 3] > 127 ? 1 : 0))
}

describe('Han and Thai second lines', () => {
  test('the catalog uses Han and Thai, and every such character has a glyph of ours', () => {
    expect(USED.filter(isHan).length).toBeGreaterThanOrEqual(71)
    expect(USED.filter(isThai).length).toBeGreaterThanOrEqual(9)
    expect(SECONDS.flatMap((t) => missingGlyphs(t)).filter((c) => isHan(c) || isThai(c))).toEqual(
      [],
    )
  })

  test('each Han glyph fills its square box and no more', () => {
    for (const ch of Object.keys(HAN)) {
      const e = extent(ch)
      expect({
        ch,
        ok: e.w === 100 && e.x0 >= -4 && e.x1 <= 104 && e.y0 >= -4 && e.y1 <= 100,
      }).toEqual({ ch, ok: true })
      // a real character spans most of its box both ways
      expect({ ch, wide: e.x1 - e.x0 > 60, tall: e.y1 - e.y0 > 60 }).toEqual({
        ch,
        wide: true,
        tall: true,
      })
    }
  })

  test('each Thai letter stands in its own advance, each mark above the line over the letter before', () => {
    for (const ch of Object.keys(THAI)) {
      const e = extent(ch)
      if (e.w > 0)
        expect({ ch, ok: e.x0 >= -2 && e.x1 <= e.w + 2 && e.y0 >= -2 }).toEqual({ ch, ok: true })
      else expect({ ch, above: e.y0 > 80, back: e.x1 < 0 }).toEqual({ ch, above: true, back: true })
    }
    // the sara i over bo baimai: its ink centred within the letter's, the next letter not pushed on
    const s = styleOf({ preset: 'geometric', weight: 14, tracking: 8 })
    const xs = (ink: { pts: number[] }) => ink.pts.filter((_, i) => i % 2 === 0)
    const bi = layOut('บิ', s).ink
    const letter = bi.slice(0, THAI.บ.s.length).flatMap(xs)
    const mark = xs(bi[bi.length - 1])
    const mid = (Math.min(...mark) + Math.max(...mark)) / 2
    expect(mid).toBeGreaterThan(Math.min(...letter) + 10)
    expect(mid).toBeLessThan(Math.max(...letter) - 10)
    const wide = (t: string) => layOut(t, s).x1
    expect(Math.abs(wide('บิน') - wide('บน'))).toBeLessThan(12)
  })

  test('no two Han characters are drawn alike', () => {
    const chars = Object.keys(HAN)
    const masks = chars.map(mask)
    for (let i = 0; i < chars.length; i++) {
      expect(masks[i].reduce((a, b) => a + b, 0)).toBeGreaterThan(60)
      for (let j = i + 1; j < chars.length; j++) {
        let diff = 0
        for (let k = 0; k < 1600; k++) diff += masks[i][k] ^ masks[j][k]
        expect({ pair: chars[i] + chars[j], distinct: diff > 40 }).toEqual({
          pair: chars[i] + chars[j],
          distinct: true,
        })
      }
    }
  })

  test.each(['cathay-pacific', 'air-china', 'thai-airways'])(
    '%s: the second line is lettered on both sides, never set with fillText',
    (slug) => {
      for (const side of ['L', 'R'] as const) {
        const c = createCanvas(400, 100)
        const ctx = c.getContext('2d')
        let texts = 0
        const spy = new Proxy(ctx, {
          get(t, k) {
            if (k === 'fillText') return () => texts++
            const v = Reflect.get(t, k, t)
            return typeof v === 'function' ? v.bind(t) : v
          },
          set: (t, k, v) => Reflect.set(t, k, v, t),
        }) as SKRSContext2D
        const span = drawTitles(spy, frameOf('boeing-787-9', slug, side))
        expect(span).not.toBeNull()
        expect(texts).toBe(0)
      }
    },
  )
})
