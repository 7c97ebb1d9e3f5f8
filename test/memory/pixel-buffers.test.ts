import { describe, expect, test } from 'bun:test'
import { PixelBuffers } from '../../src/memory/pixel-buffers'

describe('PixelBuffers', () => {
  test('hands back the same memory for the same size, zeroed when asked', () => {
    const pool = new PixelBuffers()
    const a = pool.take(64, true)
    a.fill(7)
    pool.give(a)
    const b = pool.take(64, true)
    expect(b).toBe(a)
    expect(b.every((v) => v === 0)).toBe(true)
  })

  test('gives shared memory, so render threads can draw into it', () => {
    expect(new PixelBuffers().take(16, true).buffer).toBeInstanceOf(SharedArrayBuffer)
  })

  test('never hands one buffer to two takers, even when it was given back twice', () => {
    const pool = new PixelBuffers()
    const a = pool.take(32, true)
    pool.give(a)
    pool.give(a)
    const first = pool.take(32, true)
    const second = pool.take(32, true)
    expect(first).not.toBe(second)
  })

  test('keeps at most its byte budget, dropping other sizes first', () => {
    const pool = new PixelBuffers(100)
    const shared = (n: number) => new Uint8ClampedArray(new SharedArrayBuffer(n))
    pool.give(shared(40))
    pool.give(shared(40))
    expect(pool.held).toBe(80)
    const big = shared(60)
    pool.give(big)
    expect(pool.held).toBeLessThanOrEqual(100)
    expect(pool.take(60, false)).toBe(big)
  })

  test('ignores buffers it cannot reuse whole (views, plain memory)', () => {
    const pool = new PixelBuffers(100)
    pool.give(new Uint8ClampedArray(32))
    pool.give(new Uint8ClampedArray(new SharedArrayBuffer(64), 0, 32))
    expect(pool.held).toBe(0)
  })

  test('keeps one buffer over its budget for the next taker of that size, zeroed when asked', () => {
    const pool = new PixelBuffers(100, 60_000)
    const big = new Uint8ClampedArray(new SharedArrayBuffer(200)).fill(9)
    pool.give(big)
    expect(pool.held).toBe(200)
    expect(pool.take(100, true)).not.toBe(big)
    const again = pool.take(200, true)
    expect(again).toBe(big)
    expect(again.every((v) => v === 0)).toBe(true)
    expect(pool.held).toBe(0)
    // a second large buffer replaces the first: only one is ever held
    pool.give(new Uint8ClampedArray(new SharedArrayBuffer(300)))
    pool.give(new Uint8ClampedArray(new SharedArrayBuffer(400)))
    expect(pool.held).toBe(400)
  })

  test('lets a buffer over its budget go once its hold time has passed', async () => {
    const pool = new PixelBuffers(100, 20)
    const big = new Uint8ClampedArray(new SharedArrayBuffer(200))
    pool.give(big)
    expect(pool.held).toBe(200)
    await Bun.sleep(60)
    expect(pool.held).toBe(0)
    expect(pool.take(200, false)).not.toBe(big)
  })

  test('holds nothing over its budget when the hold time is 0', () => {
    const pool = new PixelBuffers(100, 0)
    pool.give(new Uint8ClampedArray(new SharedArrayBuffer(200)))
    expect(pool.held).toBe(0)
  })
})
