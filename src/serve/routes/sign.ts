/**
 * GET /v1/sign?<image query>&ttl=<seconds> (keyed): the image URL signed by the caller's key,
 * to put in an `<img>` tag or hand to a CDN. The image parameters are signed as given; the
 * image route judges them when the URL is fetched.
 */
import { Elysia, t } from 'elysia'
import { badRequest } from '../../errors'
import { presentedKey } from '../caller'
import { requireKey } from '../plugins/auth'
import { IMAGE_PATH } from '../response-memo'
import { queryParams } from '../request-target'
import { urlSigner } from '../signing'

export const SIGN_TTL = { default: 3600, min: 60, max: 7 * 86_400 }

export const signRoutes = (keys: readonly string[]) => {
  const signer = urlSigner(keys)
  return new Elysia({ name: 'routes.sign' }).use(requireKey(keys)).get(
    '/v1/sign',
    ({ request }) => {
      const query = queryParams(request.url)
      const ttlText = query.get('ttl') ?? String(SIGN_TTL.default)
      const ttl = /^\d{1,9}$/.test(ttlText) ? Number(ttlText) : NaN
      if (!(ttl >= SIGN_TTL.min && ttl <= SIGN_TTL.max)) throw badRequest(`ttl must be a whole number of seconds from ${SIGN_TTL.min} to ${SIGN_TTL.max}`)
      query.delete('ttl')
      const expires = Math.floor(Date.now() / 1000) + ttl
      // requireKey let only a valid key through; the one presented signs
      const url = `${IMAGE_PATH}?${signer.sign(IMAGE_PATH, query, presentedKey(request)!.key, expires)}`
      return { url, expires: new Date(expires * 1000).toISOString(), ttl }
    },
    {
      query: t.Object({ ttl: t.Optional(t.String({ description: `seconds the URL stays valid, ${SIGN_TTL.min}..${SIGN_TTL.max}, default ${SIGN_TTL.default}` })) }, { additionalProperties: true }),
      response: { 200: t.Object({ url: t.String(), expires: t.String(), ttl: t.Number() }) },
      detail: {
        summary: 'A signed image URL: clean and publicly cacheable until it expires, without a key',
        description: 'Takes the image query of /v1/images/plane plus ttl. Removing the signing key from API_KEYS revokes its URLs.',
        tags: ['images'],
      },
    },
  )
}
