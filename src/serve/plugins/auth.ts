/**
 * API keys. The key is taken from the first transport present: `x-api-key`, then
 * `Authorization: Bearer`, then the `api-key` query parameter; a present but wrong
 * key is not rescued by another transport. Keys are compared in constant time
 * (digests of equal length, every key checked). `auth` tells a route who calls;
 * `requireKey` makes the routes of the plugin that uses it answer 401 without one.
 */
import { Elysia } from 'elysia'
import { createHash, timingSafeEqual } from 'node:crypto'
import { unauthorized } from '../../errors'
import { queryParams } from '../request-target'

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
  const query = queryParams(request.url).get('api-key')
  if (query !== null) return { key: query.trim(), transport: 'query' }
  return null
}

export function keyChecker(keys: readonly string[]): (request: Request) => AuthStatus {
  const digests = keys.map(digest)
  return (request) => {
    const presented = presentedKey(request)
    if (!presented) return 'missing'
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

export const requireKey = (keys: readonly string[]) =>
  new Elysia({ name: 'plugin.require-key', seed: keys.join('\n') })
    .use(auth(keys))
    .onBeforeHandle({ as: 'scoped' }, ({ authStatus }) => {
      if (authStatus !== 'authorized') throw unauthorized()
    })
