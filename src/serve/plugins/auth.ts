/**
 * API keys. The key is taken from the first transport present: `x-api-key`, then
 * `Authorization: Bearer`, then the `api-key` query parameter; a present but wrong
 * key is not rescued by another transport. Keys are compared in constant time
 * (digests of equal length, every key checked). `auth` tells a route who calls;
 * `requireKey` makes the routes of the plugin that uses it answer 401 without one, and
 * marks their answers private: a shared cache must never hand a keyed answer to anyone else.
 */
import { Elysia } from 'elysia'
import { createHash, timingSafeEqual } from 'node:crypto'
import { unauthorized } from '../../errors'
import { signedRequests, urlSigner } from '../signing'

export type AuthStatus = 'authorized' | 'missing' | 'invalid'
export type KeyTransport = 'header' | 'bearer' | 'query'

const digest = (value: string) => createHash('sha256').update(value).digest()

export function presentedKey(request: Request): { key: string; transport: KeyTransport } | null {
  const header = request.headers.get('x-api-key')
  if (header !== null) return { key: header.trim(), transport: 'header' }
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim())
    return { key: match ? match[1].trim() : '', transport: 'bearer' }
  }
  const query = queryKey(request.url)
  if (query !== null) return { key: query.trim(), transport: 'query' }
  return null
}

/**
 * The first `api-key` query parameter, matched after percent-decoding and without
 * regard to case, as the log's redaction matches it: every spelling a client can send
 * is one parameter, so none slips past either. Never throws, whatever the URL.
 */
function queryKey(url: string): string | null {
  const start = url.indexOf('?')
  if (start < 0) return null
  const end = url.indexOf('#', start)
  for (const [name, value] of new URLSearchParams(url.slice(start + 1, end < 0 ? undefined : end)))
    if (name.toLowerCase() === 'api-key') return value
  return null
}

export function keyChecker(keys: readonly string[]): (request: Request) => AuthStatus {
  const digests = keys.map(digest)
  const signer = urlSigner(keys)
  return (request) => {
    const presented = presentedKey(request)
    if (!presented) {
      // no key sent: a signed URL (serve/signing.ts) stands for the key that signed it, on the path it signed
      const verdict = signer.verify(request.url)
      if (verdict.kind === 'valid') signedRequests.set(request, verdict.expires)
      return verdict.kind === 'unsigned' ? 'missing' : verdict.kind === 'valid' ? 'authorized' : 'invalid'
    }
    const candidate = digest(presented.key)
    let valid = false
    for (const d of digests) valid = timingSafeEqual(d, candidate) || valid
    return valid ? 'authorized' : 'invalid'
  }
}

export const auth = (keys: readonly string[]) => {
  const check = keyChecker(keys)
  return new Elysia({ name: 'plugin.auth', seed: keys.join('\n') }).derive({ as: 'global' }, ({ request }) => ({
    authStatus: check(request),
  }))
}

/**
 * At transform, before the query is validated: a caller without a key gets 401 and
 * learns nothing about which queries the route would accept.
 */
export const requireKey = (keys: readonly string[]) => {
  const check = keyChecker(keys)
  return new Elysia({ name: 'plugin.require-key', seed: keys.join('\n') })
    .use(auth(keys))
    .onTransform({ as: 'scoped' }, ({ request, set }) => {
      Object.assign(set.headers, KEYED_HEADERS)
      if (check(request) !== 'authorized') throw unauthorized()
    })
}

/** On every answer of a keyed route, errors included. */
export const KEYED_HEADERS = { 'cache-control': 'private, no-store', vary: 'x-api-key, authorization' }
