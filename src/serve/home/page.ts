/**
 * The home page's HTML: a shell that the script (home.js) fills from the image
 * route's OpenAPI parameters, plus the route table, which needs no script.
 */
import { ROUTES } from '../route-index'

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

export interface PageAssets {
  /** the entry module; it imports its siblings by relative path */
  script: string
  /** every module, preloaded at once rather than discovered import by import */
  modules: string[]
  styles: string
  catalog: string
}

export function homePage(version: string, assets: PageAssets): string {
  const rows = ROUTES.map(
    (r) =>
      `<tr><td><a href="${escape(r.example)}"><code>${escape(r.path)}</code></a></td><td>${r.keyed ? 'key' : 'public'}</td><td>${escape(r.description)}</td></tr>`,
  ).join('\n')
  return `<!doctype html>
<html lang="en" data-catalog="${assets.catalog}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Aircraft image service: playground and gallery</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${assets.styles}">
${assets.modules.map((m) => `<link rel="modulepreload" href="${m}">`).join('\n')}
<script type="module" src="${assets.script}"></script>
</head>
<body>
<a class="skip" href="#params">Skip to the parameters</a>
<header>
<h1>Aircraft image service <small>v${escape(version)}</small></h1>
<p>Images of 31 Airbus and Boeing models, painted in an airline's livery or blank, from 10 angles, by URL.
Try every parameter of <code>GET /v1/images/plane</code> below, copy the URL, or see the <a href="/docs">API reference</a>.</p>
</header>
<main>
<section id="playground" aria-labelledby="playground-title">
<h2 id="playground-title">Playground</h2>
<form class="key" id="key-form" autocomplete="off">
<label for="api-key">API key</label>
<input id="api-key" type="password" autocomplete="off" spellcheck="false" aria-describedby="api-key-help">
<button type="button" id="forget-key">Forget key</button>
<small id="api-key-help">Optional. Kept in this browser tab only (session storage) and sent as the <code>x-api-key</code> header, never in a URL. Without a key the images are watermarked.</small>
</form>
<div class="columns">
<figure class="preview" id="preview-figure" aria-busy="true">
<img id="preview" width="1280" height="720" alt="Preview of the image the URL below returns">
<figcaption id="status" role="status" aria-live="polite">Loading&hellip;</figcaption>
</figure>
<form id="params" aria-label="Parameters of the image route" tabindex="-1">
<p class="note">Loading the parameters from <a href="/openapi.json">/openapi.json</a>&hellip;</p>
</form>
<div class="results">
<h3 id="url-title">URL</h3>
<div class="copy"><code id="url" aria-labelledby="url-title"></code><button type="button" data-copy="url" aria-label="Copy the URL">Copy</button></div>
<h3 id="curl-title">curl</h3>
<div class="copy"><code id="curl" aria-labelledby="curl-title"></code><button type="button" data-copy="curl" aria-label="Copy the curl command">Copy</button></div>
<h3 id="html-title">HTML <small>(an <code>&lt;img&gt;</code> with the width presets in <code>srcset</code>)</small></h3>
<div class="copy"><code id="html" aria-labelledby="html-title"></code><button type="button" data-copy="html">Copy HTML</button></div>
<div id="signing" hidden>
<h3 id="signed-title">Signed URL</h3>
<div class="copy"><code id="signed" aria-labelledby="signed-title" aria-live="polite"></code><button type="button" id="sign" aria-describedby="signed-help">Copy signed URL</button></div>
<small id="signed-help">Signed by the service (<code>GET /v1/sign</code>, your key only asks for it): it shows the clean image without a key, in any page, and never expires.</small>
</div>
<div class="described">
<section aria-labelledby="json-title"><h3 id="json-title">JSON description <small>(<code>format=json</code>)</small></h3><pre id="json" tabindex="0" aria-labelledby="json-title"></pre></section>
<section aria-labelledby="headers-title"><h3 id="headers-title">Response headers</h3><dl id="headers"></dl></section>
</div>
</div>
</div>
</section>
<section id="gallery" aria-labelledby="gallery-title">
<h2 id="gallery-title">Gallery</h2>
<p class="note">Thumbnails (<code>resolution=thumb</code>) load as they scroll into view. Choose one to load it in the playground.</p>
<h3 id="models-title">Every model</h3><div class="grid" id="gallery-models" aria-labelledby="models-title"></div>
<h3 id="angles-title">Every angle</h3><div class="grid" id="gallery-angles" aria-labelledby="angles-title"></div>
<h3 id="fleet-title">The fleet at one scale</h3><div class="grid fleet" id="gallery-fleet" aria-labelledby="fleet-title"></div>
</section>
<section id="routes" aria-labelledby="routes-title">
<h2 id="routes-title">Routes</h2>
<div class="table"><table><thead><tr><th>Route</th><th>Access</th><th>What</th></tr></thead><tbody>
${rows}
</tbody></table></div>
<p>Keys go in <code>x-api-key</code>, <code>Authorization: Bearer</code>, or (discouraged) <code>?api-key=</code>. See <a href="/docs">the API reference</a> and <a href="/openapi.json">the OpenAPI document</a>.</p>
</section>
</main>
</body>
</html>
`
}
