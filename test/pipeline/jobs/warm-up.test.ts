import { beforeEach, describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { buildCatalog } from '../../../src/catalog/load'
import type { RenderSpec } from '../../../src/render'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { paced, quietMoment, rehearsals, warmUp } from '../../../src/pipeline/jobs/warm-up'
import { captureLogs } from '../../../src/log'
import {
  MODEL_CACHE_BYTES,
  limitModelCache,
  modelCacheStats,
} from '../../../src/render/parts/model'
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
  // models are built ahead only into a cache with room: the models earlier test files drew in
  // this process (with their baked light) would leave it none
  beforeEach(() => {
    limitModelCache(0)
    limitModelCache(MODEL_CACHE_BYTES)
  })

  test('is ready at once, then rehearses compositions of airlines from all over the catalog on planes they fly, at card and hd, storing nothing', async () => {
    const { renderer, specs } = countingRenderer()
    const planes = full.planes.filter((p) => ['airbus-a320-200', 'boeing-787-9'].includes(p.slug))
    const airlines = full.airlines
      .map((a) => ({ ...a, fleet: a.fleet.filter((f) => planes.some((p) => p.slug === f)) }))
      .filter((a) => a.fleet.length)
      .slice(0, 12)
    const { parts, store } = await makeApp(
      {},
      { renderer, catalog: buildCatalog({ planes, airlines, specials: [] }) },
    )
    const before = specs.length
    expect(parts.warm.ready).toBe(false)
    const logs = captureLogs()
    const warming = warmUp(parts.pipeline, parts.warm, { duty: 1 })
    expect(parts.warm.ready).toBe(true)
    await warming.finally(logs.restore)
    const rehearsals = specs.slice(before)
    expect(rehearsals.length).toBe(12)
    // every rehearsal an airline's own livery, composed (placed), at card or hd
    expect(rehearsals.every((s) => s.livery !== null && s.placement !== undefined)).toBe(true)
    expect(new Set(rehearsals.map((s) => s.width))).toEqual(new Set([1024, 2048]))
    expect(new Set(rehearsals.map((s) => s.livery)).size).toBe(12)
    expect(new Set(rehearsals.map((s) => s.plane.slug))).toEqual(new Set(planes.map((p) => p.slug)))
    expect(new Set(rehearsals.map((s) => s.angle)).size).toBeGreaterThanOrEqual(10)
    // then both planes' gear-down models in both cuts built ahead, within the model cache's bound
    const done = logs.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'renderer warmed up')
    expect(done.models).toBe(4)
    expect(modelCacheStats().bytes).toBeLessThanOrEqual(MODEL_CACHE_BYTES)
    await parts.writes.settled()
    expect(await store.list('cache/')).toEqual([])
    expect(parts.warm.ready).toBe(true)
  }, 60_000)

  test('stops rehearsing for good once real compositions have begun, and still builds the models ahead', async () => {
    const { renderer, specs } = countingRenderer()
    const planes = full.planes.filter((p) => p.slug === 'airbus-a320-200')
    const airlines = full.airlines
      .map((a) => ({ ...a, fleet: a.fleet.filter((f) => f === 'airbus-a320-200') }))
      .filter((a) => a.fleet.length)
      .slice(0, 8)
    const { parts } = await makeApp(
      {},
      { renderer, catalog: buildCatalog({ planes, airlines, specials: [] }) },
    )
    const before = specs.length
    // a real composition begins during the second rehearsal
    let begun = 0
    const logs = captureLogs()
    await warmUp(parts.pipeline, parts.warm, {
      duty: 1,
      traffic: () => (specs.length - before >= 2 ? ++begun : 0),
    }).finally(logs.restore)
    expect(specs.length - before).toBe(2)
    const done = logs.lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'renderer warmed up')
    expect(done.rehearsals).toBe(2)
    expect(done.rehearsalsCutShortBy).toBe('traffic')
    expect(done.models).toBe(2)
  }, 60_000)

  test('rehearses 64 airlines on the whole catalog, a quarter at hd, over every kind of background', () => {
    const queries = rehearsals(full)
    expect(queries.length).toBe(64)
    expect(new Set(queries.map((q) => q.airline)).size).toBe(64)
    for (const q of queries) expect(full.airline(q.airline)!.fleet).toContain(q.plane)
    const count = (resolution: string) => queries.filter((q) => q.resolution === resolution).length
    expect([count('card'), count('hd')]).toEqual([48, 16])
    const kind = (q: Record<string, string>) =>
      q.backgroundGradient
        ? `gradient ${q.backgroundGradient.split(':')[1]}`
        : q.background
          ? 'colour'
          : 'none'
    expect(new Set(queries.map(kind))).toEqual(
      new Set(['gradient 180', 'gradient 135', 'colour', 'none']),
    )
    expect(new Set(queries.map((q) => q.angle)).size).toBe(10)
  })

  test('a step waits for a quiet moment while the event loop is busy, but no longer than its bound', async () => {
    // the loop blocked 8 ms out of every few: timers never fire on time
    const busy = setInterval(() => {
      const until = performance.now() + 8
      while (performance.now() < until) {}
    }, 1)
    const started = performance.now()
    await quietMoment(150)
    const waited = performance.now() - started
    clearInterval(busy)
    expect(waited).toBeGreaterThanOrEqual(150)
    expect(waited).toBeLessThan(2000)
  })

  test('a step goes at once on an idle event loop', async () => {
    const started = performance.now()
    await quietMoment(5000)
    expect(performance.now() - started).toBeLessThan(5000)
  })

  test('a step rests nine times as long as it worked, so warm-up takes at most a tenth of the time', async () => {
    const started = performance.now()
    const result = await paced(
      () => {
        const until = performance.now() + 30
        while (performance.now() < until) {}
        return 'done'
      },
      0.1,
      0,
    )
    expect(result).toBe('done')
    expect(performance.now() - started).toBeGreaterThanOrEqual(300)
  })
})
