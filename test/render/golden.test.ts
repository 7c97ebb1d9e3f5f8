import { describe, expect, test } from 'bun:test'
import { Transformer } from '@napi-rs/image'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { render } from '../../src/render'
import { GOLDEN_CASES, GOLDEN_SIZE, renderCase } from './golden/cases'
import { compare } from './helpers'

const catalog = loadEmbeddedCatalog()

describe('golden renders (compared with a tolerance, never re-blessed to pass)', () => {
  for (const c of GOLDEN_CASES)
    test(`${c.name} still looks the same`, async () => {
      const golden = await new Transformer(
        await Bun.file(`${import.meta.dir}/golden/${c.name}.png`).bytes(),
      ).rawPixels()
      const pixels = renderCase(catalog, c)
      expect(golden.length).toBe(pixels.length)
      const { mean, offShare } = compare(golden, pixels)
      // font hinting and float rounding may move a few edge pixels between machines; a changed
      // shape, colour or part moves far more than this
      expect(mean).toBeLessThan(1.5)
      expect(offShare).toBeLessThan(0.01)
    })
  test('would notice a changed livery', async () => {
    const c = GOLDEN_CASES[0]
    const golden = await new Transformer(
      await Bun.file(`${import.meta.dir}/golden/${c.name}.png`).bytes(),
    ).rawPixels()
    const livery = { ...catalog.airline(c.airline!)!.livery, fuselage: '#C0C0C0' }
    const { pixels } = render({
      plane: catalog.plane(c.plane)!,
      livery,
      angle: c.angle,
      gear: c.gear,
      ...GOLDEN_SIZE,
    })
    const { offShare } = compare(golden, pixels)
    expect(offShare).toBeGreaterThan(0.01)
  })
})
