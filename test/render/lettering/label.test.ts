/**
 * Sheet labels and the watermark, lettered without a font (label.ts), and the fin's and cowls'
 * letters in the airline's wordmark style or their own preset (part-letters.ts).
 */
import { describe, expect, test } from 'bun:test'
import { createCanvas } from '@napi-rs/canvas'
import { drawLabel, labelWidth } from '../../../src/render/lettering/label'
import { partLettering } from '../../../src/render/lettering/part-letters'
import { airline } from './helpers'

/** columns and rows of the red ink on a 300 x 60 white canvas */
function inkOf(draw: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void) {
  const c = createCanvas(300, 60)
  const ctx = c.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, 300, 60)
  draw(ctx)
  const d = ctx.getImageData(0, 0, 300, 60).data
  let n = 0,
    x0 = 300,
    x1 = -1,
    y0 = 60,
    y1 = -1
  for (let i = 0; i < d.length; i += 4) {
    if (d[i] < 200 || d[i + 1] > 150) continue
    const x = (i / 4) % 300,
      y = Math.floor(i / 4 / 300)
    n++
    x0 = Math.min(x0, x)
    x1 = Math.max(x1, x)
    y0 = Math.min(y0, y)
    y1 = Math.max(y1, y)
  }
  return { n, x0, x1, y0, y1 }
}

describe('labels', () => {
  test('a label sits on its baseline from x, as wide as it says, its capitals as tall as a font', () => {
    let w = 0
    const ink = inkOf((ctx) => (w = drawLabel(ctx, 'HELLO (90)', 20, 40, 20, '#ff0000')))
    expect(ink.n).toBeGreaterThan(150)
    expect(Math.abs(ink.x0 - 20)).toBeLessThanOrEqual(2)
    expect(Math.abs(ink.x1 - (20 + w))).toBeLessThanOrEqual(2)
    expect(ink.y1).toBeLessThanOrEqual(41)
    // the brackets reach below the baseline; the capitals stand about 0.73 of the size
    expect(ink.y0).toBeGreaterThanOrEqual(40 - 20 * 0.73 - 4)
    expect(ink.y0).toBeLessThanOrEqual(40 - 20 * 0.73 + 2)
  })

  test('right-aligned text ends at x; bold is heavier and wider', () => {
    const right = inkOf((ctx) =>
      drawLabel(ctx, 'scale=fleet', 280, 40, 15, '#ff0000', { align: 'right' }),
    )
    expect(Math.abs(right.x1 - 280)).toBeLessThanOrEqual(2)
    const regular = inkOf((ctx) => drawLabel(ctx, 'Preview', 10, 40, 18, '#ff0000'))
    const bold = inkOf((ctx) => drawLabel(ctx, 'Preview', 10, 40, 18, '#ff0000', { bold: true }))
    expect(bold.n).toBeGreaterThan(1.3 * regular.n)
    expect(labelWidth('Preview', 18, true)).toBeGreaterThan(labelWidth('Preview', 18))
  })

  test('a halo outlines the letters in its own colour', () => {
    const halo = { colour: '#0000ff', width: 2 }
    const c = createCanvas(200, 60)
    const ctx = c.getContext('2d')
    drawLabel(ctx, 'NO KEY', 10, 30, 24, '#ff0000', { halo, baseline: 'middle' })
    const d = ctx.getImageData(0, 0, 200, 60).data
    let blue = 0
    for (let i = 0; i < d.length; i += 4) if (d[i + 2] > 200 && d[i] < 60) blue++
    expect(blue).toBeGreaterThan(100)
  })
})

describe('letters on the fin and the cowls', () => {
  test('repeating the titles, they take the wordmark style, without its ornaments', () => {
    const klm = airline('klm').livery
    const l = partLettering(klm.tail.text!, klm.titles)
    expect(l.style.terminals).toBe('round')
    expect(l.style.weight).toBe(16)
    // KLM's own L carries the crown over the word: the fin has its crown as an emblem
    expect(l.y1).toBeLessThan(110)
    const wizz = airline('wizz-air').livery
    expect(partLettering(wizz.engineTitles!, wizz.titles).style.geometric).toBe(true)
  })

  test('other letters take the preset their own fields name, set as written', () => {
    const sas = airline('scandinavian-airlines').livery
    const l = partLettering(sas.tail.text!, sas.titles)
    expect(l.style.serif).toBe('sans')
    expect(l.style.weight).toBe(18)
    const rb = airline('royal-brunei-airlines').livery
    expect(partLettering(rb.tail.text!, rb.titles).style.serif).toBe('serif')
    expect(partLettering({ text: 'Ab' }, sas.titles).style.case).toBe('as-is')
  })
})
