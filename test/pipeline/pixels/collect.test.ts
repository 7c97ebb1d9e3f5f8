import { describe, expect, test } from 'bun:test'
import { collectAfter, LARGE_PICTURE_PIXELS } from '../../../src/pipeline/pixels/collect'

describe('collecting after a picture', () => {
  test('a small picture never costs a collection, however much the process holds', () => {
    expect(collectAfter(1024 * 576, 0)).toBe(false)
  })

  test('a large picture is followed by a collection only above the resident mark', () => {
    expect(collectAfter(LARGE_PICTURE_PIXELS, Infinity)).toBe(false)
    expect(collectAfter(4096 * 2304, 0)).toBe(true)
  })
})
