import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { buildCatalog } from '../../../src/catalog/load'
import { fingerprint, openManifest } from '../../../src/pipeline/sources/manifest'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { tempStore } from '../../support/app'

const catalog = loadEmbeddedCatalog()

describe('asset manifest', () => {
  test('keeps its version across restarts while nothing changes', async () => {
    const store = tempStore()
    const fp = await fingerprint(catalog, defaultRenderer)
    const first = await openManifest(store, fp, () => new Date('2026-01-01T00:00:00Z'))
    const again = await openManifest(store, await fingerprint(catalog, defaultRenderer), () => new Date('2026-06-01T00:00:00Z'))
    expect(first.version).toBe('2026-01-01T00:00:00.000Z')
    expect(again).toEqual(first)
  })
  test('changes its fingerprint when the catalog changes', async () => {
    const airlines = catalog.airlines.map((a) => (a.slug === 'klm' ? { ...a, livery: { ...a.livery, engines: '#123456' } } : a))
    const changed = buildCatalog({ planes: catalog.planes, airlines, specials: catalog.specials })
    expect(await fingerprint(changed, defaultRenderer)).not.toBe(await fingerprint(catalog, defaultRenderer))
  })
  test('changes its fingerprint when the renderer draws differently', async () => {
    const shifted: Renderer = {
      measure: defaultRenderer.measure,
      render: async (spec) => {
        const r = await defaultRenderer.render(spec)
        r.canvas.getContext('2d').fillRect(0, 0, 1, 1)
        return r
      },
    }
    expect(await fingerprint(catalog, shifted)).not.toBe(await fingerprint(catalog, defaultRenderer))
  })
  test('records a new version for a new fingerprint, in ISO 8601 UTC', async () => {
    const store = tempStore()
    const a = await openManifest(store, 'aaaa', () => new Date('2026-01-01T00:00:00Z'))
    const b = await openManifest(store, 'bbbb', () => new Date('2026-02-01T00:00:00Z'))
    expect(b.version).not.toBe(a.version)
    expect(b.version).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })
})
