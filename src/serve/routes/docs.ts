/**
 * /openapi.json (generated from the routes' TypeBox schemas) and /docs, an API
 * reference page whose script is served from the service itself, so it works offline.
 */
import { openapi } from '@elysiajs/openapi'
import { Elysia } from 'elysia'
// The package does not export its browser bundle, so it is imported by path (embedded by bun build --compile).
// @ts-expect-error a file import: Bun gives its path as a string
import scalarBundle from '../../../node_modules/@scalar/api-reference/dist/browser/standalone.js' with { type: 'file' }

const SCALAR_PATH = '/docs/scalar.js'

export const docsRoutes = (version: string) =>
  new Elysia({ name: 'routes.docs' })
    .use(
      openapi({
        path: '/docs',
        specPath: '/openapi.json',
        provider: 'scalar',
        scalar: { cdn: SCALAR_PATH, withDefaultFonts: false, hideClientButton: true } as never,
        exclude: { paths: ['/docs', '/openapi.json', SCALAR_PATH] },
        documentation: {
          info: {
            title: 'Aircraft image service',
            version,
            description:
              'Images of 31 Airbus and Boeing models in airline liveries, from 10 angles, pre-rendered or composed on the fly.',
          },
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
    .get(SCALAR_PATH, () => new Response(Bun.file(scalarBundle), { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=86400' } }), {
      detail: { hide: true },
    })
