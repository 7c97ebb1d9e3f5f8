/**
 * The asset store: where rendered images, the manifest and the render cache live.
 * Two backends (local folder, S3) share this contract and one test suite
 * (`test/store/contract.ts`).
 */
export interface AssetStore {
  readonly kind: 'local' | 's3'
  /** Where the store points, for logs and health pages, e.g. "local:./var/store" or "s3://bucket/prefix". Never credentials. */
  readonly description: string
  /** The stored bytes, or null on a miss. A failed read or a corrupt/truncated asset is a miss, logged with log.warn. */
  get(key: string): Promise<Uint8Array | null>
  /** Stores bytes atomically (readers see the old or the new value, never a mix). Throws if the bytes fail the integrity check. */
  put(key: string, bytes: Uint8Array): Promise<void>
  /** Same answer as `get(key) !== null`: a corrupt asset is not "had", so callers re-render it. */
  has(key: string): Promise<boolean>
  /** Keys starting with `prefix` ("" for all), sorted. Presence only: entries are not integrity-checked. */
  list(prefix: string): Promise<string[]>
  /** Keys starting with `prefix` with their size and last write time (ms since epoch), for budgets. Presence only, like `list`. */
  inventory(prefix: string): Promise<StoredObject[]>
  /**
   * Stores bytes only if the key holds nothing yet; false when it already did. For records
   * several instances race to create (the manifest). Optional: a backend may honour the
   * condition loosely (an S3 server that ignores If-None-Match), so callers read back.
   */
  createIfAbsent?(key: string, bytes: Uint8Array): Promise<boolean>
  /** Removes the key; deleting a missing key is not an error. */
  delete(key: string): Promise<void>
  health(): Promise<{ ok: boolean; detail?: string }>
}

export interface StoredObject {
  key: string
  size: number
  modifiedAt: number
}
