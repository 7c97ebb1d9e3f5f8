/** A least-recently-used memory cache bounded by the bytes it holds. */
export interface CachedImage {
  bytes: Uint8Array
  etag: string
  contentType: string
}

export class ByteCache<V extends { bytes: Uint8Array }> {
  private entries = new Map<string, V>()
  private held = 0

  constructor(readonly maxBytes: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key)
    if (value) {
      // re-insert so Map order is recency order
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  /** a read that does not count as a use (for hot paths where first-in-first-out eviction is fine) */
  peek(key: string): V | undefined {
    return this.entries.get(key)
  }

  set(key: string, value: V): void {
    const size = value.bytes.byteLength
    if (size > this.maxBytes) return
    const old = this.entries.get(key)
    if (old) {
      this.held -= old.bytes.byteLength
      this.entries.delete(key)
    }
    this.entries.set(key, value)
    this.held += size
    for (const [k, v] of this.entries) {
      if (this.held <= this.maxBytes) break
      this.entries.delete(k)
      this.held -= v.bytes.byteLength
    }
  }

  clear(): void {
    this.entries.clear()
    this.held = 0
  }

  get bytes() {
    return this.held
  }
  get size() {
    return this.entries.size
  }
}
