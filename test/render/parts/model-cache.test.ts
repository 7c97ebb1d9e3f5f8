import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { GEARS } from '../../../src/catalog/types'
import { render } from '../../../src/render'
import {
  MODEL_CACHE_BYTES,
  derived,
  limitModelCache,
  modelCacheStats,
  modelOf,
  shared,
} from '../../../src/render/parts/model'

const catalog = loadEmbeddedCatalog()
const a320 = catalog.plane('airbus-a320-200')!

describe('model cache', () => {
  test('hands back the same model while it is cached, its arrays in shared memory', () => {
    const m = modelOf(a320, 'down', 'light')
    expect(modelOf(a320, 'down', 'light')).toBe(m)
    for (const a of Object.values(m.mesh)) expect(a.buffer).toBeInstanceOf(SharedArrayBuffer)
  })

  test('holds no more than its byte bound over every model of the catalogue, derived data included', () => {
    let peak = 0
    for (const plane of catalog.planes)
      for (const gear of GEARS)
        for (const detail of ['light', 'full'] as const) {
          const m = modelOf(plane, gear, detail)
          derived(m, 'test', () => ({ copy: shared(m.mesh.idx) }))
          peak = Math.max(peak, modelCacheStats().bytes)
        }
    expect(peak).toBeLessThanOrEqual(MODEL_CACHE_BYTES)
    expect(modelCacheStats().models).toBeLessThan(catalog.planes.length * 4)
    expect(modelCacheStats().models).toBeGreaterThan(8)
  }, 60_000)

  test('a thread given a smaller bound (a render thread) evicts down to it at once and stays within it', () => {
    const small = 8 * 1024 * 1024
    try {
      for (const plane of catalog.planes.slice(0, 6)) modelOf(plane, 'down', 'light')
      limitModelCache(small)
      expect(modelCacheStats().bytes).toBeLessThanOrEqual(small)
      for (const plane of catalog.planes.slice(6, 16)) {
        modelOf(plane, 'down', 'full')
        expect(modelCacheStats().bytes).toBeLessThanOrEqual(small)
      }
    } finally {
      limitModelCache(MODEL_CACHE_BYTES)
    }
  }, 60_000)

  test('an evicted model is built again alike, and draws the same pixels', () => {
    const first = render({
      plane: a320,
      livery: null,
      angle: '45',
      gear: 'up',
      width: 320,
      height: 180,
      marginPx: 8,
    }).pixels.slice()
    const before = modelOf(a320, 'up', 'light')
    for (const plane of catalog.planes)
      for (const gear of GEARS)
        for (const detail of ['light', 'full'] as const)
          if (plane !== a320 || gear !== 'up' || detail !== 'light') {
            const m = modelOf(plane, gear, detail)
            derived(m, 'pressure', () => ({ copy: shared(m.mesh.pos) })) // twice the bytes: more than the bound holds
          }
    const after = modelOf(a320, 'up', 'light')
    expect(after === before).toBe(false)
    expect(
      Buffer.compare(Buffer.from(after.mesh.pos.buffer), Buffer.from(before.mesh.pos.buffer)),
    ).toBe(0)
    const again = render({
      plane: a320,
      livery: null,
      angle: '45',
      gear: 'up',
      width: 320,
      height: 180,
      marginPx: 8,
    }).pixels
    expect(Buffer.compare(Buffer.from(again), Buffer.from(first))).toBe(0)
  }, 60_000)
})
