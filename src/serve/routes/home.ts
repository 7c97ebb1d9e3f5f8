/**
 * GET /: the playground and gallery page for a person, or with `Accept: application/json`
 * an index of the routes. The page's script, styles and picker data are files of the
 * service (embedded in the binary by text imports), so the page works offline and
 * under a strict Content-Security-Policy (no inline script, nothing external).
 */
import { Elysia } from 'elysia'
import type { Catalog } from '../../catalog/load'
import { compressedAsset } from '../compressed'
import { pickerCatalog } from '../home/catalog-data'
import { homePage } from '../home/page'
import { ROUTES } from '../route-index'
// @ts-expect-error a text import: Bun gives the file's content as a string
import script from '../home/home.js' with { type: 'text' }
// @ts-expect-error a text import: Bun gives the file's content as a string
import styles from '../home/home.css' with { type: 'text' }

export const HOME_ASSETS = { script: '/assets/home.js', styles: '/assets/home.css', catalog: '/assets/home-catalog.json' }

const encode = (text: string) => new TextEncoder().encode(text)
// the page is small and versioned by the service; a day's cache is safe for the assets
const ASSET_CACHE = 'public, max-age=3600'

export function homeAssets(version: string, catalog: Catalog) {
  return {
    page: compressedAsset(() => encode(homePage(version, HOME_ASSETS)), 'text/html; charset=utf-8', 'no-cache'),
    script: compressedAsset(() => encode(script as string), 'text/javascript; charset=utf-8', ASSET_CACHE),
    styles: compressedAsset(() => encode(styles as string), 'text/css; charset=utf-8', ASSET_CACHE),
    catalog: compressedAsset(() => encode(JSON.stringify(pickerCatalog(catalog))), 'application/json', ASSET_CACHE),
  }
}

export const homeRoutes = (version: string, catalog: Catalog) => {
  const assets = homeAssets(version, catalog)
  const hidden = { detail: { hide: true } }
  return new Elysia({ name: 'routes.home' })
    .get(
      '/',
      ({ request }) => {
        if ((request.headers.get('accept') ?? '').includes('application/json'))
          return Response.json({ service: 'aircraft-image-service', version, routes: ROUTES })
        return assets.page.respond(request)
      },
      { detail: { summary: 'Home page (HTML) or route index (JSON)', tags: ['meta'] } },
    )
    .get(HOME_ASSETS.script, ({ request }) => assets.script.respond(request), hidden)
    .get(HOME_ASSETS.styles, ({ request }) => assets.styles.respond(request), hidden)
    .get(HOME_ASSETS.catalog, ({ request }) => assets.catalog.respond(request), hidden)
}
