import { describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { brotliDecompressSync } from 'node:zlib'
import { HOME_ASSETS, HOME_MODULES } from '../../../src/serve/routes/home'
import { catalog, makeApp, withKey } from '../../support/app'

const { request, json } = await makeApp()
const moduleTexts = () => Promise.all(Object.values(HOME_MODULES))

const BUDGET = 100 * 1024
const modules = Object.keys(HOME_MODULES).map((name) => HOME_ASSETS.script.replace('home.js', name))
const compressedSize = async (path: string, encoding: string) => {
  const res = await request(path, { headers: { 'accept-encoding': encoding } })
  expect(res.headers.get('content-encoding')).toBe(encoding)
  return (await res.arrayBuffer()).byteLength
}

describe('GET / (the playground page)', () => {
  test('links its script and styles as files of the service, with no inline script and nothing external', async () => {
    const html = await (await request('/')).text()
    expect(html).toContain(`<script type="module" src="${HOME_ASSETS.script}"></script>`)
    expect(html).toContain(`<link rel="stylesheet" href="${HOME_ASSETS.styles}">`)
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/) // every script has a src
    expect(html).not.toMatch(/\son[a-z]+=/i) // no inline event handlers either
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//)
    for (const path of [...modules, HOME_ASSETS.styles]) {
      const res = await request(path)
      expect(res.status).toBe(200)
      expect(await res.text()).not.toMatch(/https?:\/\/(?!www\.w3\.org)/)
    }
  })

  test('has every element the scripts look up by id, and the copy buttons for the URL, curl and HTML', async () => {
    const html = await (await request('/')).text()
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]))
    const wanted = new Set<string>()
    for (const text of await moduleTexts())
      for (const m of text.matchAll(/(?:byId|getElementById)\('([^']+)'\)/g)) wanted.add(m[1])
    expect(wanted.size).toBeGreaterThan(15)
    for (const id of wanted) expect(ids).toContain(id)
    const copies = [
      ...html.matchAll(/<button type="button" data-copy="([^"]+)"[^>]*>([^<]+)<\/button>/g),
    ].map((m) => [m[1], m[2]])
    expect(copies).toEqual([
      ['url', 'Copy'],
      ['curl', 'Copy'],
      ['html', 'Copy HTML'],
    ])
    for (const [target] of copies) expect(html).toContain(`<code id="${target}"`)
  })

  test('keeps the signed URL button hidden until a key is typed, and its call answers a URL that opens clean without a key', async () => {
    const html = await (await request('/')).text()
    expect(html).toMatch(
      /<div id="signing" hidden>[^]*<button type="button" id="sign"[^>]*>Copy signed URL<\/button>[^]*<\/div>/,
    )
    // what api.js asks: GET /v1/sign with the form's query and the key in x-api-key; home.js copies the URL it answers
    expect(await moduleTexts()).toContainEqual(expect.stringContaining('api(`/v1/sign?${query}`)'))
    const { body } = await json('/v1/sign?plane=a320&airline=air-france', withKey())
    expect(body.url).toStartWith('/v1/images/plane?')
    const image = await request(body.url)
    expect(image.status).toBe(200)
    expect(image.headers.get('x-image-source')).not.toBe('watermark-overlay')
  })

  test('serves the script modules and styles with their types, and 404 for any other file', async () => {
    for (const path of modules)
      expect((await request(path)).headers.get('content-type')).toStartWith('text/javascript')
    expect((await request(HOME_ASSETS.styles)).headers.get('content-type')).toStartWith('text/css')
    const { status, body } = await json(HOME_ASSETS.script.replace('home.js', 'other.js'))
    expect(status).toBe(404)
    expect(body).toEqual({ error: 'not found' })
  })

  test('every module the script imports is served', async () => {
    const imported = new Set<string>()
    for (const path of modules)
      for (const m of (await (await request(path)).text()).matchAll(/from '\.\/([\w-]+\.js)'/g))
        imported.add(m[1])
    expect([...imported].sort()).toEqual(
      Object.keys(HOME_MODULES)
        .filter((name) => name !== 'home.js')
        .sort(),
    )
  })

  test('keeps the page, its script, styles and picker data under 100 KB compressed', async () => {
    let total = 0
    for (const path of ['/', ...modules, HOME_ASSETS.styles, HOME_ASSETS.catalog])
      total += await compressedSize(path, 'gzip')
    expect(total).toBeLessThan(BUDGET)
  })

  test('compresses as the client accepts: brotli first, then gzip, else plain', async () => {
    const br = await request(HOME_ASSETS.script, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toContain('accept-encoding')
    const plain = await (await request(HOME_ASSETS.script)).text()
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain)
    const gz = await request(HOME_ASSETS.script, { headers: { 'accept-encoding': 'gzip, br;q=0' } })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain)
    const identity = await request(HOME_ASSETS.script, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(identity.headers.get('content-encoding')).toBeNull()
  })

  test('publishes the pickers catalog without a key: every model and airline with its fleet', async () => {
    const { status, body } = await json(HOME_ASSETS.catalog)
    expect(status).toBe(200)
    expect(body.planes.map((p: { slug: string }) => p.slug)).toEqual(
      catalog.planes.map((p) => p.slug),
    )
    const klm = body.airlines.find((a: { slug: string }) => a.slug === 'klm')
    expect(klm.fleet).toEqual(catalog.airline('klm')!.fleet)
    expect(Object.keys(klm).sort()).toEqual([
      'fleet',
      'iata',
      'icao',
      'liveryName',
      'name',
      'slug',
      'specials',
    ])
    const lufthansa = body.airlines.find((a: { slug: string }) => a.slug === 'lufthansa')
    expect(lufthansa.specials).toContainEqual(
      expect.objectContaining({ plane: 'boeing-747-8i', liveryType: 'retro' }),
    )
  })

  test('still answers the JSON index of the routes when JSON is accepted', async () => {
    const { res, body } = await json('/', { headers: { accept: 'application/json' } })
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(body.routes.map((r: { path: string }) => r.path)).toContain('/v1/images/plane')
  })
})
