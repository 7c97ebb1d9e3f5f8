/** GET /: a page for a person, or with `Accept: application/json` an index of the routes. */
import { Elysia } from 'elysia'
import { ROUTES } from '../route-index'

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

function page(version: string): string {
  const rows = ROUTES.map(
    (r) =>
      `<tr><td><a href="${escape(r.example)}"><code>${escape(r.path)}</code></a></td><td>${r.keyed ? 'key' : 'public'}</td><td>${escape(r.description)}</td></tr>`,
  ).join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aircraft image service</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b2430}
table{border-collapse:collapse;width:100%}td{padding:.35rem .6rem;border-bottom:1px solid #e3e7ee;vertical-align:top}
code{font-size:.9em}a{color:#0b5cad}</style></head><body>
<h1>Aircraft image service <small>v${escape(version)}</small></h1>
<p>Images of 31 Airbus and Boeing models, painted in an airline's livery or blank, from 10 angles, by URL.</p>
<p><img alt="Airbus A350-900 in a sample livery" width="640" height="360" src="/v1/images/plane?plane=airbus-a350-900&amp;airline=lufthansa&amp;angle=345"></p>
<table><thead><tr><th>Route</th><th>Access</th><th>What</th></tr></thead><tbody>
${rows}
</tbody></table>
<p>Keys go in <code>x-api-key</code>, <code>Authorization: Bearer</code>, or (discouraged) <code>?api-key=</code>. See <a href="/docs">the API reference</a>.</p>
</body></html>`
}

export const homeRoutes = (version: string) =>
  new Elysia({ name: 'routes.home' }).get(
    '/',
    ({ request }) => {
      if ((request.headers.get('accept') ?? '').includes('application/json'))
        return Response.json({ service: 'aircraft-image-service', version, routes: ROUTES })
      return new Response(page(version), { headers: { 'content-type': 'text/html; charset=utf-8' } })
    },
    { detail: { summary: 'Home page (HTML) or route index (JSON)', tags: ['meta'] } },
  )
