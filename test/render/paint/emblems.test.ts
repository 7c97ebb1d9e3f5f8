import { createCanvas } from '@napi-rs/canvas'
import { describe, expect, test } from 'bun:test'
import airlinesJson from '../../../assets/airlines.json'
import specialsJson from '../../../assets/special-liveries.json'
import type { Airline, LiveryDesign } from '../../../src/catalog/types'
import { drawEmblem, emblemNames, hasEmblem } from '../../../src/render/paint/emblems'

const designs: [string, LiveryDesign][] = [
  ...(airlinesJson as unknown as Airline[]).map((a) => [a.slug, a.livery] as [string, LiveryDesign]),
  ...(specialsJson as unknown as { airline: string; liveryType: string; design: LiveryDesign }[]).map((s) => [`${s.airline}/${s.liveryType}`, s.design] as [string, LiveryDesign]),
]

/** share of a 100 x 100 canvas the emblem covers, with each layer in its own colour */
function coverage(name: string): number {
  const c = createCanvas(100, 100)
  const ctx = c.getContext('2d')
  drawEmblem(ctx, name, ['#ff0000', '#00ff00', '#0000ff', '#ffff00', '#00ffff', '#ff00ff'])
  const d = ctx.getImageData(0, 0, 100, 100).data
  let n = 0
  for (let i = 3; i < d.length; i += 4) if (d[i] > 128) n++
  return n / 10000
}

describe('emblems', () => {
  test('every emblem a livery names is in the vocabulary', () => {
    const missing = designs.flatMap(([who, d]) =>
      [...(d.tail.emblems ?? []), ...(d.marks ?? [])].filter((e) => !hasEmblem(e.shape)).map((e) => `${who}: ${e.shape}`),
    )
    expect(missing).toEqual([])
  })

  test('every emblem draws a visible shape inside its box', () => {
    const faint = emblemNames().filter((n) => coverage(n) < 0.04)
    expect(faint).toEqual([])
  })

  test('an unknown emblem draws nothing', () => {
    expect(coverage('no-such-emblem')).toBe(0)
  })

  test('a layer without its own colour takes the last one given', () => {
    const c = createCanvas(100, 100)
    const ctx = c.getContext('2d')
    drawEmblem(ctx, 'maple-rondelle', ['#00ff00'])
    const d = ctx.getImageData(50, 50, 1, 1).data // the leaf, layer 1
    expect([d[0], d[1], d[2]]).toEqual([0, 255, 0])
  })
})
