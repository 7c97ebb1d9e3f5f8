import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { buildCatalog } from '../../../src/catalog/load'
import type { RenderSpec } from '../../../src/render'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { warmUp } from '../../../src/pipeline/jobs/warm-up'
import { makeApp } from '../../support/app'

const full = loadEmbeddedCatalog()

function countingRenderer() {
  const specs: RenderSpec[] = []
  const renderer: Renderer = {
    measure: defaultRenderer.measure,
    render: (spec) => {
      specs.push(spec)
      return defaultRenderer.render(spec)
    },
  }
  return { renderer, specs }
}

describe('renderer warm-up', () => {
  test('draws every angle and gear of every model once in each cut, yielding between them', async () => {
    const catalog = buildCatalog({ planes: full.planes.slice(0, 2), airlines: [], specials: [] })
    const { renderer, specs } = countingRenderer()
    let yielded = 0
    const ticker = setInterval(() => yielded++, 0)
    const state = { ready: false }
    await warmUp({ renderer, catalog }, state)
    clearInterval(ticker)
    expect(new Set(specs.map((s) => `${s.plane.slug}/${s.angle}/${s.gear}/${s.detail}`)).size).toBe(2 * 10 * 2 * 2)
    expect(specs.length).toBe(2 * 10 * 2 * 2)
    expect(yielded).toBeGreaterThan(0)
    expect(state.ready).toBe(true)
  })

  test('then rehearses card compositions of airlines\' own aircraft through the request steps, storing nothing', async () => {
    const { renderer, specs } = countingRenderer()
    const planes = full.planes.filter((p) => ['airbus-a320-200', 'boeing-787-9'].includes(p.slug))
    const airlines = full.airlines
      .map((a) => ({ ...a, fleet: a.fleet.filter((f) => planes.some((p) => p.slug === f)) }))
      .filter((a) => a.fleet.length)
      .slice(0, 12)
    const { parts, store } = await makeApp({}, { renderer, catalog: buildCatalog({ planes, airlines, specials: [] }) })
    const before = specs.length
    await warmUp(parts.pipeline, parts.warm)
    const rehearsals = specs.slice(before).filter((s) => s.livery !== null && s.width === 1024)
    expect(rehearsals.length).toBeGreaterThanOrEqual(8)
    expect(rehearsals.every((s) => s.placement !== undefined && s.height === 576)).toBe(true)
    await parts.writes.settled()
    expect(await store.list('cache/')).toEqual([])
    expect(parts.warm.ready).toBe(true)
  }, 60_000)
})
