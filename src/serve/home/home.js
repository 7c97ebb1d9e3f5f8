/*
 * The home page's playground and gallery. The form is built at run time from the
 * image route's parameters in /openapi.json (enum: a select; minimum and maximum: a
 * slider; default: the initial value; description: the help text), so it follows the
 * route's schema. A typed API key stays in sessionStorage and travels only in the
 * x-api-key header of fetch() calls; images are shown through blob URLs.
 */
'use strict'

const IMAGE_PATH = '/v1/images/plane'
const KEY_STORE = 'aircraft-images.api-key'
const CATALOG_URL = document.currentScript.dataset.catalog
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
const THUMBS_AT_ONCE = 4

const byId = (id) => document.getElementById(id)
function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v)
  node.append(...children.filter((c) => c !== null && c !== undefined))
  return node
}

// ---- the API key: this tab only, header only

const keyInput = byId('api-key')
const apiKey = () => sessionStorage.getItem(KEY_STORE) || ''
function api(path, signal) {
  const key = apiKey()
  return fetch(path, { signal, headers: key ? { 'x-api-key': key } : {} })
}

// ---- parameters, as the OpenAPI document describes them

/** The facts a control needs, from a parameter's schema (plain, or a union of alternatives). */
function describe(param) {
  const s = param.schema || {}
  const parts = [s, ...(s.anyOf || s.oneOf || [])]
  const enums = parts.flatMap((p) => p.enum || (p.const !== undefined ? [p.const] : [])).map(String)
  const bounded = parts.find((p) => typeof p.minimum === 'number' && typeof p.maximum === 'number')
  const withDefault = parts.find((p) => p.default !== undefined)
  return {
    name: param.name,
    help: param.description || s.description || '',
    enum: [...new Set(enums)],
    min: bounded?.minimum,
    max: bounded?.maximum,
    step: bounded?.multipleOf || (parts.some((p) => p.type === 'integer') ? 1 : undefined),
    default: withDefault ? String(withDefault.default) : '',
    examples: s.examples || [],
  }
}

// ---- controls: each returns { node, input, get(), set(value) }

function field(d, control, input) {
  const help = d.help ? h('small', { id: `p-${d.name}-help` }, d.help) : null
  if (help) input.setAttribute('aria-describedby', help.id)
  return h('div', { class: 'field', 'data-param': d.name }, h('label', { for: input.id }, h('code', {}, d.name)), control, help)
}

function textControl(d, attrs = {}) {
  const input = h('input', { id: `p-${d.name}`, type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: d.default || d.examples[0] || '', ...attrs })
  return { node: field(d, input, input), input, get: () => input.value.trim(), set: (v) => (input.value = v) }
}

function selectControl(d, options) {
  const select = h('select', { id: `p-${d.name}` })
  const fill = (choices) => {
    const keep = select.value
    // the default stays choosable even where it does not apply (the server then falls back, and says so)
    const list = !d.default ? [['', '(not set)'], ...choices] : choices.some(([v]) => v === d.default) ? choices : [[d.default, d.default], ...choices]
    select.replaceChildren(...list.map(([value, label]) => h('option', { value }, value === d.default && value ? `${label} (default)` : label)))
    select.value = list.some(([v]) => v === keep) ? keep : d.default
  }
  fill(options)
  return { node: field(d, select, select), input: select, get: () => select.value, set: (v) => (select.value = v), fill }
}

function rangeControl(d) {
  const step = d.step || 10 ** Math.floor(Math.log10((d.max - d.min) / 50))
  const attrs = { min: d.min, max: d.max, step }
  const range = h('input', { id: `p-${d.name}`, type: 'range', ...attrs })
  const number = h('input', { id: `p-${d.name}-value`, type: 'number', ...attrs, step: 'any', placeholder: d.default || 'not set', 'aria-label': `${d.name} value` })
  const clamped = (v) => Math.min(d.max, Math.max(d.min, v))
  range.value = d.default || clamped(0)
  number.value = d.default
  range.addEventListener('input', () => (number.value = range.value))
  number.addEventListener('input', () => number.value !== '' && (range.value = number.value))
  const set = (v) => {
    number.value = v
    range.value = v === '' ? d.default || clamped(0) : v
  }
  return { node: field(d, h('div', { class: 'range' }, range, number), range), input: range, get: () => number.value.trim(), set }
}

function pickerControl(d, items, describeItem) {
  const list = h('datalist', { id: `p-${d.name}-list` }, ...items.map((i) => h('option', { value: i.slug, label: describeItem(i) })))
  const c = textControl(d, { list: list.id, placeholder: 'type a name, a code or a slug' })
  c.node.append(list)
  return c
}

function colourControl(d) {
  const c = textControl(d, { placeholder: 'e.g. 87ceeb, or 87ceeb80 with alpha' })
  const swatch = h('input', { type: 'color', id: `p-${d.name}-swatch`, 'aria-label': `${d.name} colour picker`, value: '#ffffff' })
  swatch.addEventListener('input', () => {
    c.input.value = swatch.value.slice(1)
    c.input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  c.input.after(swatch)
  return c
}

/** backgroundGradient=linear:<deg>:<hex>-<offset>,... edited as an angle and a list of stops. */
function gradientControl(d) {
  const text = textControl(d, { placeholder: 'linear:180:87ceeb-0,ffffff-1' })
  const angle = h('input', { type: 'number', id: `p-${d.name}-angle`, min: 0, max: 360, step: 15, value: 180, 'aria-label': 'gradient angle, degrees' })
  const stops = h('ol', { class: 'stops' })
  const addStop = (colour, offset) => {
    const n = stops.children.length + 1
    const c = h('input', { type: 'color', value: colour, 'aria-label': `stop ${n} colour` })
    const o = h('input', { type: 'number', min: 0, max: 1, step: 0.05, value: offset, 'aria-label': `stop ${n} offset, 0 to 1` })
    const remove = h('button', { type: 'button', 'aria-label': `remove stop ${n}` }, '×')
    const li = h('li', {}, c, o, remove)
    remove.addEventListener('click', () => {
      if (stops.children.length > 2) li.remove()
      compose()
    })
    stops.append(li)
  }
  const compose = () => {
    const parts = [...stops.children].map((li) => {
      const [c, o] = li.querySelectorAll('input')
      return `${c.value.slice(1)}-${Number(o.value) || 0}`
    })
    text.input.value = `linear:${Number(angle.value) || 0}:${parts.join(',')}`
    text.input.dispatchEvent(new Event('input', { bubbles: true }))
  }
  addStop('#87ceeb', 0)
  addStop('#ffffff', 1)
  const add = h('button', { type: 'button' }, 'Add stop')
  add.addEventListener('click', () => {
    addStop('#1b2430', 1)
    compose()
  })
  const apply = h('button', { type: 'button' }, 'Use this gradient')
  apply.addEventListener('click', compose)
  const editor = h('fieldset', { class: 'gradient' }, h('legend', {}, 'Gradient editor'), h('label', {}, 'angle ', angle), stops, add, apply)
  editor.addEventListener('input', (e) => e.target !== text.input && compose())
  text.node.append(editor)
  return text
}

// ---- the catalog: public picker data of the page; livery types from the keyed route when a key is set

let catalog = { planes: [], airlines: [] }
const findIn = (items, value) => {
  const v = value.trim().toLowerCase()
  return items.find((i) => [i.slug, i.iata, i.icao, i.name].some((x) => x && x.toLowerCase() === v))
}

async function liveryChoices(plane, airline) {
  if (apiKey() && airline) {
    const res = await api(`/v1/catalog/liveries?plane=${encodeURIComponent(plane)}&airline=${encodeURIComponent(airline)}`).catch(() => null)
    if (res?.ok) return (await res.json()).liveries.map((l) => [l.liveryType, `${l.liveryType}: ${l.name}`])
    // a refused or failed call: the page's public data knows the same livery types
  }
  const a = findIn(catalog.airlines, airline)
  const choices = []
  if (a && a.fleet.includes(plane)) choices.push(['base', `base: ${a.liveryName}`])
  for (const s of a ? a.specials : []) if (s.plane === plane) choices.push([s.liveryType, `${s.liveryType}: ${s.name}`])
  choices.push(['blank', 'blank: unpainted'])
  return choices
}

// ---- the form

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
  if (pairChanged && livery?.fill) livery.fill(await liveryChoices(plane, airline))
  gallery(plane, airline, angle)
}

// ---- gallery: lazy thumbnails, fetched a few at a time with the key header

let galleryLoads = new AbortController()
const waiting = []
let running = 0
const seen = new IntersectionObserver(
  (entries) => {
    for (const e of entries) if (e.isIntersecting) {
      seen.unobserve(e.target)
      waiting.push(e.target)
    }
    pump()
  },
  { rootMargin: '200px' },
)

function pump() {
  while (running < THUMBS_AT_ONCE && waiting.length) {
    const img = waiting.shift()
    const signal = galleryLoads.signal
    if (signal.aborted) continue
    running++
    api(img.dataset.src, signal)
      .then((r) => (r.ok ? r.blob() : Promise.reject(new Error(`${r.status}`))))
      .then((b) => !signal.aborted && (img.src = URL.createObjectURL(b)))
      .catch(() => {})
      .finally(() => {
        running--
        pump()
      })
  }
}

function thumb(q, caption, pick) {
  // the caption names the button; an empty alt keeps a not-yet-loaded image from showing its text twice
  const img = h('img', { alt: '', width: 512, height: 288, 'data-src': `${IMAGE_PATH}?${new URLSearchParams({ ...q, resolution: 'thumb' })}` })
  const button = h('button', { type: 'button', class: 'thumb' }, img, h('span', {}, caption))
  button.addEventListener('click', () => {
    for (const [k, v] of Object.entries(pick)) fields.get(k)?.set(v)
    changed()
    byId('playground').scrollIntoView({ behavior: 'smooth' })
  })
  seen.observe(img)
  return button
}

function gallery(plane, airline, angle) {
  galleryLoads.abort()
  galleryLoads = new AbortController()
  waiting.length = 0
  seen.disconnect()
  for (const img of document.querySelectorAll('.grid img')) if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src)
  const a = catalog.airlines.find((x) => x.slug === airline)
  const p = catalog.planes.find((x) => x.slug === plane)
  const base = airline ? { airline } : {}
  byId('models-title').textContent = `Every model${a ? ` in ${a.name} livery` : ''}`
  byId('gallery-models').replaceChildren(
    ...catalog.planes.map((m) =>
      thumb({ plane: m.slug, ...base, angle }, `${m.name}${a && !a.fleet.includes(m.slug) ? ' (not in fleet: blank)' : ''}`, { plane: m.slug }),
    ),
  )
  const angles = fields.get('angle')?.d.enum.length ? fields.get('angle').d.enum : ['90']
  byId('angles-title').textContent = `Every angle of the ${p ? p.name : plane}`
  byId('gallery-angles').replaceChildren(...angles.map((x) => thumb({ plane, ...base, angle: x }, `angle ${x}`, { angle: x })))
  const fleet = a ? a.fleet.map((s) => catalog.planes.find((x) => x.slug === s)).filter(Boolean).sort((x, y) => y.lengthM - x.lengthM) : []
  byId('fleet-title').textContent = a ? `${a.name}'s fleet at one scale (scale=fleet)` : 'The fleet at one scale (choose an airline)'
  byId('gallery-fleet').replaceChildren(
    ...fleet.map((m) =>
      thumb({ plane: m.slug, airline, angle, scale: 'fleet', referencePlane: fleet[0].slug, align: 'bottom' }, `${m.name}, ${m.lengthM} m`, { plane: m.slug }),
    ),
  )
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

keyInput.value = apiKey()
keyInput.addEventListener('change', () => {
  if (keyInput.value.trim()) sessionStorage.setItem(KEY_STORE, keyInput.value.trim())
  else sessionStorage.removeItem(KEY_STORE)
  pair = ''
  changed()
})
byId('key-form').addEventListener('submit', (e) => {
  e.preventDefault()
  keyInput.dispatchEvent(new Event('change'))
})
byId('forget-key').addEventListener('click', () => {
  sessionStorage.removeItem(KEY_STORE)
  keyInput.value = ''
  pair = ''
  changed()
})

async function start() {
  const [doc, data] = await Promise.all([fetch('/openapi.json').then((r) => r.json()), fetch(CATALOG_URL).then((r) => r.json())])
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
