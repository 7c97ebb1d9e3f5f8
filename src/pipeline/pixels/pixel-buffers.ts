/**
 * Pixel buffers kept for the next composition. A fresh buffer of a few megabytes is
 * paid for in page faults on its first touch (here a fresh 1024 x 576 background took
 * 1.9 ms to paint, a reused one 0.4 ms; an ultra composition touches 75 MB), so a
 * composition takes its canvases from here and hands them back once encoded.
 * The buffers are shared memory, so render threads can draw into them. The pool keeps
 * 24 MB (card and hd canvases; an ultra one is paid afresh, a few ms against its 200): at
 * 96 MB the process tree still held 519 MB 20 s after a burst of 48 compositions
 * (bench/footprint.ts), at 40 MB 430-525 MB, at 24 MB 501 MB (the binary).
 */
export class PixelBuffers {
  private free = new Map<number, Uint8ClampedArray[]>()
  private pooled = new WeakSet<Uint8ClampedArray>()
  private bytes = 0

  constructor(private readonly maxBytes = 24 * 1024 * 1024) {}

  /** a buffer of `length` bytes; all zero (transparent) when `zeroed`, else with any content */
  take(length: number, zeroed: boolean): Uint8ClampedArray {
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
    if (this.pooled.has(buf) || !(buf.buffer instanceof SharedArrayBuffer) || buf.byteOffset !== 0 || buf.buffer.byteLength !== length) return
    if (length > this.maxBytes) return
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

  /** bytes held for reuse */
  get held(): number {
    return this.bytes
  }
}
