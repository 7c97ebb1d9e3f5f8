/**
 * A store bounded by the bytes it holds: when a put takes it over `maxBytes`, the least
 * recently used objects are deleted until it fits. Used for composed images, which
 * anyone can ask for in endless variety; pre-rendered assets are never put through it.
 *
 * The index (size and last use of every object) starts from the backend's inventory and
 * is kept by this process's reads and writes. Other processes write to the same store,
 * so before evicting, at most every `resyncMs`, the index is merged with a fresh
 * inventory: objects this process has not seen count as used when they were written.
 * The budget therefore holds across processes within one resync interval. It works the
 * same on both backends (S3: ListObjectsV2 sizes and dates, DeleteObject).
 */
import { log } from '../log'
import type { AssetStore } from './types'

export interface BudgetOptions {
  maxBytes: number
  /** how stale the index may be before an eviction re-reads the inventory */
  resyncMs?: number
  now?: () => number
}

export interface BudgetedStore extends AssetStore {
  /** bytes held, as far as this process knows */
  heldBytes(): Promise<number>
}

export function budgetedStore(store: AssetStore, opts: BudgetOptions): BudgetedStore {
  const now = opts.now ?? (() => Date.now())
  const resyncMs = opts.resyncMs ?? 60_000
  // Map order is recency order: the first entry is the least recently used.
  let index = new Map<string, { size: number; usedAt: number }>()
  let held = 0
  let syncedAt = -Infinity
  let syncing: Promise<void> | null = null
  let evicting: Promise<void> = Promise.resolve()

  const use = (key: string, size: number) => {
    const old = index.get(key)
    if (old) {
      held -= old.size
      index.delete(key)
    }
    index.set(key, { size, usedAt: now() })
    held += size
  }
  const forget = (key: string) => {
    const old = index.get(key)
    if (old) {
      held -= old.size
      index.delete(key)
    }
  }

  /** Merges the backend's inventory into the index (objects gone elsewhere are dropped). */
  function sync(): Promise<void> {
    syncing ??= (async () => {
      try {
        const objects = await store.inventory('')
        const merged = objects.map((o) => ({
          key: o.key,
          size: o.size,
          usedAt: Math.max(index.get(o.key)?.usedAt ?? 0, o.modifiedAt),
        }))
        merged.sort((a, b) => a.usedAt - b.usedAt)
        index = new Map(merged.map((o) => [o.key, { size: o.size, usedAt: o.usedAt }]))
        held = merged.reduce((sum, o) => sum + o.size, 0)
        syncedAt = now()
      } catch (error) {
        log.warn(
          'composition budget: could not list the store; evicting by what this process knows',
          { error: String(error) },
        )
      } finally {
        syncing = null
      }
    })()
    return syncing
  }

  async function evict(keep: string): Promise<void> {
    if (now() - syncedAt >= resyncMs) await sync()
    for (const [key, entry] of index) {
      if (held <= opts.maxBytes) return
      if (key === keep) continue
      try {
        await store.delete(key)
      } catch (error) {
        log.warn(
          'composition budget: could not evict; the store stays over budget until the next put',
          { key, error: String(error) },
        )
        return
      }
      forget(key)
      log.debug('composition evicted (least recently used)', { key, bytes: entry.size })
    }
  }

  const ready = sync()

  return {
    kind: store.kind,
    description: `${store.description} (at most ${opts.maxBytes} bytes)`,
    async get(key) {
      const bytes = await store.get(key)
      if (bytes) use(key, bytes.byteLength)
      else forget(key) // absent, or corrupt and about to be replaced
      return bytes
    },
    async has(key) {
      return (await this.get(key)) !== null
    },
    async put(key, bytes) {
      // an object larger than the whole budget would only evict everything, itself included
      if (bytes.byteLength > opts.maxBytes) return
      await ready
      await store.put(key, bytes)
      use(key, bytes.byteLength)
      // over budget by this process's count, or time to count what the others wrote
      if (held > opts.maxBytes || now() - syncedAt >= resyncMs)
        await (evicting = evicting.then(() => evict(key)))
    },
    list: (prefix) => store.list(prefix),
    inventory: (prefix) => store.inventory(prefix),
    async delete(key) {
      await store.delete(key)
      forget(key)
    },
    health: () => store.health(),
    async heldBytes() {
      await ready
      return held
    },
  }
}
