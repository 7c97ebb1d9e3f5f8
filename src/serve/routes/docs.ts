/**
 * /openapi.json (generated from the routes' TypeBox schemas) and /docs, an API
 * reference page whose script is served from the service itself, so it works offline.
 * All three go out brotli- or gzip-compressed: the script is 4 MB as is.
 */
import { openapi } from '@elysiajs/openapi'
import { ScalarRender } from '@elysiajs/openapi/scalar'
import { Elysia } from 'elysia'
import { compressedAsset, type CompressedAsset } from '../compressed'
// The package does not export its browser bundle, so it is imported by path (embedded by bun build --compile).
// @ts-expect-error a file import: Bun gives its path as a string
import scalarBundle from '../../../node_modules/@scalar/api-reference/dist/browser/standalone.js' with { type: 'file' }

const DOCS_PATH = '/docs'
const SPEC_PATH = '/openapi.json'
const SCALAR_PATH = '/docs/scalar.js'

const info = (version: string) => ({
  title: 'Aircraft image service',
  version,
  description: 'Images of 31 Airbus and Boeing models in airline liveries, from 10 angles, pre-rendered or composed on the fly.',
})

/**
 * Scalar's page carries its configuration on an empty inline <script>; typed as data it
 * is never executed, so a CSP without 'unsafe-inline' has nothing to refuse.
 */
export function docsPage(version: string): string {
  const html = ScalarRender(info(version), { url: SPEC_PATH, cdn: SCALAR_PATH, withDefaultFonts: false, hideClientButton: true } as never)
  return html.replace(/<script(\s+id="api-reference")/, '<script type="application/json"$1')
}

export const docsRoutes = (version: string) => {
  const script = compressedAsset(() => Bun.file(scalarBundle).bytes(), 'text/javascript; charset=utf-8', 'public, max-age=86400')
  // the plugin's own page, rendered once here (the plugin serves only the document) so that it can be compressed
  const page = compressedAsset(() => new TextEncoder().encode(docsPage(version)), 'text/html; charset=utf-8', 'no-cache')
  // the plugin hands back the same document object until the routes change
  const specs = new WeakMap<object, CompressedAsset>()
  return new Elysia({ name: 'routes.docs' })
    .mapResponse(({ path, request, responseValue }) => {
      if (path !== SPEC_PATH || !responseValue || typeof responseValue !== 'object' || responseValue instanceof Response) return
      let spec = specs.get(responseValue)
      if (!spec) {
        const body = new TextEncoder().encode(JSON.stringify(responseValue))
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
        exclude: { paths: [DOCS_PATH, SPEC_PATH, SCALAR_PATH] },
        documentation: {
          info: info(version),
          servers: [{ url: '/', description: 'this service' }],
          components: {
            securitySchemes: {
              apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
              bearer: { type: 'http', scheme: 'bearer' },
              apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api-key' },
            },
          },
          security: [{ apiKeyHeader: [] }, { bearer: [] }, { apiKeyQuery: [] }],
        },
      }),
    )
    .get(DOCS_PATH, ({ request }) => page.respond(request), { detail: { hide: true } })
    .get(SCALAR_PATH, ({ request }) => script.respond(request), { detail: { hide: true } })
}
