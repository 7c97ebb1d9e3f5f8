/** GET /v1/images/plane: public; without a valid key the image is watermarked. */
import { Elysia } from 'elysia'
import { handleImageRequest, type ImagePipelineDeps } from '../../pipeline/request/image-request'
import { bodyOf, imageResponse } from '../image-response'
import { auth } from '../plugins/auth'
import type { ResponseMemo } from '../response-memo'
import { ImageQuery } from '../schemas'

export const imageRoutes = (keys: readonly string[], pipeline: ImagePipelineDeps, memo: ResponseMemo) =>
  new Elysia({ name: 'routes.images' }).use(auth(keys)).get(
    '/v1/images/plane',
    async ({ query, request, authStatus }) => {
      const authorized = authStatus === 'authorized'
      const outcome = await handleImageRequest(pipeline, query as Record<string, string>, authorized, request.signal)
      if (outcome.kind === 'image') memo.remember(authorized, request.url, outcome, bodyOf(outcome.image))
      return imageResponse(outcome, request)
    },
    {
      query: ImageQuery,
      detail: {
        summary: 'An aircraft image, or its JSON description with format=json',
        tags: ['images'],
        responses: {
          200: { description: 'image/png, image/jpeg, image/webp, or the JSON description' },
          304: { description: 'not modified (If-None-Match)' },
          400: { description: 'invalid options (JSON mode only)' },
          404: { description: 'plane not found (JSON mode only)' },
          503: { description: 'too many compositions at once; retry after the Retry-After seconds' },
        },
      },
    },
  )
