/** Real encoded images for the store tests, so the integrity checks see what renders produce. */
import { createCanvas } from '@napi-rs/canvas'

function draw(shade: number) {
  const canvas = createCanvas(4, 3)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = `rgb(${shade % 256}, 80, 160)`
  ctx.fillRect(0, 0, 4, 3)
  return canvas
}

const asBytes = (buf: Buffer) =>
  new Uint8Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength))

/** A valid PNG; different `shade`s give different bytes (for overwrite tests). */
export const png = (shade = 0): Uint8Array => asBytes(draw(shade).toBuffer('image/png'))
export const jpeg = (shade = 0): Uint8Array => asBytes(draw(shade).toBuffer('image/jpeg'))
export const webp = (shade = 0): Uint8Array => asBytes(draw(shade).toBuffer('image/webp'))
export const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value))

/** A PNG cut short, as a crash or a full disk mid-write would leave it. */
export const truncatedPng = (): Uint8Array => png().subarray(0, 40)

export const KEY =
  'liveries/airbus-a320-200/lufthansa/base/345/down/w-1280_z-contain-1p00_m-8p00.png'

/** The byte range of the data of the first chunk of `type` in a PNG. */
export function pngChunkData(bytes: Uint8Array, type: string): { start: number; end: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = view.getUint32(offset)
    if (String.fromCharCode(...bytes.subarray(offset + 4, offset + 8)) === type)
      return { start: offset + 8, end: offset + 8 + length }
    offset += 12 + length
  }
  throw new Error(`no ${type} chunk`)
}

/** A copy with up to `count` bytes inverted from the middle of [start, end): damage no structural check sees. */
export function flipped(
  bytes: Uint8Array,
  count = 200,
  range = { start: 2, end: bytes.length - 2 },
): Uint8Array {
  const copy = bytes.slice()
  const n = Math.min(count, range.end - range.start)
  const from = range.start + Math.floor((range.end - range.start - n) / 2)
  for (let i = from; i < from + n; i++) copy[i] ^= 0xff
  return copy
}

/** PNG bytes with bytes flipped inside IDAT (the compressed pixels). */
export const flippedIdat = (bytes: Uint8Array, count = 200) =>
  flipped(bytes, count, pngChunkData(bytes, 'IDAT'))
