/*
 * The pickers' data: the page's public catalog (names, codes, fleets, special liveries),
 * and the livery types of a (plane, airline) pair, from the keyed route when a key is set.
 */
import { api, apiKey } from './api.js'

export const loadCatalog = (url) => fetch(url).then((r) => r.json())

const findIn = (items, value) => {
  const v = value.trim().toLowerCase()
  return items.find((i) => [i.slug, i.iata, i.icao, i.name].some((x) => x && x.toLowerCase() === v))
}

export async function liveryChoices(catalog, plane, airline) {
  if (apiKey() && airline) {
    const res = await api(
      `/v1/catalog/liveries?plane=${encodeURIComponent(plane)}&airline=${encodeURIComponent(airline)}`,
    ).catch(() => null)
    if (res?.ok)
      return (await res.json()).liveries.map((l) => [l.liveryType, `${l.liveryType}: ${l.name}`])
    // a refused or failed call: the page's public data knows the same livery types
  }
  const a = findIn(catalog.airlines, airline)
  const choices = []
  if (a && a.fleet.includes(plane)) choices.push(['base', `base: ${a.liveryName}`])
  for (const s of a ? a.specials : [])
    if (s.plane === plane) choices.push([s.liveryType, `${s.liveryType}: ${s.name}`])
  choices.push(['blank', 'blank: unpainted'])
  return choices
}
