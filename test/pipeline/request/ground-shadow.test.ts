import { describe, expect, test } from 'bun:test'
import { parseImageQuery } from '../../../src/params/image-query'
import { paintGroundShadow } from '../../../src/pipeline/pixels/underlay'
import { defaultRenderer } from '../../../src/pipeline/pixels/renderer'
import { compose } from '../../../src/pipeline/request/compose'
import { composeRequest } from '../../../bench/lib/compose-requests'

const parse = (q: Record<string, string>) => parseImageQuery(q, () => true)

describe('shadow=ground', () => {
  test('is off by default, composes when asked, and any other value is a problem', () => {
    expect(parse({}).options.compose.shadow).toBeUndefined()
    const asked = parse({ shadow: 'ground' })
    expect(asked.options.compose.shadow).toBe('ground')
    expect(asked.options.composeTriggers).toContain('shadow')
    const bad = parse({ shadow: 'sun' })
    expect(bad.problems.map((p) => p.param)).toContain('shadow')
    expect(bad.options.compose.shadow).toBeUndefined()
  })

  test('darkens the background under the aircraft at the ground line, and nothing far from it', async () => {
    const query = {
      plane: 'a320',
      airline: 'lufthansa',
      angle: '45',
      width: '640',
      background: 'ffffff',
    }
    const plain = await compose(defaultRenderer, composeRequest(query, false))
    const shaded = await compose(
      defaultRenderer,
      composeRequest({ ...query, shadow: 'ground' }, false),
    )
    const { width, height } = plain.raster
    const a = plain.raster.pixels,
      b = shaded.raster.pixels
    let darker = 0,
      lighter = 0,
      darkestRow = -1,
      most = 0
    for (let y = 0; y < height; y++) {
      let row = 0
      for (let x = 0; x < width; x++) {
        const o = 4 * (y * width + x)
        if (b[o] < a[o] - 2) {
          darker++
          row++
        }
        if (b[o] > a[o] + 2) lighter++
      }
      if (row > most) {
        most = row
        darkestRow = y
      }
    }
    expect(lighter).toBe(0)
    expect(darker).toBeGreaterThan(2000)
    // the band of shadow lies in the lower half, under the aircraft, not across the canvas
    expect(darkestRow).toBeGreaterThan(height / 2)
    expect(most).toBeLessThan(width * 0.95)
  })

  test('on a transparent canvas it is black at partial alpha', () => {
    const r = { width: 40, height: 20, pixels: new Uint8ClampedArray(40 * 20 * 4) }
    paintGroundShadow(r, { x: 20, y: 10, rx: 15, ry: 5, opacity: 0.4 })
    const centre = 4 * (10 * 40 + 20)
    expect(r.pixels[centre + 3]).toBeGreaterThan(90)
    expect(r.pixels[centre + 3]).toBeLessThan(110)
    expect(r.pixels[centre]).toBe(0)
    expect(r.pixels[3]).toBe(0)
  })
})
