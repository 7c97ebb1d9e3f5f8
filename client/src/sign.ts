/**
 * signUrl: a signed image URL, made by a server that holds a signing secret of the service
 * (URL_SIGNING_KEYS=kid:secret), so a page can show a clean image without any key in it.
 * The signature is HMAC-SHA256, base64url, over the canonical form: the path, '?', and every
 * parameter but `sig` and `api-key`, decoded, sorted by name then value, re-encoded with
 * encodeURIComponent and joined with '&'. WebCrypto only, so the same code runs in Node 19+,
 * Bun, Deno, browsers and edge runtimes. Server code only: the secret must never reach a page.
 */
import { encodePair } from './url.ts'

export interface SignOptions {
  /** the signing key's id (the kid of URL_SIGNING_KEYS) */
  keyId: string
  /** its secret, as text (its UTF-8 bytes are the HMAC key) or bytes */
  secret: string | Uint8Array
  /** when the URL stops opening a clean image: unix seconds or a Date; without it, never */
  expires?: number | Date
}

/** left out of the signed URL: an older signature, and a key that must not travel in a URL */
const DROPPED = new Set(['sig', 'kid', 'exp', 'api-key'])
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/

/** the path as the service reads it: after the scheme and host when there are some, before '?' */
function split(url: string): { prefix: string; path: string; query: string } {
  const hash = url.indexOf('#')
  const bare = hash < 0 ? url : url.slice(0, hash)
  const q = bare.indexOf('?')
  const prefix = q < 0 ? bare : bare.slice(0, q)
  const scheme = prefix.indexOf('://')
  const start = scheme < 0 ? prefix.indexOf('/') : prefix.indexOf('/', scheme + 3)
  return {
    prefix,
    path: start < 0 ? '/' : prefix.slice(start),
    query: q < 0 ? '' : bare.slice(q + 1),
  }
}

/** the sorted, re-encoded query the signature covers; pairs compare by UTF-16 code units, as the service does */
export function canonicalQuery(pairs: readonly (readonly [string, string])[]): string {
  const sorted = [...pairs].sort(([a, av], [b, bv]) =>
    a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0,
  )
  return sorted.map(([n, v]) => encodePair(n, v)).join('&')
}

function unixSeconds(expires: number | Date): number {
  const seconds = expires instanceof Date ? Math.floor(expires.getTime() / 1000) : expires
  // 13 digits is a time in milliseconds, which the service would refuse as malformed
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > 999_999_999_999)
    throw new RangeError(`expires must be whole unix seconds (or a Date), not ${String(expires)}`)
  return seconds
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

async function hmac(secret: string | Uint8Array, text: string): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle
  if (!subtle)
    throw new Error(
      'signUrl needs WebCrypto (crypto.subtle): Node 19+, Bun, Deno or an edge runtime',
    )
  const raw = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret
  const key = await subtle.importKey(
    'raw',
    raw as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await subtle.sign('HMAC', key, new TextEncoder().encode(text)))
}

/**
 * `url` (absolute, or a path such as imageUrl('', options) gives) with `kid`, `exp` when
 * `expires` is given, and `sig` added, its query in canonical order: one query, one URL.
 */
export async function signUrl(
  url: string,
  { keyId, secret, expires }: SignOptions,
): Promise<string> {
  if (!KEY_ID.test(keyId))
    throw new TypeError(`keyId must be 1-32 letters, digits, - or _, not ${JSON.stringify(keyId)}`)
  if (secret.length === 0) throw new TypeError('secret must not be empty')
  const { prefix, path, query } = split(url)
  const pairs = [...new URLSearchParams(query)].filter(([name]) => !DROPPED.has(name.toLowerCase()))
  if (expires !== undefined) pairs.push(['exp', String(unixSeconds(expires))])
  pairs.push(['kid', keyId])
  const canonical = canonicalQuery(pairs)
  const sig = base64url(await hmac(secret, `${path}?${canonical}`))
  return `${prefix}?${canonical}&sig=${sig}`
}
