/**
 * /openapi.json (generated from the routes' TypeBox schemas) and /docs, an API reference that
 * RapiDoc draws from it. The page and its one script come from the service itself (the script
 * is vendored and pinned in src/serve/vendor/, embedded in the binary by a text import), so
 * /docs works offline and under the pages' CSP. All three go out brotli- or gzip-compressed.
 */
import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
import { compressedAsset, type CompressedAsset } from '../compressed'
import { IMAGE_PATH } from '../response-memo'
import { SIGNATURE_PARAMS } from '../signing'
import { KEYED_PREFIXES } from './keyed-prefixes'
// @ts-expect-error a text import: Bun gives the file's content as a string
import rapidoc from '../vendor/rapidoc-9.3.8.min.js' with { type: 'text' }

const DOCS_PATH = '/docs'
const SPEC_PATH = '/openapi.json'
export const DOCS_SCRIPT_PATH = '/docs/rapidoc.js'

const info = (version: string) => ({
  title: 'Aircraft image service',
  version,
  description:
    'Images of 31 Airbus and Boeing models in airline liveries, from 10 angles, pre-rendered or composed on the fly.',
})

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * Configured by attributes, so the page has no inline script. RapiDoc's web fonts come from
 * Google (load-fonts="false" keeps it from asking); its header would load other documents.
 * The title is the page's own <h1> (RapiDoc draws it as a plain div), in its default slot.
 */
export function docsPage(version: string): string {
  const { title, description } = info(version)
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference: ${escapeHtml(title)} ${escapeHtml(version)}</title>
<script src="${DOCS_SCRIPT_PATH}" defer></script>
<style>
body { margin: 0 }
header { font-family: system-ui, sans-serif; padding: 24px 8px 0 }
@media (min-width: 1024px) { header { padding: 24px 80px 0 } }
h1 { font-size: 32px; font-weight: normal; margin: 0 }
h1 small { font-size: 13px; font-weight: bold }
</style>
</head>
<body>
<rapi-doc spec-url="${SPEC_PATH}" load-fonts="false" regular-font="system-ui, sans-serif" mono-font="ui-monospace, monospace"
  show-header="false" show-info="false" allow-spec-url-load="false" allow-spec-file-load="false" allow-server-selection="false"
  render-style="read" schema-style="table" persist-auth="false" theme="light">
<header><h1>${escapeHtml(title)} <small>${escapeHtml(version)}</small></h1><p>${escapeHtml(description)}</p></header>
</rapi-doc>
</body>
</html>
`
}

const SECURITY_SCHEMES = {
  apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
  bearer: { type: 'http', scheme: 'bearer' },
  apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api-key' },
}
/** any one transport of a key: the document's default, which the public routes override */
const KEYED = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }))
/** the routes that answer 401 without a key are exactly those under the keyed prefixes (keyed-prefixes.ts) */
const isKeyed = (path: string) =>
  KEYED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
/**
 * The image route needs no key but takes one (a clean image): the empty requirement first, then
 * any transport. Every other public route ignores keys: no requirement at all.
 */
const securityOf = (path: string) =>
  isKeyed(path) ? undefined : path === IMAGE_PATH ? [{}, ...KEYED] : []

/**
 * The parameters of a signed URL (signing.ts verifies them on the image path only). They
 * belong to the path, not to its operation: the operation's parameters are the image query
 * schema's, from which the home page builds its form.
 */
const SIGNED_URL_PARAMETERS = [
  {
    name: SIGNATURE_PARAMS.expires,
    description:
      'Signed URL (GET /v1/sign makes them): when it expires, unix seconds; absent, the URL never expires. Signed like the other parameters',
    schema: { type: 'integer', minimum: 0, maximum: 999_999_999_999 },
  },
  {
    name: SIGNATURE_PARAMS.keyId,
    description:
      'Signed URL: the id of the URL_SIGNING_KEYS key that signed it. Signed like the other parameters',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,32}$' },
  },
  {
    name: SIGNATURE_PARAMS.signature,
    description:
      'Signed URL: HMAC-SHA256, base64url, of the path and every other parameter but api-key, in the canonical form GET /v1/sign describes. ' +
      'Valid and without a key: the clean image, publicly cacheable. Expired, of an unknown kid or not matching: the watermarked image',
    schema: { type: 'string' },
  },
].map((p) => ({ ...p, in: 'query', required: false }))

type Document = { paths: Record<string, Record<string, unknown>> } & Record<string, unknown>

/** the generated document plus what route details cannot say: which routes need no key, and the path-wide signing parameters */
export function completeDocument(doc: Document): Document {
  const paths = Object.entries(doc.paths).map(([path, item]) => {
    const security = securityOf(path)
    const operations = Object.entries(item).map(([method, op]) => [
      method,
      security ? { ...(op as object), security } : op,
    ])
    return [
      path,
      {
        ...Object.fromEntries(operations),
        ...(path === IMAGE_PATH ? { parameters: SIGNED_URL_PARAMETERS } : {}),
      },
    ]
  })
  return { ...doc, paths: Object.fromEntries(paths) }
}

export const docsRoutes = (version: string) => {
  const script = compressedAsset(
    () => new TextEncoder().encode(rapidoc as string),
    'text/javascript; charset=utf-8',
    'public, max-age=86400',
  )
  // rendered once here (the plugin serves only the document) so that it can be compressed
  const page = compressedAsset(
    () => new TextEncoder().encode(docsPage(version)),
    'text/html; charset=utf-8',
    'no-cache',
  )
  // the plugin hands back the same document object until the routes change
  const specs = new WeakMap<object, CompressedAsset>()
  return new Elysia({ name: 'routes.docs' })
    .mapResponse(({ path, request, responseValue }) => {
      if (
        path !== SPEC_PATH ||
        !responseValue ||
        typeof responseValue !== 'object' ||
        responseValue instanceof Response
      )
        return
      let spec = specs.get(responseValue)
      if (!spec) {
        const body = new TextEncoder().encode(
          JSON.stringify(completeDocument(responseValue as Document)),
        )
        spec = compressedAsset(() => body, 'application/json; charset=utf-8', 'no-cache')
        specs.set(responseValue, spec)
      }
      return spec.respond(request)
    })
    .use(
      openapi({
        path: DOCS_PATH,
        specPath: SPEC_PATH,
        provider: null,
        exclude: { paths: [DOCS_PATH, SPEC_PATH, DOCS_SCRIPT_PATH] },
        documentation: {
          info: info(version),
          servers: [{ url: '/', description: 'this service' }],
          components: { securitySchemes: SECURITY_SCHEMES as never },
          security: KEYED,
        },
      }),
    )
    .get(DOCS_PATH, ({ request }) => page.respond(request), { detail: { hide: true } })
    .get(DOCS_SCRIPT_PATH, ({ request }) => script.respond(request), { detail: { hide: true } })
}
