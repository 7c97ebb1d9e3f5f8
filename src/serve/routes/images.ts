/** GET /v1/images/plane: public; without a valid key the image is watermarked. */
import { Elysia, type DocumentDecoration } from 'elysia'
import type { TObject } from '@sinclair/typebox'
import type { Config } from '../../config'
import { ImageQuerySchema } from '../../params/image-schema'
import { handleImageRequest, type ImagePipelineDeps } from '../../pipeline/request/image-request'
import { bodyOf, diagnosticHeaderDocs, imageResponse } from '../image-response'
import { payerOf } from '../caller'
import { auth } from '../plugins/auth'
import { queryParams } from '../request-target'
import type { ResponseMemo } from '../response-memo'
import { ErrorBody, ImageDescription, NotFoundBody, jsonSchema, queryParameters } from '../schemas'

const json = (schema: Parameters<typeof jsonSchema>[0]) => ({
  'application/json': { schema: jsonSchema(schema) },
})
const binary = { schema: { type: 'string', format: 'binary' } }

/** what every image answer carries besides its diagnostics */
const CACHING_HEADERS = {
  etag: {
    description: 'Entity tag of the image; send it back in If-None-Match for a 304',
    schema: { type: 'string' },
  },
  'cache-control': {
    description:
      'public, max-age=86400 without a key; private, max-age=86400 with a key (header or query); public, max-age up to its expiry for a signed URL. ' +
      'A URL whose v is the current manifest version: public, max-age=31536000, immutable without a key, the same up to its expiry when signed (private with a key)',
    schema: { type: 'string' },
  },
  vary: {
    description:
      'x-api-key, authorization: a shared cache keeps watermarked and clean images apart (a signed URL has none); with filetype=auto, accept as well',
    schema: { type: 'string' },
  },
}

/**
 * the route's OpenAPI operation: parameters and the headers options report from the one query
 * schema (`schema`: the query's, or a test's copy with an option added), every answer it can give
 */
export function imageOperation(schema: TObject = ImageQuerySchema) {
  const imageHeaders = { ...diagnosticHeaderDocs(schema), ...CACHING_HEADERS }
  return {
    summary: 'An aircraft image, or its JSON description with format=json',
    description:
      'Pre-rendered images are served as stored; any composition parameter (see each) composes the image on the fly, as PNG (as AVIF when asked as avif, as the negotiated type when asked as auto). ' +
      'In image mode a bad value never produces an error: its default or clamped value is used and the problem is logged. ' +
      'With format=json bad values answer 400 and an unresolved plane 404.',
    tags: ['images'],
    parameters: queryParameters(schema),
    responses: {
      200: {
        description:
          'The image (its type from filetype, auto negotiated from Accept; PNG when composed and asked as png, jpg or webp), or with format=json its description',
        headers: imageHeaders,
        content: {
          'image/png': binary,
          'image/jpeg': binary,
          'image/webp': binary,
          'image/avif': binary,
          ...json(ImageDescription),
        },
      },
      304: { description: 'Not modified: the If-None-Match tag matches', headers: imageHeaders },
      400: {
        description:
          "format=json: invalid options (the first failing group of filetype, angle, render options, compose options); any mode: a request target holding a raw '#'",
        content: json(ErrorBody),
      },
      401: {
        description:
          'Never sent by this route: without a valid key (none or a wrong one) the answer is 200 with a watermarked image and x-auth-status: unauthorized. The keyed routes answer 401.',
        content: json(ErrorBody),
      },
      404: {
        description:
          'format=json only: the plane was not resolved (image mode serves the default image instead)',
        content: json(NotFoundBody),
      },
      429: {
        description:
          'Too many requests from this client (per address without a key, per key with one): retry after Retry-After seconds',
        headers: {
          'retry-after': {
            description: 'Seconds to wait',
            schema: { type: 'string', pattern: '^[0-9]+$' },
          },
        },
        content: json(ErrorBody),
      },
      503: {
        description:
          'Too much drawing at once, or the process is above its memory mark: retry after Retry-After seconds. Images already made are still served.',
        headers: {
          'retry-after': {
            description: 'Seconds to wait',
            schema: { type: 'string', pattern: '^[0-9]+$' },
          },
        },
        content: json(ErrorBody),
      },
    },
  }
}
const detail = imageOperation()

export const imageRoutes = (
  config: Pick<Config, 'apiKeys' | 'urlSigningKeys'>,
  pipeline: ImagePipelineDeps,
  memo: ResponseMemo,
) =>
  new Elysia({ name: 'routes.images' }).use(auth(config.apiKeys, config.urlSigningKeys)).get(
    '/v1/images/plane',
    async ({ request, caller }) => {
      const authorized = caller.kind !== 'anonymous'
      // the parameters the signature was checked on (caller.ts), read by the same parse: what is signed is what is served
      const query = Object.fromEntries(queryParams(request.url))
      const outcome = await handleImageRequest(
        pipeline,
        query,
        payerOf(caller),
        request.signal,
        request.headers.get('accept'),
      )
      if (outcome.kind === 'image')
        memo.remember(authorized, request.url, outcome, bodyOf(outcome.image))
      return imageResponse(outcome, request)
    },
    // no `query` schema: the parser judges every value (a bad one is a 400 only in JSON mode)
    // the document is plain JSON Schema built above; Elysia's OpenAPI types want literal `type`s
    { detail: detail as DocumentDecoration },
  )
