/**
 * The one error type of the service: it knows its HTTP status and the public body
 * a client sees. The global handler (serve/plugins/errors.ts) is the only place
 * that turns it into a response.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.error === 'string' ? body.error : `http ${status}`)
    this.name = 'ApiError'
  }
}

export const unauthorized = () => new ApiError(401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer' })
export const notFound = (extra: Record<string, unknown> = {}) => new ApiError(404, { error: 'not found', ...extra })
export const badRequest = (error: string, details?: string[]) =>
  new ApiError(400, details ? { error, details } : { error })
export const overloaded = (retryAfterSeconds: number) =>
  new ApiError(503, { error: 'busy, retry later' }, { 'retry-after': String(retryAfterSeconds) })
