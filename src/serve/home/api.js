/* The API key (this browser tab only, never in a URL) and the calls that carry it in x-api-key. */

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
