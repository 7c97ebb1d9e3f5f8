import { describe, expect, test } from 'bun:test'
import { contourBits, contourEdges, edgeNeighbours } from '../../../src/render/parts/topology'

// a unit square of two triangles, 0-1-2 and 0-2-3, sharing the diagonal 0-2 (edge c-a of the first, a-b of the second)
const square = new Uint32Array([0, 1, 2, 0, 2, 3])

describe('mesh topology', () => {
  test('finds the triangle across a shared edge and -1 across a boundary', () => {
    expect([...edgeNeighbours(square)]).toEqual([-1, -1, 1, 0, -1, -1])
  })

  test('welds vertices at the same place, so a texture seam is not a boundary', () => {
    // the second triangle uses its own copies (4, 5) of vertices 0 and 2
    const idx = new Uint32Array([0, 1, 2, 4, 5, 3])
    const pos = new Float64Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0])
    expect([...edgeNeighbours(idx)]).toEqual([-1, -1, -1, -1, -1, -1])
    expect([...edgeNeighbours(idx, pos)]).toEqual([-1, -1, 1, 0, -1, -1])
  })

  test('an edge is a contour at a boundary, between facings and between parts, not inside a part', () => {
    const adj = edgeNeighbours(square)
    const onePart = new Uint16Array([0, 0])
    expect([...contourEdges(square, onePart, new Uint8Array([1, 1]), adj)]).toEqual([0b011, 0b110])
    expect([...contourEdges(square, new Uint16Array([0, 1]), new Uint8Array([1, 1]), adj)]).toEqual(
      [0b111, 0b111],
    )
    expect([...contourEdges(square, onePart, new Uint8Array([1, 2]), adj)]).toEqual([0b111, 0b111])
    // a triangle that is not drawn has no contours, and makes its neighbour's shared edge one
    expect([...contourEdges(square, onePart, new Uint8Array([1, 0]), adj)]).toEqual([0b111, 0])
  })

  test('back faces of a closed surface are not drawn and bound the drawn ones', () => {
    const { code, contour } = contourBits(
      square,
      new Uint16Array([0, 0]),
      new Uint8Array([1, 0]),
      edgeNeighbours(square),
    )
    expect([...code]).toEqual([0, 1])
    expect([...contour]).toEqual([0, 0b111])
  })
})
