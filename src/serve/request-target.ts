/**
 * The path and query of a request, read from `request.url` with string operations only.
 * Bun builds that URL from the request line and the Host header, which a client controls:
 * with no Host, or `Host: a@b`, `x:99999`, `[::1`, it is not a URL that `new URL` accepts,
 * and code that runs after the response must never throw on it.
 */
export interface RequestTarget {
  path: string
  /** the raw query, without its `?` ('' when none) */
  query: string
}

export function requestTarget(url: string): RequestTarget {
  const scheme = url.indexOf('://')
  // an absolute URL's path starts after its authority; a bare one ("/v1/health") at 0
  const start = scheme >= 0 ? url.indexOf('/', scheme + 3) : url.indexOf('/')
  if (start < 0) return { path: '/', query: '' }
  const hash = url.indexOf('#', start)
  const end = hash < 0 ? url.length : hash
  const q = url.indexOf('?', start)
  if (q < 0 || q > end) return { path: url.slice(start, end), query: '' }
  return { path: url.slice(start, q), query: url.slice(q + 1, end) }
}

/** the query's parameters; never throws, whatever the bytes */
export function queryParams(url: string): URLSearchParams {
  try {
    return new URLSearchParams(requestTarget(url).query)
  } catch {
    return new URLSearchParams()
  }
}

/**
 * The request as the router should see it. Elysia finds the path as the first `/` after
 * position 11, which holds for `http://` + a host of 4 or more characters: a short or
 * missing Host (`Host: ok`, HTTP/1.0 with none) would be routed by the wrong path. Such a
 * request gets a canonical URL; any other is passed as it is, at no cost.
 */
export function routable(request: Request): Request {
  const url = request.url
  const scheme = url.indexOf('://')
  const pathStart = scheme >= 0 ? url.indexOf('/', scheme + 3) : -1
  if (scheme >= 0 && pathStart >= 11 && url.indexOf('/', 11) === pathStart) return request
  const { path, query } = requestTarget(url)
  return new Request(`http://localhost${path}${query ? `?${query}` : ''}`, request)
}
