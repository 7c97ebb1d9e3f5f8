/**
 * Local-folder backend: one file per key under `root`.
 *
 * Writes go to a unique dot-named temp file beside the target and are renamed
 * into place, so a crash leaves at worst a stray temp file (which keys can never
 * name, see keys.ts, and list skips) and concurrent puts of one key each rename
 * a whole file: the last rename wins, nothing interleaves.
 */
import {
  access,
  link,
  mkdir,
  open,
  readFile,
  readdir,
  rename,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises'
import { constants } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { log } from '../log'
import type { AssetStore, StoredObject } from './types'
import { assertValidKey, assertValidPrefix } from './keys'
import { assertIntact, digestNameFor, digestOf, needsDigest, readChecked } from './integrity'

/** Errors that just mean "nothing there": a plain miss, not worth a warning. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR'])

/** The temp file a put writes before renaming; exported so tests can plant a crash leftover. */
export function tempPathFor(path: string): string {
  return join(
    dirname(path),
    `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`,
  )
}

export class LocalStore implements AssetStore {
  readonly kind = 'local' as const
  readonly description: string

  constructor(private readonly root: string) {
    this.description = `local:${root}`
  }

  private pathFor(key: string): string {
    assertValidKey(key)
    return join(this.root, key)
  }

  async get(key: string): Promise<Uint8Array | null> {
    const path = this.pathFor(key)
    return readChecked(
      this.description,
      key,
      async () => {
        const buf = await readFile(path)
        return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength)
      },
      (code) => ABSENT.has(code ?? ''),
      async () => new Uint8Array(await readFile(digestNameFor(path))),
    )
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const path = this.pathFor(key)
    assertIntact(key, bytes)
    await mkdir(dirname(path), { recursive: true })
    // the digest first: a reader between the two renames sees a mismatch (a miss), never bad bytes passed as good
    if (needsDigest(key)) await this.writeFile(digestNameFor(path), digestOf(bytes))
    await this.writeFile(path, bytes)
  }

  private async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    const temp = tempPathFor(path)
    try {
      // 'wx': the temp name is ours alone; never reuse a file someone else has open.
      const handle = await open(temp, 'wx', 0o644)
      try {
        await handle.writeFile(bytes)
        // Data must be on disk before the rename publishes it, or a power cut
        // could leave a renamed-but-empty file at the key.
        await handle.datasync()
      } finally {
        await handle.close()
      }
      await rename(temp, path)
    } catch (err) {
      await unlink(temp).catch(() => {})
      throw err
    }
  }

  /** link() publishes the whole temp file under the key, or fails with EEXIST: exactly one creator wins. Records only (no digest sidecar). */
  async createIfAbsent(key: string, bytes: Uint8Array): Promise<boolean> {
    const path = this.pathFor(key)
    assertIntact(key, bytes)
    if (needsDigest(key)) throw new Error(`createIfAbsent is for records, not images: ${key}`)
    await mkdir(dirname(path), { recursive: true })
    const temp = tempPathFor(path)
    await writeFile(temp, bytes, { flag: 'wx' })
    try {
      await link(temp, path)
      return true
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw err
    } finally {
      await unlink(temp).catch(() => {})
    }
  }

  async has(key: string): Promise<boolean> {
    return (await this.get(key)) !== null
  }

  async list(prefix: string): Promise<string[]> {
    assertValidPrefix(prefix)
    // Walk only the deepest folder the prefix fully names ("liveries/airbus" -> "liveries/").
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
    const keys: string[] = []
    await this.walk(folder, keys)
    return keys.filter((k) => k.startsWith(prefix)).sort()
  }

  async inventory(prefix: string): Promise<StoredObject[]> {
    const keys = await this.list(prefix)
    const objects = await Promise.all(
      keys.map(async (key) => {
        try {
          const info = await stat(join(this.root, key))
          return { key, size: info.size, modifiedAt: info.mtimeMs }
        } catch {
          return null // deleted since the listing
        }
      }),
    )
    return objects.filter((o): o is StoredObject => o !== null)
  }

  private async walk(folder: string, out: string[]): Promise<void> {
    let entries
    try {
      entries = await readdir(join(this.root, folder), { withFileTypes: true })
    } catch (err) {
      if (ABSENT.has((err as NodeJS.ErrnoException).code ?? '')) return
      throw err
    }
    for (const entry of entries) {
      // Dot-names are temp files (possibly left by a crash); keys can never name them.
      if (entry.name.startsWith('.')) continue
      const key = folder + entry.name
      if (entry.isDirectory()) await this.walk(key + '/', out)
      else if (entry.isFile()) out.push(key) // symlinks and the like are skipped: they could point outside root
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathFor(key)
    for (const file of needsDigest(key) ? [path, digestNameFor(path)] : [path]) {
      try {
        await unlink(file)
      } catch (err) {
        if (!ABSENT.has((err as NodeJS.ErrnoException).code ?? '')) throw err
      }
    }
    // Empty folders are left in place: removing them could race a concurrent put's mkdir.
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    // The root may not exist until the first put; then the nearest existing ancestor must be writable.
    let path = this.root
    for (;;) {
      try {
        const info = await stat(path)
        if (!info.isDirectory()) return { ok: false, detail: `${path} is not a directory` }
        await access(path, constants.R_OK | constants.W_OK)
        return path === this.root
          ? { ok: true }
          : { ok: true, detail: `root not created yet; ${path} is writable` }
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code
        const parent = dirname(path)
        if (code !== 'ENOENT' || parent === path)
          return { ok: false, detail: `${path}: ${code ?? String(err)}` }
        path = parent
      }
    }
  }
}
