/**
 * API keys. The key is taken from the first transport present: `x-api-key`, then
 * `Authorization: Bearer`, then the `api-key` query parameter (caller.ts). `auth` tells a
 * route who calls, from the edge's one decision; `requireKey` makes the routes of the plugin
 * that uses it answer 401 without a key, and marks their answers private: a shared cache must
 * never hand a keyed answer to anyone else.
 */
import { Elysia } from 'elysia'
import { unauthorized } from '../../errors'
import { callerIdentifier, callerOf } from '../caller'
import type { SigningKey } from '../signing'

export const auth = (keys: readonly string[], signingKeys: readonly SigningKey[] = []) => {
  const identify = callerIdentifier(keys, signingKeys)
  return new Elysia({
    name: 'plugin.auth',
    seed: [...keys, ...signingKeys.map((k) => k.id)].join('\n'),
  }).derive({ as: 'global' }, ({ request }) => {
    return { caller: callerOf(request, identify) }
  })
}

/**
 * At transform, before the query is validated: a caller without a key gets 401 and
 * learns nothing about which queries the route would accept. A signed URL stands for its
 * key on the image route only (signing.ts), so here only a key passes.
 */
export const requireKey = (keys: readonly string[]) => {
  const identify = callerIdentifier(keys)
  return new Elysia({ name: 'plugin.require-key', seed: keys.join('\n') })
    .use(auth(keys))
    .onTransform({ as: 'scoped' }, ({ request, set }) => {
      Object.assign(set.headers, KEYED_HEADERS)
      if (callerOf(request, identify).kind !== 'key') throw unauthorized()
    })
}

/** On every answer of a keyed route, errors included. */
export const KEYED_HEADERS = {
  'cache-control': 'private, no-store',
  vary: 'x-api-key, authorization',
}
