/**
 * The one global error handler: ApiError knows its status and public body; a
 * validation failure is a 400 listing its problems; an unknown route a 404; and
 * anything else is logged and answered 500 without internals.
 */
import { Elysia } from 'elysia'
import { ApiError } from '../../errors'
import { log } from '../../log'

export const errorHandler = () =>
  new Elysia({ name: 'plugin.errors' }).onError(
    { as: 'global' },
    ({ error, code, set, request }) => {
      if (error instanceof ApiError) {
        set.status = error.status
        Object.assign(set.headers, error.headers)
        return error.body
      }
      if (code === 'NOT_FOUND') {
        set.status = 404
        return { error: 'not found' }
      }
      if (code === 'VALIDATION' || code === 'PARSE') {
        set.status = 400
        const details =
          code === 'VALIDATION' && 'all' in error
            ? error.all.map(
                (e: { path?: string; summary?: string; message?: string }) =>
                  `${(e.path ?? '').replace(/^\//, '') || 'request'}: ${e.summary ?? e.message}`,
              )
            : [String((error as Error).message)]
        return { error: 'invalid request', details }
      }
      log.error('unhandled error', {
        url: request.url,
        code: String(code),
        error: String((error as Error)?.stack ?? error),
      })
      set.status = 500
      return { error: 'internal error' }
    },
  )
