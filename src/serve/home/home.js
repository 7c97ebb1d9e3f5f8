/*
 * The home page's playground (the entry module). The form is built at run time from
 * the image route's parameters in /openapi.json (controls.js), so it follows the
 * route's schema; the preview, URL, curl line, <img> tag, JSON and headers follow the
 * form, debounced, a newer request cancelling the older. A typed API key stays in this
 * tab (api.js) and travels only in the x-api-key header; with one, the page can ask the
 * service for a signed URL. Images are shown through blob URLs.
 */
import {
  api,
  apiKey,
  bindKeyField,
  copyText,
  IMAGE_PATH,
  imgHtml,
  signedUrl,
  sizesOf,
} from './api.js'
import { liveryChoices, loadCatalog } from './catalog.js'
import { buildForm, byId, h } from './controls.js'
import { showGallery } from './gallery.js'

const CATALOG_URL = document.documentElement.dataset.catalog
const START = { plane: 'airbus-a350-900', airline: 'lufthansa' }
// what the descriptions say in words: a preset excludes a width; a reference plane means something only at fleet scale
const EXCLUDED_BY = { width: ['resolution', (v) => v !== ''] }
const ONLY_WITH = { referencePlane: ['scale', (v) => v === 'fleet'] }
const DEBOUNCE_MS = 250

// ---- the form

let catalog = { planes: [], airlines: [] }
let fields = new Map()
let order = []
let sizes = { presets: {}, defaultWidth: 1280 }

/** The form, from the route's parameters: each field's control, and the names in the schema's order */
function showForm(params) {
  const form = buildForm(params, catalog, {
    changed,
    reset: () => fields.forEach((f, name) => f.set(START[name] || f.d.default)),
  })
  fields = form.fields
  order = form.order
}

/** Whether a field applies, given the others (a field that does not is disabled and left out of the URL). */
function applies(name) {
  const [by, when] = EXCLUDED_BY[name] || ONLY_WITH[name] || []
  if (!by || !fields.has(by)) return true
  const matched = when(fields.get(by).get())
  return EXCLUDED_BY[name] ? !matched : matched
}

/** Only what differs from the route's defaults goes in the URL, in the schema's order. */
function query(extra = {}) {
  const q = new URLSearchParams()
  for (const name of order) {
    const f = fields.get(name)
    const on = applies(name)
    for (const el of f.node.querySelectorAll('input, select')) el.disabled = !on
    const v = f.get()
    if (on && v !== '' && v !== f.d.default) q.set(name, v)
  }
  for (const [k, v] of Object.entries(extra)) q.set(k, v)
  return q
}

// ---- preview, URL, curl, JSON and headers

let timer = 0
let inflight = null
let shownUrl = null
let pair = ''
let signedQuery = null

function changed() {
  clearTimeout(timer)
  timer = setTimeout(refresh, DEBOUNCE_MS)
}

async function refresh() {
  inflight?.abort()
  const ctl = new AbortController()
  inflight = ctl
  const q = query()
  const path = `${IMAGE_PATH}?${q}`
  const full = new URL(path, location.origin).href
  const ext = fields.get('filetype')?.get() || 'png'
  byId('url').textContent = full
  byId('curl').textContent =
    `curl -o plane.${ext}${apiKey() ? ' -H "x-api-key: $API_KEY"' : ''} '${full}'`
  // the alt text waits for the service's names; a signed URL of another query is another image
  byId('html').textContent = imgHtml(location.origin, q, { alt: altText(null), ...sizes })
  if (String(q) !== signedQuery) byId('signed').textContent = ''
  history.replaceState(null, '', q.size ? `/?${q}` : '/')
  byId('preview-figure').setAttribute('aria-busy', 'true')
  const started = performance.now()
  try {
    const [image, json] = await Promise.all([
      api(path, ctl.signal),
      api(`${IMAGE_PATH}?${query({ format: 'json' })}`, ctl.signal),
    ])
    const [blob, description] = await Promise.all([image.blob(), json.text()])
    if (ctl.signal.aborted) return
    showImage(image, blob, Math.round(performance.now() - started))
    const parsed = showDescription(json.status, description)
    byId('html').textContent = imgHtml(location.origin, q, { alt: altText(parsed), ...sizes })
    byId('preview-figure').setAttribute('aria-busy', 'false')
  } catch (e) {
    if (e.name === 'AbortError') return
    byId('status').textContent = `Request failed: ${e.message}`
    byId('preview-figure').setAttribute('aria-busy', 'false')
  }
}

function showImage(res, blob, ms) {
  const type = res.headers.get('content-type') || ''
  const preview = byId('preview')
  if (type.startsWith('image/')) {
    if (shownUrl) URL.revokeObjectURL(shownUrl)
    shownUrl = URL.createObjectURL(blob)
    preview.src = shownUrl
  }
  const watermarked = res.headers.get('x-image-source') === 'watermark-overlay'
  byId('status').textContent =
    `${res.status} · ${type} · ${(blob.size / 1024).toFixed(1)} KB · ${ms} ms${watermarked ? ' · watermarked (no valid key)' : ''}`
  const rows = []
  for (const [name, value] of res.headers)
    if (!name.startsWith('access-control-')) rows.push(h('dt', {}, name), h('dd', {}, value))
  byId('headers').replaceChildren(...rows)
}

function showDescription(status, text) {
  let body = text
  let parsed = null
  try {
    parsed = JSON.parse(text)
    body = JSON.stringify(parsed, null, 2)
  } catch {}
  byId('json').textContent = status === 200 ? body : `${status}\n${body}`
  if (!parsed || !parsed.plane || status !== 200) return null
  resolved(parsed.plane.slug, parsed.airline ? parsed.airline.slug : '', parsed.angle)
  return parsed
}

/** What the image shows, in words, from the service's description of it */
function altText(described) {
  if (!described) return 'An aircraft'
  const painted = described.airline && described.appliedLiveryType !== 'blank'
  return painted
    ? `${described.plane.name} in ${described.airline.name} livery`
    : `${described.plane.name}, unpainted`
}

/** The server's resolution of the pickers' text drives the livery choices and the gallery. */
async function resolved(plane, airline, angle) {
  if (`${plane}|${airline}|${angle}` === pair) return
  const pairChanged = !pair.startsWith(`${plane}|${airline}|`)
  pair = `${plane}|${airline}|${angle}`
  const livery = fields.get('liveryType')
  if (pairChanged && livery?.fill) livery.fill(await liveryChoices(catalog, plane, airline))
  const angles = fields.get('angle')?.d.enum.length ? fields.get('angle').d.enum : [angle]
  showGallery({ catalog, plane, airline, angle, angles, choose })
}

/** A thumbnail's choice goes into the form. */
function choose(values) {
  for (const [k, v] of Object.entries(values)) fields.get(k)?.set(v)
  changed()
}

// ---- copy buttons, the key, the signed URL and start

document.addEventListener('click', (e) => {
  const target = e.target.closest('[data-copy]')
  if (target) copyText(target, byId(target.dataset.copy))
})

function keyChanged() {
  pair = ''
  byId('signing').hidden = !apiKey()
  changed()
}
bindKeyField(keyChanged)
byId('signing').hidden = !apiKey()

byId('sign').addEventListener('click', async () => {
  const shown = byId('signed')
  const q = query()
  signedQuery = String(q)
  shown.textContent = 'Signing…'
  try {
    const url = await signedUrl(q)
    // the form moved on while the service signed: this URL is no longer the image shown
    if (String(query()) !== signedQuery) return
    shown.textContent = url
    copyText(byId('sign'), shown)
  } catch (e) {
    shown.textContent = `Could not sign: ${e.message}`
  }
})

async function start() {
  const [doc, data] = await Promise.all([
    fetch('/openapi.json').then((r) => r.json()),
    loadCatalog(CATALOG_URL),
  ])
  catalog = data
  const params = doc.paths[IMAGE_PATH].get.parameters
  sizes = sizesOf(params)
  showForm(params)
  const fromUrl = new URLSearchParams(location.search)
  for (const [name, f] of fields) {
    const v = fromUrl.get(name)
    if (v !== null) f.set(v)
    else if (START[name] && !location.search) f.set(START[name])
  }
  refresh()
}
start().catch((e) => (byId('status').textContent = `Could not build the form: ${e.message}`))
