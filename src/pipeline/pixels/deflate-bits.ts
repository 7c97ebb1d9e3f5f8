/**
 * The bits of a deflate stream as png-join.ts reads and writes them: bits least significant
 * first, Huffman codes most significant bit first, and the header of a stream that is one final
 * dynamic block (zlib header, then the block's code lengths).
 */

export const bitAt = (b: Uint8Array, pos: number) => (b[pos >> 3] >> (pos & 7)) & 1

/** canonical Huffman codes (most significant bit first, as deflate defines them) of code lengths */
export function canonicalCodes(lengths: number[]): number[] {
  const longest = Math.max(...lengths)
  const count = new Array<number>(longest + 1).fill(0)
  for (const l of lengths) if (l) count[l]++
  const next = new Array<number>(longest + 1).fill(0)
  for (let l = 1, code = 0; l <= longest; l++) {
    code = (code + count[l - 1]) << 1
    next[l] = code
  }
  return lengths.map((l) => (l ? next[l]++ : -1))
}

export class BitReader {
  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
  ) {}
  bits(n: number): number {
    let v = 0
    for (let i = 0; i < n; i++) v |= bitAt(this.bytes, this.pos++) << i
    return v
  }
  /** the next symbol of a code whose symbols are keyed by (length << 16 | code) */
  symbol(symbols: Map<number, number>): number {
    for (let len = 1, code = 0; len <= 15; len++) {
      code = (code << 1) | bitAt(this.bytes, this.pos++)
      const s = symbols.get((len << 16) | code)
      if (s !== undefined) return s
    }
    return -1
  }
}

/** a block header's literal/length code, and the header's bits (zlib header included) to recognise it again */
export interface Codes {
  lengths: number[]
  codes: number[]
  symbols: Map<number, number>
  /** the bit where the block's body starts, and the stream's bytes up to it */
  bodyStart: number
  head: Uint8Array
}

export const symbolsOf = (lengths: number[], codes: number[]) =>
  new Map(lengths.flatMap((l, s) => (l ? [[(l << 16) | codes[s], s] as [number, number]] : [])))

export interface Block extends Codes {
  z: Uint8Array
  /** bit where the first row's filter byte ends, and where the end-of-block code starts */
  afterFilterByte: number
  bodyEnd: number
  filter: number
  adler: number
}

const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

/** the header of a zlib stream that is one final dynamic block; null for any other stream */
export function codesOf(z: Uint8Array): Codes | null {
  if (z.length < 12 || z[0] !== 0x78 || (z[0] * 256 + z[1]) % 31 !== 0) return null
  const r = new BitReader(z, 16)
  if (r.bits(1) !== 1 || r.bits(2) !== 2) return null
  const literals = r.bits(5) + 257
  const distances = r.bits(5) + 1
  const lengthCodes = r.bits(4) + 4
  const clLengths = new Array<number>(19).fill(0)
  for (let i = 0; i < lengthCodes; i++) clLengths[CODE_LENGTH_ORDER[i]] = r.bits(3)
  const clSymbols = symbolsOf(clLengths, canonicalCodes(clLengths))
  const all: number[] = []
  while (all.length < literals + distances) {
    const s = r.symbol(clSymbols)
    if (s < 0) return null
    if (s < 16) all.push(s)
    else if (s === 16 && all.length)
      all.push(...new Array<number>(3 + r.bits(2)).fill(all[all.length - 1]))
    else if (s === 17) all.push(...new Array<number>(3 + r.bits(3)).fill(0))
    else if (s === 18) all.push(...new Array<number>(11 + r.bits(7)).fill(0))
    else return null
  }
  const lengths = all.slice(0, literals)
  const codes = canonicalCodes(lengths)
  return {
    lengths,
    codes,
    symbols: symbolsOf(lengths, codes),
    bodyStart: r.pos,
    head: z.slice(0, Math.ceil(r.pos / 8)),
  }
}

/** whether `z` starts with the header `c` was read from (the bits of its last byte before the body included) */
export function sameHeader(z: Uint8Array, c: Codes): boolean {
  const whole = c.bodyStart >> 3
  for (let i = 0; i < whole; i++) if (z[i] !== c.head[i]) return false
  const rest = c.bodyStart & 7
  return rest === 0 || ((z[whole] ^ c.head[whole]) & ((1 << rest) - 1)) === 0
}

/** writes bits least significant first, as deflate packs them */
export class BitWriter {
  readonly out: Uint8Array
  at = 0
  private acc = 0
  private n = 0
  constructor(size: number) {
    this.out = new Uint8Array(size)
  }
  code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bit((code >> i) & 1)
  }
  bit(b: number): void {
    this.acc |= b << this.n
    if (++this.n === 8) this.flushByte()
  }
  private flushByte(): void {
    this.out[this.at++] = this.acc
    this.acc = 0
    this.n = 0
  }
  /** bits [from, to) of `src` */
  copy(src: Uint8Array, from: number, to: number): void {
    while (from < to && (from & 7) !== 0) this.bit(bitAt(src, from++))
    const first = from >> 3
    const stop = first + ((to - from) >> 3)
    if (this.n === 0) {
      this.out.set(src.subarray(first, stop), this.at)
      this.at += stop - first
    } else {
      const out = this.out
      const shift = this.n
      let acc = this.acc
      let at = this.at
      for (let i = first; i < stop; i++) {
        acc |= src[i] << shift
        out[at++] = acc & 255
        acc >>>= 8
      }
      this.acc = acc
      this.at = at
    }
    for (from = stop * 8; from < to; ) this.bit(bitAt(src, from++))
  }
  finish(): Uint8Array {
    if (this.n) this.flushByte()
    return this.out.subarray(0, this.at)
  }
}
