/**
 * A store that lives and dies with the process: what `render` uses unless --store names a
 * real one, so drawing one image leaves nothing on disk (no ./var/store in the caller's
 * folder). The manifest and the composed image pass through it as they would through a
 * folder. Bytes written here were just drawn in this process, so no integrity check.
 */
import type { AssetStore, StoredObject } from '../store/types'

export function memoryStore(): AssetStore {
  const objects = new Map<string, { bytes: Uint8Array; modifiedAt: number }>()
  const keys = (prefix: string) => [...objects.keys()].filter((k) => k.startsWith(prefix)).sort()
  return {
    // local to this process; the kind only labels metrics, which a render has none of
    kind: 'local',
    description: 'memory (discarded on exit)',
    get: async (key) => objects.get(key)?.bytes ?? null,
    put: async (key, bytes) => void objects.set(key, { bytes, modifiedAt: Date.now() }),
    has: async (key) => objects.has(key),
    list: async (prefix) => keys(prefix),
    inventory: async (prefix): Promise<StoredObject[]> =>
      keys(prefix).map((key) => ({
        key,
        size: objects.get(key)!.bytes.length,
        modifiedAt: objects.get(key)!.modifiedAt,
      })),
    async createIfAbsent(key, bytes) {
      if (objects.has(key)) return false
      objects.set(key, { bytes, modifiedAt: Date.now() })
      return true
    },
    delete: async (key) => void objects.delete(key),
    health: async () => ({ ok: true }),
  }
}
