/**
 * Integrity of stored assets, checked before a stored file is served or used as a
 * source. Chosen by the key's extension; keys with other extensions pass unchecked.
 *
 * PNG carries its own checksums: every chunk's CRC-32 is verified over the whole file,
 * so a flipped byte anywhere (inside IDAT above all) is caught. JPEG and WebP carry
 * none, and decoding does not prove them whole: decoders repair or ignore damage in
 * the compressed data (measured: 200 flipped bytes in a JPEG's scan decoded without an
 * error 20 times out of 20, in a WebP 11 out of 20). So the store keeps a SHA-256 of
 * each JPEG and WebP object beside it (a dot-named sidecar no key can name and no
 * listing shows) and compares it on every read; an object without one is a miss.
 */
import { createHash } from 'node:crypto'
import { log } from '../log'
import { faultLog } from './fault-log'

/** A backend that cannot be read fails every read: one line per interval says so, not one per request. */
const readFault = faultLog()

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
// The IEND chunk is always last and always the same 12 bytes: length 0, "IEND", CRC.
const PNG_IEND = [0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]

/** Why `bytes` are not a valid asset for `key`, or null if they pass. */
export function integrityProblem(key: string, bytes: Uint8Array): string | null {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  switch (ext) {
    case 'png':
      if (!startsWith(bytes, PNG_SIGNATURE)) return 'png: missing signature'
      if (bytes.length < PNG_SIGNATURE.length + PNG_IEND.length || !endsWith(bytes, PNG_IEND))
        return 'png: missing IEND (truncated?)'
      return pngChunkProblem(bytes)
    case 'jpg':
    case 'jpeg':
      if (!startsWith(bytes, [0xff, 0xd8])) return 'jpeg: missing SOI marker'
      if (bytes.length < 4 || !endsWith(bytes, [0xff, 0xd9]))
        return 'jpeg: missing EOI marker (truncated?)'
      return null
    case 'webp': {
      if (bytes.length < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 12) !== 'WEBP')
        return 'webp: missing RIFF/WEBP header'
      const riffSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
        4,
        true,
      )
      if (riffSize + 8 !== bytes.length)
        return `webp: RIFF size ${riffSize + 8} != ${bytes.length} bytes (truncated?)`
      return null
    }
    case 'json':
      try {
        JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
        return null
      } catch (err) {
        return `json: ${(err as Error).message}`
      }
    default:
      return null
  }
}

export class CorruptAssetError extends Error {}

/** For `put`: refusing bad bytes up front keeps a broken render from ever being served. */
export function assertIntact(key: string, bytes: Uint8Array): void {
  const problem = integrityProblem(key, bytes)
  if (problem)
    throw new CorruptAssetError(
      `refusing to store corrupt asset ${JSON.stringify(key)}: ${problem}`,
    )
}

/** Content-Type for a key, so S3 (and anything serving from it) labels assets correctly. */
export function contentTypeFor(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return (
    {
      png: 'image/png',
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      webp: 'image/webp',
      json: 'application/json',
    }[ext] ?? 'application/octet-stream'
  )
}

/** Walks every chunk from the signature to IEND, checking each length and CRC-32. */
function pngChunkProblem(bytes: Uint8Array): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let offset = PNG_SIGNATURE.length
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset)
    const end = offset + 8 + length
    if (end + 4 > bytes.length) return `png: chunk at byte ${offset} runs past the end`
    const type = ascii(bytes, offset + 4, offset + 8)
    if (Bun.hash.crc32(bytes.subarray(offset + 4, end)) !== view.getUint32(end))
      return `png: ${type} chunk at byte ${offset} fails its CRC`
    offset = end + 4
    if (type === 'IEND') return offset === bytes.length ? null : 'png: bytes after IEND'
  }
  return 'png: no IEND chunk'
}

/** Formats whose objects are checked against a stored SHA-256 (they carry no checksum of their own). */
export const needsDigest = (key: string) => /\.(jpe?g|webp)$/i.test(key)

/** The sidecar of an object name: a dot-name beside it, which no store key can name. */
export function digestNameFor(name: string): string {
  const slash = name.lastIndexOf('/')
  return `${name.slice(0, slash + 1)}.${name.slice(slash + 1)}.sha256`
}

export const digestOf = (bytes: Uint8Array) =>
  new TextEncoder().encode(createHash('sha256').update(bytes).digest('hex'))

function startsWith(bytes: Uint8Array, expected: number[]): boolean {
  return bytes.length >= expected.length && expected.every((b, i) => bytes[i] === b)
}

function endsWith(bytes: Uint8Array, expected: number[]): boolean {
  const offset = bytes.length - expected.length
  return offset >= 0 && expected.every((b, i) => bytes[offset + i] === b)
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end))
}

/**
 * A read as both backends do it: a failed read is a miss (logged unless the key is
 * simply absent), and so is bytes that fail the integrity check or their stored
 * digest (read at the same time, for the formats that need one). The caller renders
 * again and its put replaces the bad object.
 */
export async function readChecked(
  store: string,
  key: string,
  read: () => Promise<Uint8Array>,
  isAbsent: (code: string | undefined) => boolean,
  readDigest: () => Promise<Uint8Array>,
): Promise<Uint8Array | null> {
  let bytes: Uint8Array
  const digest = needsDigest(key) ? readDigest().catch(() => null) : null
  try {
    bytes = await read()
  } catch (err) {
    const code = (err as { code?: string }).code
    if (!isAbsent(code))
      readFault(`${store}|${code}`, 'store read failed; treating as a miss', {
        store,
        key,
        code,
        error: String(err),
      })
    return null
  }
  const problem =
    integrityProblem(key, bytes) ?? (digest ? digestProblem(bytes, await digest) : null)
  if (problem) {
    log.warn('store asset is corrupt; treating as a miss', {
      store,
      key,
      problem,
      bytes: bytes.length,
    })
    return null
  }
  return bytes
}

function digestProblem(bytes: Uint8Array, stored: Uint8Array | null): string | null {
  if (!stored) return 'no checksum stored beside it'
  return Buffer.from(stored).equals(Buffer.from(digestOf(bytes)))
    ? null
    : 'sha-256 does not match the stored checksum'
}
