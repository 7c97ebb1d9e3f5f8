/**
 * Security headers on every HTML page (the home page, /docs, any page added later):
 * the pages load only what the service itself serves, cannot be framed, and leak no
 * referrer. /docs fits this policy: its script is /docs/rapidoc.js (served by the
 * service, no eval), set up by the element's attributes, its styles are inline, it
 * fetches /openapi.json. JSON and images need none of this and are left alone.
 */
import { Elysia } from 'elysia'

export const HTML_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

const isHtml = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.toLowerCase().startsWith('text/html')

/**
 * A route whose value is a fixed Response (the /docs page) reaches the hook as Elysia's
 * cloning function: calling it gives this request's copy, which the hook then returns.
 */
export const securityHeaders = () =>
  new Elysia({ name: 'plugin.security-headers' }).onAfterHandle(
    { as: 'global' },
    ({ response, set }) => {
      const value = typeof response === 'function' ? (response as () => unknown)() : response
      if (value instanceof Response) {
        if (isHtml(value.headers.get('content-type')))
          for (const [name, header] of Object.entries(HTML_SECURITY_HEADERS))
            value.headers.set(name, header)
        return value
      }
      if (isHtml(set.headers['content-type'])) Object.assign(set.headers, HTML_SECURITY_HEADERS)
    },
  )
