/**
 * A view of a store under a key prefix. Rendered assets live under a namespace
 * named for the manifest fingerprint, so a catalog or renderer change starts a
 * fresh set of assets without deleting (or serving) the old ones.
 */
import type { AssetStore } from './types'

export function namespaced(store: AssetStore, prefix: string): AssetStore {
  const p = prefix.endsWith('/') ? prefix : `${prefix}/`
  return {
    kind: store.kind,
    description: `${store.description} (${p})`,
    get: (key) => store.get(p + key),
    put: (key, bytes) => store.put(p + key, bytes),
    has: (key) => store.has(p + key),
    list: async (prefix) => (await store.list(p + prefix)).map((k) => k.slice(p.length)),
    inventory: async (prefix) =>
      (await store.inventory(p + prefix)).map((o) => ({ ...o, key: o.key.slice(p.length) })),
    delete: (key) => store.delete(p + key),
    health: () => store.health(),
  }
}
