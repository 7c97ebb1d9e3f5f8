import { describe, expect, test } from 'bun:test'
import { integrityProblem, assertIntact } from '../../src/store/integrity'
import { flippedIdat, jpeg, json, png, truncatedPng, webp } from './fixtures'

describe('integrity checks by extension', () => {
  test('accepts real png, jpeg, webp and json', () => {
    expect(integrityProblem('a.png', png())).toBeNull()
    expect(integrityProblem('a.jpg', jpeg())).toBeNull()
    expect(integrityProblem('a.jpeg', jpeg())).toBeNull()
    expect(integrityProblem('a.webp', webp())).toBeNull()
    expect(integrityProblem('manifest.json', json({ ok: true }))).toBeNull()
  })

  test('rejects a png with one byte changed inside IDAT, by its chunk CRC', () => {
    expect(integrityProblem('a.png', flippedIdat(png(3), 1))).toMatch(
      /IDAT chunk at byte \d+ fails its CRC/,
    )
  })

  test('rejects a png whose chunk length runs past the end', () => {
    const bytes = png(2)
    const cut = new Uint8Array([
      ...bytes.subarray(0, bytes.length - 12 - 2),
      ...bytes.subarray(bytes.length - 12),
    ])
    expect(integrityProblem('a.png', cut)).not.toBeNull()
  })

  test('rejects a truncated png', () => {
    expect(integrityProblem('a.png', truncatedPng())).toContain('IEND')
  })

  test('rejects a png without the signature (e.g. an HTML error page)', () => {
    expect(integrityProblem('a.png', new TextEncoder().encode('<html>502</html>'))).toContain(
      'signature',
    )
  })

  test('rejects a file whose contents do not match its extension', () => {
    expect(integrityProblem('a.png', jpeg())).not.toBeNull()
    expect(integrityProblem('a.jpg', png())).not.toBeNull()
    expect(integrityProblem('a.webp', png())).not.toBeNull()
  })

  test('rejects a jpeg without its end marker', () => {
    const bytes = jpeg()
    expect(integrityProblem('a.jpg', bytes.subarray(0, bytes.length - 1))).toContain('EOI')
  })

  test('rejects a webp whose RIFF size does not match the byte count', () => {
    const bytes = webp()
    expect(integrityProblem('a.webp', bytes.subarray(0, bytes.length - 2))).toContain('RIFF size')
    const padded = new Uint8Array(bytes.length + 2)
    padded.set(bytes)
    expect(integrityProblem('a.webp', padded)).toContain('RIFF size')
  })

  test('rejects json that does not parse', () => {
    expect(integrityProblem('manifest.json', new TextEncoder().encode('{"planes": ['))).toContain(
      'json',
    )
  })

  test('rejects empty files of a checked type', () => {
    for (const key of ['a.png', 'a.jpg', 'a.webp', 'a.json'])
      expect(integrityProblem(key, new Uint8Array())).not.toBeNull()
  })

  test('passes keys with unchecked extensions through', () => {
    expect(integrityProblem('notes.txt', new Uint8Array([1, 2, 3]))).toBeNull()
  })

  test('assertIntact throws on corrupt bytes', () => {
    expect(() => assertIntact('a.png', truncatedPng())).toThrow('refusing to store corrupt asset')
  })
})
