/**
 * Store writes that do not hold up the response: the bytes are already in memory and
 * served from there, so the first request need not wait for the disk's fsync or an
 * S3 round trip. A failed write is logged (by the store guard, once per interval, when
 * it went through one); the next miss renders again.
 */
import { log } from '../../log'
import type { AssetStore } from '../../store'
import { wasReported } from '../../store/guarded'

export interface WriteBehind {
  put(key: string, bytes: Uint8Array): void
  /** resolves when every write started so far has finished (tests, shutdown) */
  settled(): Promise<void>
  /** writes to another store, settled together with these */
  to(other: AssetStore): WriteBehind
}

export function writeBehind(store: AssetStore, pending = new Set<Promise<void>>()): WriteBehind {
  return {
    to: (other) => writeBehind(other, pending),
    put(key, bytes) {
      const write: Promise<void> = store
        .put(key, bytes)
        .catch((e) => {
          if (!wasReported(e))
            log.warn('could not store image; it stays served from memory', {
              key,
              error: String(e),
            })
        })
        .finally(() => pending.delete(write))
      pending.add(write)
    },
    async settled() {
      while (pending.size) await Promise.all([...pending])
    },
  }
}
