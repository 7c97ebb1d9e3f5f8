/*
 * The page and the service: the API key (its field, this browser tab only, never in a URL),
 * the calls that carry it in x-api-key, and what the page hands out to copy: a signed URL
 * from GET /v1/sign, the <img> tag that embeds an image.
 */

export const IMAGE_PATH = '/v1/images/plane'
const KEY_STORE = 'aircraft-images.api-key'

export const apiKey = () => sessionStorage.getItem(KEY_STORE) || ''

export function rememberKey(key) {
  if (key) sessionStorage.setItem(KEY_STORE, key)
  else sessionStorage.removeItem(KEY_STORE)
}

export function api(path, signal) {
  const key = apiKey()
  return fetch(path, { signal, headers: key ? { 'x-api-key': key } : {} })
}

/** Wires the key field: a typed key is kept on change, Forget key drops it; `changed` follows either. */
export function bindKeyField(changed) {
  const input = document.getElementById('api-key')
  input.value = apiKey()
  input.addEventListener('change', () => {
    rememberKey(input.value.trim())
    changed()
  })
  document.getElementById('key-form').addEventListener('submit', (e) => {
    e.preventDefault()
    input.dispatchEvent(new Event('change'))
  })
  document.getElementById('forget-key').addEventListener('click', () => {
    rememberKey('')
    input.value = ''
    changed()
  })
}

/** The image of `query` signed by the service (the key only asks for it): an absolute URL, or an Error saying why not. */
export async function signedUrl(query) {
  const res = await api(`/v1/sign?${query}`)
  const body = await res.json().catch(() => ({}))
  if (!res.ok) throw new Error(`${res.status}${body.error ? `: ${body.error}` : ''}`)
  return new URL(body.url, location.origin).href
}

// ---- the <img> tag: a copy of imgHtml in client/src/html.ts for the presets (test/client/playground.test.ts holds the two equal)

const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ENTITIES[c])
// as the client and the signature encode: a space is %20, never +
const encodeQuery = (q) =>
  [...q].map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')

/** The presets (resolution -> width) and the default width, from the image route's OpenAPI parameters. */
export function sizesOf(params) {
  const schema = (name) => params.find((p) => p.name === name)?.schema || {}
  return { presets: schema('resolution')['x-widths'] || {}, defaultWidth: schema('width').default }
}

/** `query`: the image's non-default parameters in the schema's order (resolution and width last, as the schema has them). */
export function imgHtml(origin, query, { alt, presets, defaultWidth }) {
  const url = (q) => `${origin}${IMAGE_PATH}${q.size ? `?${encodeQuery(q)}` : ''}`
  const rest = new URLSearchParams(query)
  rest.delete('resolution')
  rest.delete('width')
  const at = (resolution) => url(new URLSearchParams([...rest, ['resolution', resolution]]))
  const srcset = Object.entries(presets)
    .sort(([, a], [, b]) => a - b)
    .map(([name, w]) => `${at(name)} ${w}w`)
  const width = presets[query.get('resolution')] || Number(query.get('width')) || defaultWidth
  const attributes = {
    src: url(query),
    srcset: srcset.join(', '),
    sizes: '100vw',
    width,
    height: Math.round((width * 9) / 16),
    alt,
    loading: 'lazy',
    decoding: 'async',
  }
  return `<img ${Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ')}>`
}

// ---- copy buttons

/** Copies `source`'s text, or selects it where the clipboard is refused; the button says which, then its label again. */
export async function copyText(button, source) {
  button.dataset.label ||= button.textContent
  try {
    await navigator.clipboard.writeText(source.textContent)
    button.textContent = 'Copied'
  } catch {
    getSelection().selectAllChildren(source)
    button.textContent = 'Selected'
  }
  setTimeout(() => (button.textContent = button.dataset.label), 1500)
}
