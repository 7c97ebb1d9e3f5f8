/**
 * One PNG from PNGs of horizontal bands of the same picture, each encoded on its own thread.
 *
 * The fast PNG level (encode.ts) compresses with fdeflate: one zlib stream holding one deflate
 * block whose Huffman codes are the same fixed table for every input, literals and zero runs only
 * (no back-references beyond the previous byte). Bands encoded that way are one stream once each
 * band's block body is laid end to end after the first band's header, with the checksums
 * combined: no byte is decompressed or compressed again. Two things differ from one encoding of
 * the whole picture:
 * - a band's first row was filtered as the top of an image (Paeth over a row of zeros, which is
 *   exactly the Sub filter): its filter byte is rewritten to Sub, and the checksum with it;
 * - a block body starts and ends at any bit, so the bodies after the first are copied shifted.
 * Anything else (a band stored uncompressed because it did not compress, another compressor)
 * is refused with null, and the caller encodes the picture in one piece.
 */
import {
  BitReader,
  BitWriter,
  bitAt,
  codesOf,
  sameHeader,
  type Block,
  type Codes,
} from './deflate-bits'

const IHDR_END = 8 + 25
const IDAT = 0x49444154
const BASE = 65521
const PAETH = 4
const SUB = 1
const UP = 2
const NONE = 0
/** the first row's filter over a row of zeros, and the filter that does the same with the real row above */
const TOP_ROW_EQUIVALENT: Record<number, number> = {
  [PAETH]: SUB,
  [SUB]: SUB,
  [UP]: NONE,
  [NONE]: NONE,
}

const u32 = (b: Uint8Array, p: number) =>
  ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0

/** the zlib stream of a PNG's IDAT chunks, or null when the PNG is not one plain RGBA image */
function zlibOf(png: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = []
  for (let p = 8; p + 12 <= png.length; ) {
    const length = u32(png, p)
    if (u32(png, p + 4) === IDAT) parts.push(png.subarray(p + 8, p + 8 + length))
    p += 12 + length
  }
  if (!parts.length) return null
  if (parts.length === 1) return parts[0]
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

// fdeflate writes the same header before every stream: read once, then recognised
let lastCodes: Codes | null = null

/** a zlib stream that is one final dynamic block, read up to its body's ends; else null */
function blockOf(z: Uint8Array): Block | null {
  const codes =
    lastCodes && z.length > lastCodes.head.length && sameHeader(z, lastCodes)
      ? lastCodes
      : codesOf(z)
  if (!codes) return null
  lastCodes = codes
  const r = new BitReader(z, codes.bodyStart)
  const filter = r.symbol(codes.symbols)
  if (!(filter in TOP_ROW_EQUIVALENT)) return null
  const afterFilterByte = r.pos
  // the body ends with the end-of-block code, then zero bits up to the checksum's byte: exactly one
  // place must fit, else the stream is refused
  const end = (z.length - 4) * 8
  const eobLength = codes.lengths[256]
  const eob = codes.codes[256]
  let bodyEnd = -1
  for (let e = end; e > end - 8; e--) {
    let fits = e - eobLength >= afterFilterByte
    for (let i = e; i < end && fits; i++) fits = bitAt(z, i) === 0
    for (let i = 0; i < eobLength && fits; i++)
      fits = bitAt(z, e - eobLength + i) === ((eob >> (eobLength - 1 - i)) & 1)
    if (!fits) continue
    if (bodyEnd >= 0) return null
    bodyEnd = e - eobLength
  }
  if (bodyEnd < 0) return null
  return { ...codes, z, afterFilterByte, bodyEnd, filter, adler: u32(z, z.length - 4) }
}

const sameCodes = (a: Block, b: Block) =>
  a.symbols === b.symbols ||
  (a.lengths.length === b.lengths.length && a.lengths.every((l, i) => l === b.lengths[i]))

/** adler32 of a then b, from theirs and b's length (zlib's adler32_combine) */
export function adlerCombine(a: number, b: number, bLength: number): number {
  const rem = bLength % BASE
  let sum1 = a & 0xffff
  let sum2 = (rem * sum1) % BASE
  sum1 += (b & 0xffff) + BASE - 1
  sum2 += (a >>> 16) + (b >>> 16) + BASE - rem
  sum1 %= BASE
  sum2 %= BASE
  return ((sum2 << 16) | sum1) >>> 0
}

/** the adler32 of `length` bytes whose first byte changes by `delta` */
function adlerWithFirstByte(adler: number, delta: number, length: number): number {
  const mod = (v: number) => ((v % BASE) + BASE) % BASE
  const sum1 = mod((adler & 0xffff) + delta)
  const sum2 = mod((adler >>> 16) + ((delta * length) % BASE))
  return ((sum2 << 16) | sum1) >>> 0
}

/**
 * the PNG of a `width` x `height` RGBA picture from the PNGs of its bands, top to bottom (their
 * heights summing to `height`), all encoded with the fast level; null when they cannot be joined
 */
export function joinPngBands(
  bands: Uint8Array[],
  width: number,
  height: number,
): Uint8Array | null {
  if (!bands.length) return null
  if (bands.length === 1) return bands[0]
  const blocks: Block[] = []
  for (const png of bands) {
    const z = zlibOf(png)
    const block = z && blockOf(z)
    if (!block || (blocks.length && !sameCodes(blocks[0], block))) return null
    blocks.push(block)
  }
  const first = blocks[0]
  const rowBytes = 1 + width * 4
  const w = new BitWriter(blocks.reduce((n, b) => n + b.z.length, 16))
  w.copy(first.z, 0, first.bodyEnd)
  let adler = first.adler
  for (let k = 1; k < blocks.length; k++) {
    const b = blocks[k]
    const filter = TOP_ROW_EQUIVALENT[b.filter]
    w.code(first.codes[filter], first.lengths[filter])
    w.copy(b.z, b.afterFilterByte, b.bodyEnd)
    const rows = u32(bands[k], 20)
    adler = adlerCombine(
      adler,
      adlerWithFirstByte(b.adler, filter - b.filter, rows * rowBytes),
      rows * rowBytes,
    )
  }
  w.code(first.codes[256], first.lengths[256])
  const z = w.finish()
  return pngOf(bands[0], z, adler, height)
}

/** signature and header of `like` with `height`, one IDAT of `z` and `adler`, IEND */
function pngOf(like: Uint8Array, z: Uint8Array, adler: number, height: number): Uint8Array {
  const out = new Uint8Array(IHDR_END + 12 + z.length + 4 + 12)
  const view = new DataView(out.buffer)
  out.set(like.subarray(0, IHDR_END))
  view.setUint32(20, height)
  view.setUint32(29, Bun.hash.crc32(out.subarray(12, 29)))
  let p = IHDR_END
  view.setUint32(p, z.length + 4)
  view.setUint32(p + 4, IDAT)
  out.set(z, p + 8)
  view.setUint32(p + 8 + z.length, adler)
  view.setUint32(p + 12 + z.length, Bun.hash.crc32(out.subarray(p + 4, p + 12 + z.length)))
  p += 16 + z.length
  out.set([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], p)
  return out
}
