/**
 * Unknown paths under the keyed prefixes: without a valid key 401, like every route there (a
 * caller without a key learns nothing about which paths exist); with one, 404.
 */
import { Elysia } from 'elysia'
import { notFound } from '../../errors'
import { requireKey } from '../plugins/auth'

export const KEYED_PREFIXES = ['/v1/catalog', '/v1/info', '/v1/resolve', '/v1/sign'] as const

export const keyedPrefixRoutes = (keys: readonly string[]) => {
  const app = new Elysia({ name: 'routes.keyed-prefixes' }).use(requireKey(keys))
  const unknown = () => {
    throw notFound()
  }
  for (const prefix of KEYED_PREFIXES) {
    if (prefix !== '/v1/resolve' && prefix !== '/v1/sign')
      app.get(prefix, unknown, { detail: { hide: true } })
    app.get(`${prefix}/*`, unknown, { detail: { hide: true } })
  }
  return app
}
