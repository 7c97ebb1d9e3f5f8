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

export const unauthorized = () =>
  new ApiError(401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer' })
export const notFound = (extra: Record<string, unknown> = {}) =>
  new ApiError(404, { error: 'not found', ...extra })
export const badRequest = (error: string, details?: string[]) =>
  new ApiError(400, details ? { error, details } : { error })
/** Too much work queued, or waited too long in the queue: the caller should come back later. */
export class OverloadError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, { error: 'busy, retry later' }, { 'retry-after': String(retryAfterSeconds) })
    this.name = 'OverloadError'
  }
}
export const overloaded = (retryAfterSeconds: number) => new OverloadError(retryAfterSeconds)

/**
 * The client went away before its work began (nginx's 499): nobody reads the answer, it
 * exists so that the work is dropped and the log says why.
 */
export class ClientClosedError extends ApiError {
  constructor() {
    super(499, { error: 'client closed request' })
    this.name = 'ClientClosedError'
  }
}

/** errors that are answers in their own right: no fallback image may replace them */
export const isAnswerNow = (error: unknown): error is OverloadError | ClientClosedError =>
  error instanceof OverloadError || error instanceof ClientClosedError
