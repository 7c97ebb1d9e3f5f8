import { describe, expect, test } from 'bun:test'
import { collectAfter, LARGE_PICTURE_PIXELS, piledUp } from '../../src/memory/collect'

const MB = 1024 * 1024

describe('collecting after a picture', () => {
  test('a small picture never costs a collection, however much the process holds', () => {
    expect(collectAfter(1024 * 576, 0, 0)).toBe(false)
  })

  test('a large picture is followed by a collection above the resident mark only', () => {
    expect(collectAfter(LARGE_PICTURE_PIXELS, 0, Infinity)).toBe(false)
    expect(collectAfter(4096 * 2304, 0, 0)).toBe(true)
    // a render thread (no growth asked): every time above the mark
    expect(collectAfter(4096 * 2304, 0, 0)).toBe(true)
  })

  test('the request thread collects again only once the process has grown since its last collection', () => {
    // a process with full image caches sits above the mark for good
    expect(piledUp(900 * MB, 880 * MB, 64 * MB, 512 * MB)).toBe(false)
    expect(piledUp(950 * MB, 880 * MB, 64 * MB, 512 * MB)).toBe(true)
    // below the mark, growth alone never collects
    expect(piledUp(400 * MB, 100 * MB, 64 * MB, 512 * MB)).toBe(false)
    // without a growth rule (render threads), above the mark is enough
    expect(piledUp(600 * MB, 590 * MB, 0, 512 * MB)).toBe(true)
  })
})
