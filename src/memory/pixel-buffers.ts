/**
 * Pixel buffers kept for the next composition. A fresh buffer of a few megabytes is paid
 * for in page faults on its first touch, several times the cost of painting a reused one,
 * so a composition takes its canvases from here and hands them back once encoded.
 * The buffers are shared memory, so render threads can draw into them. The pool keeps what
 * the memory budget gives it (budget.ts: card and hd canvases), and an ultra canvas only for
 * a moment (see `large`): a larger pool held more memory after a burst of compositions.
 */
export class PixelBuffers {
  private free = new Map<number, Uint8ClampedArray[]>()
  private pooled = new WeakSet<Uint8ClampedArray>()
  private bytes = 0
  /**
   * one buffer above the budget (an ultra canvas), kept only for `largeHoldMs` after it is given
   * back: back-to-back ultra compositions reuse it instead of paying thousands of fresh pages
   * each, and a process that stops drawing them lets it go before its collection once large
   * pictures stop (collect.ts)
   */
  private large: Uint8ClampedArray | null = null
  private largeTimer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly maxBytes = 24 * 1024 * 1024,
    private readonly largeHoldMs = 1500,
  ) {}

  /** a buffer of `length` bytes; all zero (transparent) when `zeroed`, else with any content */
  take(length: number, zeroed: boolean): Uint8ClampedArray {
    if (this.large?.length === length) {
      const buf = this.large
      this.dropLarge()
      if (zeroed) buf.fill(0)
      return buf
    }
    const buf = this.free.get(length)?.pop()
    if (!buf) return new Uint8ClampedArray(new SharedArrayBuffer(length))
    this.pooled.delete(buf)
    this.bytes -= length
    if (zeroed) buf.fill(0)
    return buf
  }

  /** hands a buffer back; the caller must not touch it again (handing one back twice is harmless) */
  give(buf: Uint8ClampedArray): void {
    const length = buf.length
    if (
      this.pooled.has(buf) ||
      buf === this.large ||
      !(buf.buffer instanceof SharedArrayBuffer) ||
      buf.byteOffset !== 0 ||
      buf.buffer.byteLength !== length
    )
      return
    if (length > this.maxBytes) {
      this.holdLarge(buf)
      return
    }
    // make room by dropping buffers of the sizes kept longest
    for (const [size, list] of this.free) {
      if (this.bytes + length <= this.maxBytes) break
      while (list.length && this.bytes + length > this.maxBytes) {
        this.pooled.delete(list.pop()!)
        this.bytes -= size
      }
      if (!list.length) this.free.delete(size)
    }
    let list = this.free.get(length)
    if (!list) this.free.set(length, (list = []))
    list.push(buf)
    this.pooled.add(buf)
    this.bytes += length
  }

  private holdLarge(buf: Uint8ClampedArray): void {
    if (this.largeHoldMs <= 0) return
    this.dropLarge()
    this.large = buf
    this.largeTimer = setTimeout(() => this.dropLarge(), this.largeHoldMs)
    // a held canvas must not keep a finished process (a CLI, a test run) alive
    this.largeTimer.unref?.()
  }

  private dropLarge(): void {
    clearTimeout(this.largeTimer)
    this.large = null
  }

  /** bytes held for reuse (the large buffer included while it is held) */
  get held(): number {
    return this.bytes + (this.large?.length ?? 0)
  }
}
