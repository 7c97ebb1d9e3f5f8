/** Real encoded images for the store tests, so the integrity checks see what renders produce. */
import { createCanvas } from '@napi-rs/canvas'

function draw(shade: number) {
  const canvas = createCanvas(4, 3)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = `rgb(${shade % 256}, 80, 160)`
  ctx.fillRect(0, 0, 4, 3)
  return canvas
}

const asBytes = (buf: Buffer) => new Uint8Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength))

/** A valid PNG; different `shade`s give different bytes (for overwrite tests). */
export const png = (shade = 0): Uint8Array => asBytes(draw(shade).toBuffer('image/png'))
export const jpeg = (shade = 0): Uint8Array => asBytes(draw(shade).toBuffer('image/jpeg'))
export const webp = (shade = 0): Uint8Array => asBytes(draw(shade).toBuffer('image/webp'))
export const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value))

/** A PNG cut short, as a crash or a full disk mid-write would leave it. */
export const truncatedPng = (): Uint8Array => png().subarray(0, 40)

export const KEY = 'liveries/airbus-a320-200/lufthansa/base/345/down/w-1280_z-contain-1p00_m-8p00.png'
