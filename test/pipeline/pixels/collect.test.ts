import { describe, expect, test } from 'bun:test'
import { collectAfter, LARGE_PICTURE_PIXELS } from '../../../src/pipeline/pixels/collect'

describe('collecting after a picture', () => {
  test('a small picture never costs a collection, however much the process holds', () => {
    expect(collectAfter(1024 * 576, 0, 0)).toBe(false)
  })

  test('on the request thread, a large picture is followed by a collection above the resident mark, not again until the process grows', () => {
    // what a few large pictures leave behind, touched so that it is resident
    const pile = () => Array.from({ length: 12 }, () => new Uint8Array(10 * 1024 * 1024).fill(1)).length
    expect(pile()).toBe(12)
    expect(collectAfter(LARGE_PICTURE_PIXELS, 0, Infinity)).toBe(false)
    expect(collectAfter(4096 * 2304, 64 * 1024 * 1024, 0)).toBe(true)
    // nothing piled up since: a process that sits above the mark does not collect after every picture
    expect(collectAfter(4096 * 2304, 64 * 1024 * 1024, 0)).toBe(false)
    const kept = Array.from({ length: 12 }, () => new Uint8Array(10 * 1024 * 1024).fill(1))
    expect(collectAfter(4096 * 2304, 64 * 1024 * 1024, 0)).toBe(true)
    expect(kept.length).toBe(12)
  })

  test('a render thread collects after every large picture above the mark', () => {
    expect(collectAfter(4096 * 2304, 0, 0)).toBe(true)
    expect(collectAfter(4096 * 2304, 0, 0)).toBe(true)
  })
})
