/**
 * GET /: the playground and gallery page for a person, or with `Accept: application/json`
 * an index of the routes. The page's script modules, styles and picker data are files of
 * the service (embedded in the binary by text imports), so the page works offline and
 * under a strict Content-Security-Policy (no inline script, nothing external).
 */
import { Elysia } from 'elysia'
import type { Catalog } from '../../catalog/load'
import { notFound } from '../../errors'
import { compressedAsset } from '../compressed'
import { pickerCatalog } from '../home/catalog-data'
import { homePage } from '../home/page'
import { ROUTES } from '../route-index'
// @ts-expect-error a text import: Bun gives the file's content as a string
import api from '../home/api.js' with { type: 'text' }
// @ts-expect-error a text import
import catalogModule from '../home/catalog.js' with { type: 'text' }
// @ts-expect-error a text import
import controls from '../home/controls.js' with { type: 'text' }
// @ts-expect-error a text import
import gallery from '../home/gallery.js' with { type: 'text' }
// @ts-expect-error a text import
import entry from '../home/home.js' with { type: 'text' }
// @ts-expect-error a text import
import styles from '../home/home.css' with { type: 'text' }

const ASSETS = '/assets/home'
/** the page's script modules, by the name they import each other with */
export const HOME_MODULES: Record<string, string> = {
  'home.js': entry,
  'api.js': api,
  'catalog.js': catalogModule,
  'controls.js': controls,
  'gallery.js': gallery,
}
export const HOME_ASSETS = {
  script: `${ASSETS}/home.js`,
  styles: `${ASSETS}/home.css`,
  catalog: `${ASSETS}/catalog.json`,
}

const encode = (text: string) => new TextEncoder().encode(text)
// the assets change only with a new version of the service; an hour's cache spares repeat visits
const ASSET_CACHE = 'public, max-age=3600'
const JS = 'text/javascript; charset=utf-8'

export const homeRoutes = (version: string, catalog: Catalog) => {
  const modules = Object.keys(HOME_MODULES).map((name) => `${ASSETS}/${name}`)
  const page = compressedAsset(
    () => encode(homePage(version, { ...HOME_ASSETS, modules })),
    'text/html; charset=utf-8',
    'no-cache',
  )
  const files = new Map([
    ['home.css', compressedAsset(() => encode(styles), 'text/css; charset=utf-8', ASSET_CACHE)],
    [
      'catalog.json',
      compressedAsset(
        () => encode(JSON.stringify(pickerCatalog(catalog))),
        'application/json',
        ASSET_CACHE,
      ),
    ],
    ...Object.entries(HOME_MODULES).map(
      ([name, text]) => [name, compressedAsset(() => encode(text), JS, ASSET_CACHE)] as const,
    ),
  ])
  return new Elysia({ name: 'routes.home' })
    .get(
      '/',
      ({ request }) => {
        if ((request.headers.get('accept') ?? '').includes('application/json'))
          return Response.json({ service: 'aircraft-image-service', version, routes: ROUTES })
        return page.respond(request)
      },
      { detail: { summary: 'Home page (HTML) or route index (JSON)', tags: ['meta'] } },
    )
    .get(
      `${ASSETS}/:file`,
      ({ params, request }) => {
        const file = files.get(params.file)
        if (!file) throw notFound()
        return file.respond(request)
      },
      { detail: { hide: true } },
    )
}
