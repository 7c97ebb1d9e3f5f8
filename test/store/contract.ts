/**
 * The one behaviour suite every AssetStore backend must pass. Each backend's
 * test file calls `storeContract` with a factory that makes a fresh, empty
 * store, plus a way to write bytes behind the store's back (to plant the kind
 * of damage a crash or another tool could leave).
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { captureLogs } from '../../src/log'
import type { AssetStore } from '../../src/store/types'
import { KEY, flipped, flippedIdat, jpeg, json, png, truncatedPng, webp } from './fixtures'

export interface StoreFixture {
  store: AssetStore
  /** Writes bytes at `key` directly, bypassing the store's checks. */
  writeRaw(key: string, bytes: Uint8Array): Promise<void>
  cleanup?(): Promise<void>
}

export const INVALID_KEYS = [
  '../escape.png',
  'a/../../escape.png',
  '/etc/passwd',
  'a\\b.png',
  'a//b.png',
  '',
  'a/',
  './a.png',
  'a/.hidden.png',
  'nul\u0000.png',
]

const same = (a: Uint8Array | null, b: Uint8Array) =>
  a !== null && Buffer.from(a).equals(Buffer.from(b))

/** Runs `fn` with log lines captured; returns the parsed warn records. */
async function warningsDuring(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const capture = captureLogs()
  try {
    await fn()
  } finally {
    capture.restore()
  }
  return capture.lines.map((l) => JSON.parse(l)).filter((r) => r.level === 'warn')
}

export function storeContract(name: string, makeFixture: () => Promise<StoreFixture>): void {
  describe(`${name} store contract`, () => {
    let fx: StoreFixture
    let store: AssetStore
    beforeEach(async () => {
      fx = await makeFixture()
      store = fx.store
    })
    afterEach(async () => {
      await fx.cleanup?.()
    })

    test('returns identical bytes after a put, for every asset type', async () => {
      const assets: [string, Uint8Array][] = [
        [KEY, png(1)],
        ['cache/0123abcd.jpg', jpeg(2)],
        ['cache/4567ef01.webp', webp(3)],
        ['manifest.json', json({ planes: 3 })],
      ]
      for (const [key, bytes] of assets) await store.put(key, bytes)
      for (const [key, bytes] of assets) expect(same(await store.get(key), bytes)).toBe(true)
    })

    test('returns null for a key that was never stored', async () => {
      expect(await store.get('cache/missing.png')).toBeNull()
      expect(await store.get('no/such/folder/at/all.png')).toBeNull()
    })

    test('has() is true for stored keys only', async () => {
      await store.put(KEY, png())
      expect(await store.has(KEY)).toBe(true)
      expect(await store.has('cache/missing.png')).toBe(false)
    })

    test('lists keys under a prefix, sorted, excluding other prefixes', async () => {
      const keys = [
        'liveries/b/2.png',
        'liveries/a/1.png',
        'liveries/a/0.png',
        'liveries-old/x.png',
        'cache/h.png',
        'manifest.json',
      ]
      for (const key of keys) await store.put(key, key.endsWith('.json') ? json([]) : png())
      expect(await store.list('liveries/')).toEqual([
        'liveries/a/0.png',
        'liveries/a/1.png',
        'liveries/b/2.png',
      ])
      expect(await store.list('liveries/a/')).toEqual(['liveries/a/0.png', 'liveries/a/1.png'])
      // A prefix need not end at a folder boundary, as with S3.
      expect(await store.list('liveries')).toEqual([
        'liveries-old/x.png',
        'liveries/a/0.png',
        'liveries/a/1.png',
        'liveries/b/2.png',
      ])
      expect(await store.list('')).toEqual([...keys].sort())
    })

    test('inventories keys under a prefix with their sizes and write times', async () => {
      const before = Date.now() - 2000 // file systems and S3 keep coarse times
      const a = png(1)
      const b = json({ n: 1 })
      await store.put('composed/a.png', a)
      await store.put('composed/b.json', b)
      await store.put('other/c.png', png(2))
      const objects = await store.inventory('composed/')
      expect(objects.map((o) => [o.key, o.size])).toEqual([
        ['composed/a.png', a.byteLength],
        ['composed/b.json', b.byteLength],
      ])
      for (const o of objects) expect(o.modifiedAt).toBeGreaterThanOrEqual(before)
    })

    test('lists nothing for a prefix with no keys', async () => {
      expect(await store.list('liveries/')).toEqual([])
      await store.put('cache/h.png', png())
      expect(await store.list('liveries/')).toEqual([])
    })

    test('an overwrite replaces the value', async () => {
      await store.put(KEY, png(1))
      await store.put(KEY, png(2))
      expect(same(await store.get(KEY), png(2))).toBe(true)
      expect(await store.list('liveries/')).toEqual([KEY])
    })

    test('delete removes the key, and deleting a missing key is not an error', async () => {
      await store.put(KEY, png())
      await store.delete(KEY)
      expect(await store.get(KEY)).toBeNull()
      expect(await store.has(KEY)).toBe(false)
      expect(await store.list('')).toEqual([])
      await store.delete(KEY)
    })

    test('rejects keys that could escape the root, on every operation', async () => {
      for (const key of INVALID_KEYS) {
        await expect(store.get(key)).rejects.toThrow(/^invalid store key/)
        await expect(store.put(key, png())).rejects.toThrow(/^invalid store key/)
        await expect(store.has(key)).rejects.toThrow(/^invalid store key/)
        await expect(store.delete(key)).rejects.toThrow(/^invalid store key/)
      }
      await expect(store.list('../')).rejects.toThrow(/^invalid store key/)
      await expect(store.list('/etc/')).rejects.toThrow(/^invalid store key/)
    })

    test('reads a truncated png as a miss and logs it', async () => {
      await fx.writeRaw(KEY, truncatedPng())
      const warnings = await warningsDuring(async () => {
        expect(await store.get(KEY)).toBeNull()
        expect(await store.has(KEY)).toBe(false)
      })
      expect(warnings.some((w) => w.key === KEY && String(w.problem).includes('IEND'))).toBe(true)
    })

    test('reads a png with bytes flipped inside IDAT as a miss and logs the failing CRC', async () => {
      await fx.writeRaw(KEY, flippedIdat(png(7), 4))
      const warnings = await warningsDuring(async () => expect(await store.get(KEY)).toBeNull())
      expect(
        warnings.some(
          (w) =>
            w.key === KEY &&
            String(w.problem).includes('IDAT chunk') &&
            String(w.problem).includes('CRC'),
        ),
      ).toBe(true)
    })

    test('reads a jpeg or webp whose bytes changed behind its back as a miss and logs the checksum mismatch', async () => {
      for (const [key, bytes] of [
        ['cache/a.jpg', jpeg(4)],
        ['cache/b.webp', webp(5)],
      ] as const) {
        await store.put(key, bytes)
        expect(await store.get(key)).not.toBeNull()
        await fx.writeRaw(key, flipped(bytes, 8))
        await Bun.sleep(100) // s3rver answers an overwrite before its file is whole; S3 itself reads after write
        const warnings = await warningsDuring(async () => expect(await store.get(key)).toBeNull())
        expect(warnings.some((w) => w.key === key && String(w.problem).includes('sha-256'))).toBe(
          true,
        )
      }
    })

    test('reads a jpeg stored without its checksum (written by another tool) as a miss', async () => {
      await fx.writeRaw('cache/raw.jpg', jpeg(6))
      const warnings = await warningsDuring(async () =>
        expect(await store.get('cache/raw.jpg')).toBeNull(),
      )
      expect(warnings.some((w) => String(w.problem).includes('no checksum'))).toBe(true)
    })

    test('keeps checksums out of listings and deletes them with their object', async () => {
      await store.put('cache/c.webp', webp(7))
      expect(await store.list('cache/')).toEqual(['cache/c.webp'])
      expect((await store.inventory('cache/')).map((o) => o.key)).toEqual(['cache/c.webp'])
      await store.delete('cache/c.webp')
      await fx.writeRaw('cache/c.webp', webp(7)) // the old checksum must not vouch for bytes written later
      expect(await store.get('cache/c.webp')).toBeNull()
    })

    test('reads a file that is not what its extension says as a miss and logs it', async () => {
      await fx.writeRaw('cache/abc.png', jpeg())
      await fx.writeRaw('manifest.json', new TextEncoder().encode('{"half":'))
      const warnings = await warningsDuring(async () => {
        expect(await store.get('cache/abc.png')).toBeNull()
        expect(await store.get('manifest.json')).toBeNull()
      })
      expect(warnings.map((w) => w.key).sort()).toEqual(['cache/abc.png', 'manifest.json'])
    })

    test('refuses to put bytes that fail the integrity check, keeping the old value', async () => {
      await store.put(KEY, png(1))
      await expect(store.put(KEY, truncatedPng())).rejects.toThrow(
        'refusing to store corrupt asset',
      )
      await expect(store.put('cache/x.webp', png())).rejects.toThrow(
        'refusing to store corrupt asset',
      )
      expect(same(await store.get(KEY), png(1))).toBe(true)
      expect(await store.has('cache/x.webp')).toBe(false)
    })

    test('20 concurrent puts of the same key leave one whole value', async () => {
      const values = Array.from({ length: 20 }, (_, i) => png(i * 10))
      await Promise.all(values.map((v) => store.put(KEY, v)))
      const got = await store.get(KEY)
      expect(values.some((v) => same(got, v))).toBe(true)
      expect(await store.list('')).toEqual([KEY])
    })

    test('reports healthy', async () => {
      expect((await store.health()).ok).toBe(true)
    })

    test('describes itself without credentials', () => {
      expect(store.description).toMatch(/^(local:|s3:\/\/)/)
      expect(store.description).not.toMatch(/secret|password/i)
    })
  })
}
