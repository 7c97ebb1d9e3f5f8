import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { buildCatalog } from '../../../src/catalog/load'
import { fingerprint, openManifest, watchManifest } from '../../../src/pipeline/sources/manifest'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { threadedRenderer } from '../../../src/pipeline/threads/render-threads'
import { tempStore } from '../../support/app'
import { S3Store } from '../../../src/store/s3'
import { guardStore } from '../../../src/store/guarded'
import { faultyStore } from '../../store/faulty'
import { startBucket } from '../../deploy/support/s3rver'

const catalog = loadEmbeddedCatalog()

describe('asset manifest', () => {
  test('keeps its version across restarts while nothing changes', async () => {
    const store = tempStore()
    const fp = await fingerprint(catalog, defaultRenderer)
    const first = await openManifest(store, fp, () => new Date('2026-01-01T00:00:00Z'))
    const again = await openManifest(
      store,
      await fingerprint(catalog, defaultRenderer),
      () => new Date('2026-06-01T00:00:00Z'),
    )
    expect(first.version).toBe('2026-01-01T00:00:00.000Z')
    expect(again).toEqual(first)
  })
  test('changes its fingerprint when the catalog changes', async () => {
    const airlines = catalog.airlines.map((a) =>
      a.slug === 'klm' ? { ...a, livery: { ...a.livery, engines: '#123456' } } : a,
    )
    const changed = buildCatalog({ planes: catalog.planes, airlines, specials: catalog.specials })
    expect(await fingerprint(changed, defaultRenderer)).not.toBe(
      await fingerprint(catalog, defaultRenderer),
    )
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
    expect(await fingerprint(catalog, shifted)).not.toBe(
      await fingerprint(catalog, defaultRenderer),
    )
  })
  test('is the same whether its probes are drawn on render threads or on the starting thread', async () => {
    // the service draws them on the starting thread so that no render thread starts cold before it listens
    const threads = threadedRenderer(2)
    try {
      expect(await fingerprint(catalog, threads)).toBe(await fingerprint(catalog, defaultRenderer))
    } finally {
      threads.close()
    }
  })
  test('records a new version for a new fingerprint, in ISO 8601 UTC', async () => {
    const store = tempStore()
    const a = await openManifest(store, 'aaaa', () => new Date('2026-01-01T00:00:00Z'))
    const b = await openManifest(store, 'bbbb', () => new Date('2026-02-01T00:00:00Z'))
    expect(b.version).not.toBe(a.version)
    expect(b.version).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  })
})

describe('agreed manifest', () => {
  const at = (iso: string) => () => new Date(iso)

  test('instances opening an empty store at once all adopt the one record created', async () => {
    const store = tempStore()
    const opened = await Promise.all(
      ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04'].map((d) =>
        openManifest(store, 'ffff', at(`${d}T00:00:00Z`)),
      ),
    )
    expect(new Set(opened.map((m) => m.version)).size).toBe(1)
    expect(
      JSON.parse(new TextDecoder().decode((await store.get('manifests/ffff.json'))!)).version,
    ).toBe(opened[0].version)
  })

  test('a folder store creates a record only once', async () => {
    const store = tempStore()
    const bytes = new TextEncoder().encode('{"a":1}')
    expect(await store.createIfAbsent('manifests/x.json', bytes)).toBe(true)
    expect(
      await store.createIfAbsent('manifests/x.json', new TextEncoder().encode('{"a":2}')),
    ).toBe(false)
    expect(new TextDecoder().decode((await store.get('manifests/x.json'))!)).toBe('{"a":1}')
    expect(await store.list('manifests/')).toEqual(['manifests/x.json']) // no temp file left behind
  })

  test('on a store without the condition (last writer wins) the watch adopts what the store holds', async () => {
    const inner = tempStore()
    // a backend with no createIfAbsent: plain put, the last write wins
    const store = {
      ...inner,
      kind: inner.kind,
      description: inner.description,
      get: inner.get.bind(inner),
      put: inner.put.bind(inner),
      createIfAbsent: undefined,
    }
    const early = await openManifest(store as never, 'eeee', at('2026-01-01T00:00:00Z'))
    // another instance that read before the first write landed overwrites it
    await inner.put(
      'manifests/eeee.json',
      new TextEncoder().encode(
        JSON.stringify({ version: '2026-01-02T00:00:00.000Z', fingerprint: 'eeee' }),
      ),
    )
    const watch = watchManifest(inner, early, 0)
    const seen: string[] = []
    watch.onChange((m) => seen.push(m.version))
    await watch.check()
    expect(early.version).toBe('2026-01-02T00:00:00.000Z')
    expect(seen).toEqual(['2026-01-02T00:00:00.000Z'])
    await watch.check() // nothing new: no second change
    expect(seen.length).toBe(1)
  })

  test('a store that does not answer leaves the version as it is', async () => {
    const { store, state } = faultyStore()
    const guarded = guardStore(store, { timeoutMs: 100 })
    const manifest = await openManifest(guarded, 'dddd', at('2026-01-01T00:00:00Z'))
    state.frozen = true
    const watch = watchManifest(guarded, manifest, 0)
    const started = performance.now()
    await watch.check()
    expect(performance.now() - started).toBeLessThan(1000)
    expect(manifest.version).toBe('2026-01-01T00:00:00.000Z')
    guarded.close()
  })

  test('on S3 the record is created with If-None-Match and every instance adopts what the bucket holds', async () => {
    const bucket = await startBucket('manifest-test')
    try {
      const stores = [0, 1, 2].map(() => new S3Store(`s3://${bucket.name}/m`, bucket.env))
      const opened = await Promise.all(
        stores.map((s, i) => openManifest(s, 'cccc', at(`2026-01-0${i + 1}T00:00:00Z`))),
      )
      // s3rver ignores If-None-Match (last writer wins); the read-back and the watch settle it
      for (const [i, m] of opened.entries()) await watchManifest(stores[i], m, 0).check()
      expect(new Set(opened.map((m) => m.version)).size).toBe(1)
    } finally {
      await bucket.close()
    }
  })
})
