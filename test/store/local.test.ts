import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtemp, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { LocalStore, tempPathFor } from '../../src/store/local'
import { captureLogs } from '../../src/log'
import { storeContract } from './contract'
import { KEY, png, truncatedPng } from './fixtures'

const made: string[] = []
async function freshRoot(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'store-test-'))
  made.push(dir)
  // A subfolder that does not exist yet: the store must create its root on first put.
  return join(dir, 'store')
}
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

async function writeRaw(root: string, key: string, bytes: Uint8Array) {
  await mkdir(dirname(join(root, key)), { recursive: true })
  await writeFile(join(root, key), bytes)
}

/** Every file name under `dir`, relative, including dot-files. */
async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort()
}

storeContract('local', async () => {
  const root = await freshRoot()
  return { store: new LocalStore(root), writeRaw: (key, bytes) => writeRaw(root, key, bytes) }
})

describe('local store specifics', () => {
  test('leaves no temp files behind after puts, even concurrent ones', async () => {
    const root = await freshRoot()
    const store = new LocalStore(root)
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.put(KEY, png(i))))
    await store.put('manifest.json', new TextEncoder().encode('{}'))
    await expect(store.put('cache/bad.png', truncatedPng())).rejects.toThrow()
    expect(await allFiles(root)).toEqual([KEY, 'manifest.json'])
  })

  test('never returns a temp file left by a crash, from get or list', async () => {
    const root = await freshRoot()
    const store = new LocalStore(root)
    await store.put(KEY, png(1))
    // A crash mid-put leaves a half-written temp file beside the key.
    const leftover = tempPathFor(join(root, KEY))
    await writeFile(leftover, truncatedPng())
    // ...and one for a key whose first put never finished.
    await writeFile(tempPathFor(join(root, 'manifest.json')), new TextEncoder().encode('{"half":'))
    expect(await store.list('')).toEqual([KEY])
    expect(await store.get('manifest.json')).toBeNull()
    expect(Buffer.from((await store.get(KEY))!).equals(Buffer.from(png(1)))).toBe(true)
    const tempKey = leftover.slice(root.length + 1)
    await expect(store.get(tempKey)).rejects.toThrow(/^invalid store key/)
  })

  test('reads a key that is a folder (EISDIR) as a miss and logs it', async () => {
    const root = await freshRoot()
    const store = new LocalStore(root)
    await mkdir(join(root, 'cache/folder.png'), { recursive: true })
    const capture = captureLogs()
    try {
      expect(await store.get('cache/folder.png')).toBeNull()
    } finally {
      capture.restore()
    }
    const warning = capture.lines.map((l) => JSON.parse(l)).find((r) => r.level === 'warn')
    expect(warning).toMatchObject({ key: 'cache/folder.png', code: 'EISDIR' })
  })

  test('creates its root on the first put, and is healthy before that', async () => {
    const root = await freshRoot()
    const store = new LocalStore(root)
    expect(await store.list('')).toEqual([])
    expect((await store.health()).ok).toBe(true)
    await store.put('manifest.json', new TextEncoder().encode('[]'))
    expect(await allFiles(root)).toEqual(['manifest.json'])
  })

  test('reports unhealthy when the root is a file', async () => {
    const root = await freshRoot()
    await mkdir(dirname(root), { recursive: true })
    await writeFile(root, 'not a folder')
    const health = await new LocalStore(root).health()
    expect(health.ok).toBe(false)
    expect(health.detail).toContain('not a directory')
  })

  test('describes itself by its folder', () => {
    expect(new LocalStore('./var/store').description).toBe('local:./var/store')
  })
})
