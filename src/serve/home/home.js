/*
 * The home page's playground (the entry module). The form is built at run time from
 * the image route's parameters in /openapi.json (controls.js), so it follows the
 * route's schema; the preview, URL, curl line, JSON and headers follow the form,
 * debounced, a newer request cancelling the older. A typed API key stays in this tab
 * (api.js) and travels only in the x-api-key header; images are shown through blob URLs.
 */
import { api, apiKey, IMAGE_PATH, rememberKey } from './api.js'
import { liveryChoices, loadCatalog } from './catalog.js'
import { byId, colourControl, describe, gradientControl, h, pickerControl, rangeControl, selectControl, textControl } from './controls.js'
import { showGallery } from './gallery.js'

const CATALOG_URL = document.documentElement.dataset.catalog
// not form fields: the key has its own field (never a URL), JSON is always shown, verticalAlign is align's alias
const HIDDEN = new Set(['api-key', 'format', 'verticalAlign'])
const GROUPS = [
  ['Aircraft', ['plane', 'airline', 'liveryType']],
  ['View', ['angle', 'gear', 'pitch']],
  ['Size and file type', ['resolution', 'width', 'filetype']],
  ['Framing', ['zoomType', 'zoomLevel', 'marginPercent', 'align']],
  ['Scale', ['scale', 'referencePlane']],
  ['Background', ['background', 'backgroundGradient']],
]
const START = { plane: 'airbus-a350-900', airline: 'lufthansa' }
// what the descriptions say in words: a preset excludes a width; a reference plane means something only at fleet scale
const EXCLUDED_BY = { width: ['resolution', (v) => v !== ''] }
const ONLY_WITH = { referencePlane: ['scale', (v) => v === 'fleet'] }
const DEBOUNCE_MS = 250

// ---- the form

let catalog = { planes: [], airlines: [] }
const fields = new Map()
let order = []

function controlFor(d) {
  const describePlane = (p) => `${p.name} (${p.iata}/${p.icao})`
  if (d.name === 'plane') return pickerControl(d, catalog.planes, describePlane)
  if (d.name === 'airline') return pickerControl(d, catalog.airlines, (a) => `${a.name} (${a.iata}/${a.icao})`)
  if (d.name === 'liveryType') return selectControl(d, [['base', 'base'], ['blank', 'blank']])
  if (d.name === 'referencePlane') return selectControl(d, catalog.planes.map((p) => [p.slug, p.name]))
  if (d.name === 'background') return colourControl(d)
  if (d.name === 'backgroundGradient') return gradientControl(d)
  if (d.min !== undefined) return rangeControl(d)
  if (d.enum.length) return selectControl(d, d.enum.map((v) => [v, v]))
  return textControl(d)
}

function buildForm(params) {
  const described = params.filter((p) => p.in === 'query' && !HIDDEN.has(p.name)).map(describe)
  order = described.map((d) => d.name)
  const grouped = new Set(GROUPS.flatMap(([, names]) => names))
  const groups = [...GROUPS, ['More parameters', order.filter((n) => !grouped.has(n))]]
  const form = byId('params')
  form.replaceChildren()
  for (const [title, names] of groups) {
    const present = names.map((n) => described.find((d) => d.name === n)).filter(Boolean)
    if (!present.length) continue
    const set = h('fieldset', {}, h('legend', {}, title))
    for (const d of present) {
      const c = controlFor(d)
      fields.set(d.name, { ...c, d })
      set.append(c.node)
    }
    form.append(set)
  }
  const reset = h('button', { type: 'button', id: 'reset' }, 'Reset all')
  reset.addEventListener('click', () => {
    for (const [name, f] of fields) f.set(START[name] || f.d.default)
    changed()
  })
  form.append(reset)
  form.addEventListener('input', changed)
  form.addEventListener('change', changed)
  form.addEventListener('submit', (e) => e.preventDefault())
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
  byId('curl').textContent = `curl -o plane.${ext}${apiKey() ? ' -H "x-api-key: $API_KEY"' : ''} '${full}'`
  history.replaceState(null, '', q.size ? `/?${q}` : '/')
  byId('preview-figure').setAttribute('aria-busy', 'true')
  const started = performance.now()
  try {
    const [image, json] = await Promise.all([api(path, ctl.signal), api(`${IMAGE_PATH}?${query({ format: 'json' })}`, ctl.signal)])
    const [blob, description] = await Promise.all([image.blob(), json.text()])
    if (ctl.signal.aborted) return
    showImage(image, blob, Math.round(performance.now() - started))
    showDescription(json.status, description)
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
  byId('status').textContent = `${res.status} · ${type} · ${(blob.size / 1024).toFixed(1)} KB · ${ms} ms${watermarked ? ' · watermarked (no valid key)' : ''}`
  const rows = []
  for (const [name, value] of res.headers) if (!name.startsWith('access-control-')) rows.push(h('dt', {}, name), h('dd', {}, value))
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
  if (parsed && parsed.plane && status === 200) resolved(parsed.plane.slug, parsed.airline ? parsed.airline.slug : '', parsed.angle)
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

// ---- copy buttons and start

document.addEventListener('click', async (e) => {
  const target = e.target.closest('[data-copy]')
  if (!target) return
  const text = byId(target.dataset.copy).textContent
  try {
    await navigator.clipboard.writeText(text)
    target.textContent = 'Copied'
  } catch {
    getSelection().selectAllChildren(byId(target.dataset.copy))
    target.textContent = 'Selected'
  }
  setTimeout(() => (target.textContent = 'Copy'), 1500)
})

const keyInput = byId('api-key')
keyInput.value = apiKey()
keyInput.addEventListener('change', () => {
  rememberKey(keyInput.value.trim())
  pair = ''
  changed()
})
byId('key-form').addEventListener('submit', (e) => {
  e.preventDefault()
  keyInput.dispatchEvent(new Event('change'))
})
byId('forget-key').addEventListener('click', () => {
  rememberKey('')
  keyInput.value = ''
  pair = ''
  changed()
})

async function start() {
  const [doc, data] = await Promise.all([fetch('/openapi.json').then((r) => r.json()), loadCatalog(CATALOG_URL)])
  catalog = data
  buildForm(doc.paths[IMAGE_PATH].get.parameters)
  const fromUrl = new URLSearchParams(location.search)
  for (const [name, f] of fields) {
    const v = fromUrl.get(name)
    if (v !== null) f.set(v)
    else if (START[name] && !location.search) f.set(START[name])
  }
  refresh()
}
start().catch((e) => (byId('status').textContent = `Could not build the form: ${e.message}`))
