/*
 * The gallery: every model in the chosen airline's livery, every angle of the chosen
 * model, the airline's fleet at one scale. Thumbnails are fetched (with the key header)
 * a few at a time, only once they scroll near the viewport.
 */
import { api, IMAGE_PATH } from './api.js'
import { byId, h } from './controls.js'

const THUMBS_AT_ONCE = 4

let galleryLoads = new AbortController()
const waiting = []
let running = 0
const seen = new IntersectionObserver(
  (entries) => {
    for (const e of entries)
      if (e.isIntersecting) {
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

function thumb(q, caption, choose, pick) {
  // the caption names the button; an empty alt keeps a not-yet-loaded image from showing its text twice
  const img = h('img', {
    alt: '',
    width: 512,
    height: 288,
    'data-src': `${IMAGE_PATH}?${new URLSearchParams({ ...q, resolution: 'thumb' })}`,
  })
  const button = h('button', { type: 'button', class: 'thumb' }, img, h('span', {}, caption))
  button.addEventListener('click', () => {
    choose(pick)
    byId('playground').scrollIntoView({ behavior: 'smooth' })
  })
  seen.observe(img)
  return button
}

/** Shows the three rows for a resolved pair and angle; `choose({ param: value })` loads a thumbnail's choice in the form. */
export function showGallery({ catalog, plane, airline, angle, angles, choose }) {
  galleryLoads.abort()
  galleryLoads = new AbortController()
  waiting.length = 0
  seen.disconnect()
  for (const img of document.querySelectorAll('.grid img'))
    if (img.src.startsWith('blob:')) URL.revokeObjectURL(img.src)
  const a = catalog.airlines.find((x) => x.slug === airline)
  const p = catalog.planes.find((x) => x.slug === plane)
  const base = airline ? { airline } : {}
  byId('models-title').textContent = `Every model${a ? ` in ${a.name} livery` : ''}`
  byId('gallery-models').replaceChildren(
    ...catalog.planes.map((m) =>
      thumb(
        { plane: m.slug, ...base, angle },
        `${m.name}${a && !a.fleet.includes(m.slug) ? ' (not in fleet: blank)' : ''}`,
        choose,
        { plane: m.slug },
      ),
    ),
  )
  byId('angles-title').textContent = `Every angle of the ${p ? p.name : plane}`
  byId('gallery-angles').replaceChildren(
    ...angles.map((x) => thumb({ plane, ...base, angle: x }, `angle ${x}`, choose, { angle: x })),
  )
  const fleet = a
    ? a.fleet
        .map((s) => catalog.planes.find((x) => x.slug === s))
        .filter(Boolean)
        .sort((x, y) => y.lengthM - x.lengthM)
    : []
  byId('fleet-title').textContent = a
    ? `${a.name}'s fleet at one scale (scale=fleet)`
    : 'The fleet at one scale (choose an airline)'
  byId('gallery-fleet').replaceChildren(
    ...fleet.map((m) =>
      thumb(
        {
          plane: m.slug,
          airline,
          angle,
          scale: 'fleet',
          referencePlane: fleet[0].slug,
          align: 'bottom',
        },
        `${m.name}, ${m.lengthM} m`,
        choose,
        { plane: m.slug },
      ),
    ),
  )
}
