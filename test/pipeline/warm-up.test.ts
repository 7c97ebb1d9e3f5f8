import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { defaultRenderer, type Renderer } from '../../src/pipeline/renderer'
import { warmUp } from '../../src/pipeline/warm-up'
import { buildCatalog } from '../../src/catalog/load'

describe('renderer warm-up', () => {
  test('draws every angle and gear of every model once, yielding between them', async () => {
    const full = loadEmbeddedCatalog()
    const catalog = buildCatalog({ planes: full.planes.slice(0, 2), airlines: [], specials: [] })
    const seen = new Set<string>()
    let yielded = 0
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (spec) => {
        seen.add(`${spec.plane.slug}/${spec.angle}/${spec.gear}`)
        return defaultRenderer.render(spec)
      },
    }
    const ticker = setInterval(() => yielded++, 0)
    await warmUp(renderer, catalog)
    clearInterval(ticker)
    expect(seen.size).toBe(2 * 10 * 2)
    expect(yielded).toBeGreaterThan(0)
  })
})
