/**
 * GET /v1/sign?<image query>[&ttl=<seconds>] (keyed): the image URL signed with the service's
 * signing key (URL_SIGNING_KEYS), to put in an `<img>` tag or hand to a CDN. Without `ttl` the
 * URL never expires, and the same query always signs to the same URL (one CDN entry however
 * often it is signed). The image parameters are signed as given; the image route judges them
 * when the URL is fetched.
 */
import { Elysia, t } from 'elysia'
import type { Config } from '../../config'
import { ApiError, badRequest } from '../../errors'
import { requireKey } from '../plugins/auth'
import { IMAGE_PATH } from '../response-memo'
import { queryParams } from '../request-target'
import { urlSigner } from '../signing'
import { ErrorBody } from '../schemas'

export const SIGN_TTL = { min: 60, max: 10 * 365 * 86_400 }

export const SignBody = t.Object({
  url: t.String({
    description: "the image path and signed query, to append to the service's base URL",
  }),
  expires: t.Union([t.String({ format: 'date-time' }), t.Null()], {
    description: 'when the URL stops opening a clean image; null: never',
  }),
  ttl: t.Union([t.Integer(), t.Null()], {
    description: 'seconds from now until it expires; null: never',
  }),
  kid: t.String({ description: "the signing key's id" }),
})

export const signRoutes = (config: Pick<Config, 'apiKeys' | 'urlSigningKeys'>) => {
  const signer = urlSigner(config.urlSigningKeys)
  return new Elysia({ name: 'routes.sign' }).use(requireKey(config.apiKeys)).get(
    '/v1/sign',
    ({ request }) => {
      if (!signer.enabled)
        throw new ApiError(501, { error: 'URL signing is not configured (URL_SIGNING_KEYS)' })
      const query = queryParams(request.url)
      const ttlText = query.get('ttl')
      query.delete('ttl')
      let expires: number | null = null
      if (ttlText !== null) {
        const ttl = /^\d{1,10}$/.test(ttlText) ? Number(ttlText) : NaN
        if (!(ttl >= SIGN_TTL.min && ttl <= SIGN_TTL.max))
          throw badRequest(
            `ttl must be a whole number of seconds from ${SIGN_TTL.min} to ${SIGN_TTL.max}`,
          )
        expires = Math.floor(Date.now() / 1000) + ttl
      }
      const url = `${IMAGE_PATH}?${signer.sign(IMAGE_PATH, query, expires)}`
      const ttl = expires === null ? null : expires - Math.floor(Date.now() / 1000)
      return {
        url,
        expires: expires === null ? null : new Date(expires * 1000).toISOString(),
        ttl,
        kid: config.urlSigningKeys[0].id,
      }
    },
    {
      query: t.Object(
        {
          ttl: t.Optional(
            t.String({
              pattern: '^[0-9]+$',
              description: `seconds the URL stays valid, ${SIGN_TTL.min}..${SIGN_TTL.max}; absent: it never expires`,
            }),
          ),
        },
        {
          additionalProperties: true,
          description: 'every parameter of GET /v1/images/plane, as the image should be asked for',
        },
      ),
      response: { 200: SignBody, 400: ErrorBody, 401: ErrorBody, 501: ErrorBody },
      detail: {
        summary: 'A signed image URL: clean and publicly cacheable without a key',
        description:
          'Takes the image query of /v1/images/plane plus an optional ttl. The signature is HMAC-SHA256 (base64url) over the path, ' +
          "'?' and every parameter but sig and api-key, decoded, sorted by name then value, re-encoded with encodeURIComponent and joined with '&'. " +
          'Removing the signing key from URL_SIGNING_KEYS revokes its URLs.',
        tags: ['images'],
      },
    },
  )
}
