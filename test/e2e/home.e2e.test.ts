/**
 * The home page in a real browser: headless Chromium plays with the form, and the
 * test checks what the page shows against what the service answered. Screenshots go to a
 * temporary folder, removed after; `bun run screenshots` (SCREENSHOTS=1) writes them to
 * docs/screenshots/, which docs/design.md shows: a test run never rewrites tracked files.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { ANGLES } from '../../src/catalog/types'
import { catalog } from '../support/app'
import { launchBrowser, offlineWithCsp, watchProblems } from './browser'
import { expectPng, playground, recordImages, type ReceivedImages } from './playground'
import { startService } from './server'

// functions given to page.evaluate run in the browser; this file is type-checked without the DOM library
declare const document: any, window: any, sessionStorage: any, localStorage: any, navigator: any

const KEY = 'e2e-key-0123456789'
const KEEP_SHOTS = process.env.SCREENSHOTS === '1'
const SHOTS = KEEP_SHOTS
  ? join(import.meta.dir, '../../docs/screenshots')
  : mkdtempSync(join(tmpdir(), 'screenshots-'))
afterAll(() => {
  if (!KEEP_SHOTS) rmSync(SHOTS, { recursive: true, force: true })
})
/** parameters that are not form fields (the key has its own field; JSON is always shown; an alias) */
const NOT_FIELDS = ['api-key', 'format', 'verticalAlign']
/** parameters with their own editor: pickers, livery types of the pair, colour and gradient */
const CUSTOM_FIELDS = [
  'plane',
  'airline',
  'liveryType',
  'referencePlane',
  'background',
  'backgroundGradient',
]
/** image requests at this angle are held back two seconds, to be superseded */
const SLOW_ANGLE = '135'

let service: Awaited<ReturnType<typeof startService>>
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
let problems: string[]
let images: ReceivedImages
let view: ReturnType<typeof playground>
const requested: { url: string; key: string | undefined }[] = []

beforeAll(async () => {
  service = await startService({
    API_KEYS: KEY,
    URL_SIGNING_KEYS: 'e2e-1:an-e2e-test-signing-secret-of-40-chars!',
  })
  browser = await launchBrowser()
  await offlineWithCsp(browser.context, service.origin)
  page = await browser.context.newPage()
  problems = watchProblems(page)
  page.on('request', (r) => requested.push({ url: r.url(), key: r.headers()['x-api-key'] }))
  images = await recordImages(page, SLOW_ANGLE)
  view = playground(page, images)
  mkdirSync(SHOTS, { recursive: true })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  service?.stop()
})

describe('the home page in Chromium', () => {
  test('builds the form from /openapi.json and shows a watermarked preview without a key', async () => {
    await page.goto(`${service.origin}/`)
    const first = await view.settled({ plane: 'airbus-a350-900', airline: 'lufthansa' })
    // generated from the route's parameters: whatever /openapi.json says, the form says
    const doc = (await (await fetch(`${service.origin}/openapi.json`)).json()) as any
    const params = doc.paths['/v1/images/plane'].get.parameters.filter(
      (p: { name: string }) => !NOT_FIELDS.includes(p.name),
    )
    expect(params.length).toBeGreaterThan(15)
    for (const { name, description, schema } of params) {
      const field = page.locator(`[data-param="${name}"]`)
      expect(await field.count()).toBe(1)
      const help = description ?? schema.description
      if (help) expect(await field.locator('small').first().textContent()).toBe(help)
      if (CUSTOM_FIELDS.includes(name)) continue
      const alternatives = [schema, ...(schema.anyOf ?? schema.oneOf ?? [])]
      const bounds = alternatives.find(
        (s: { minimum?: number; maximum?: number }) =>
          s.minimum !== undefined && s.maximum !== undefined,
      )
      const values = alternatives.flatMap((s: { enum?: unknown[] }) => s.enum ?? []).map(String)
      const fallback = alternatives.find(
        (s: { default?: unknown }) => s.default !== undefined,
      )?.default
      if (bounds) {
        expect(await page.getAttribute(`#p-${name}`, 'type')).toBe('range')
        expect(Number(await page.getAttribute(`#p-${name}`, 'min'))).toBe(bounds.minimum)
        expect(Number(await page.getAttribute(`#p-${name}`, 'max'))).toBe(bounds.maximum)
        expect(await page.inputValue(`#p-${name}-value`)).toBe(
          fallback === undefined ? '' : String(fallback),
        )
      } else if (values.length) {
        const options = await page.$$eval(`#p-${name} option`, (o) =>
          o.map((x) => (x as any).value).filter(Boolean),
        )
        expect(options).toEqual(values)
        expect(await page.inputValue(`#p-${name}`)).toBe(
          fallback === undefined ? '' : String(fallback),
        )
      }
    }
    expect(first.json.plane.slug).toBe('airbus-a350-900')
    expect(first.json.imageSource).toBe('watermark-overlay')
    expectPng(first.image)
    expect(first.shown).toEqual({ width: 1280, complete: true })
    expect(first.image!.source).toBe('watermark-overlay')
    expect(first.src).toStartWith('blob:')
    expect(problems).toEqual([])
  }, 60_000)

  test('picks a model and an airline with type-ahead, then angle, pitch and background, and follows each change', async () => {
    // the pickers offer the catalog by slug with the name and codes as labels
    const options = await page.$$eval('#p-plane-list option', (o) =>
      o.map((x) => [(x as any).value, (x as any).label]),
    )
    expect(options).toHaveLength(catalog.planes.length)
    expect(options).toContainEqual(['boeing-787-9', 'Boeing 787-9 (789/B789)'])

    await page.fill('#p-plane', 'boeing-787-9')
    await page.fill('#p-airline', 'klm')
    const picked = await view.settled({ plane: 'boeing-787-9', airline: 'klm' })
    expect(picked.json.plane.slug).toBe('boeing-787-9')
    expect(picked.json.airline.slug).toBe('klm')
    expect(picked.json.appliedLiveryType).toBe('base')
    expectPng(picked.image)
    expect(picked.shown).toEqual({ width: 1280, complete: true })
    // livery types for the pair: KLM flies the 787-9, so base and blank
    expect(
      await page.$$eval('#p-liveryType option', (o) =>
        o.map((x) => (x as any).value).filter(Boolean),
      ),
    ).toEqual(['base', 'blank'])

    await page.selectOption('#p-angle', '45')
    const angled = await view.settled({ angle: '45' })
    expect(angled.json.angle).toBe('45')
    expect(angled.src).not.toBe(picked.src)
    expectPng(angled.image)
    expect(angled.shown).toEqual({ width: 1280, complete: true })
    expect(Buffer.from(angled.image!.bytes).equals(Buffer.from(picked.image!.bytes))).toBe(false)

    // the pitch slider by keyboard: ten steps up
    await page.focus('#p-pitch')
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight')
    const pitch = await view.pitchAfterSteps(10)
    const pitched = await view.settled({ pitch, angle: '45' })
    expect(pitched.json.composeOptions.pitch).toBe(Number(pitch))
    expect(pitched.json.compose.runs).toBe(true)
    expectPng(pitched.image)
    expect(pitched.shown).toEqual({ width: 1280, complete: true })

    await page.fill('#p-background', '87ceeb')
    const coloured = await view.settled({ background: '87ceeb', pitch })
    expect(coloured.json.compose.reason).toContain('background')
    expectPng(coloured.image)
    expect(coloured.shown).toEqual({ width: 1280, complete: true })
    expect(await view.previewPixel(2, 2)).toEqual([0x87, 0xce, 0xeb])
    expect(await page.textContent('#curl')).toBe(`curl -o plane.png '${coloured.url.href}'`)
    await page.evaluate(() => {
      window.scrollTo(0, 0)
      document.getElementById('params').scrollTop = 0
    })
    await page.screenshot({ path: join(SHOTS, 'home-playground.png') })
    await page.evaluate(() => document.getElementById('json')!.scrollIntoView())
    await page.screenshot({ path: join(SHOTS, 'home-json-headers.png') })
  }, 60_000)

  test('a preset resolution disables the width field and leaves width out of the URL', async () => {
    await page.fill('#p-width-value', '800')
    await view.settled({ width: '800' })
    await page.selectOption('#p-resolution', 'card')
    const preset = await view.settled({ resolution: 'card' })
    expect(preset.url.searchParams.has('width')).toBe(false)
    expect(await page.isDisabled('#p-width-value')).toBe(true)
    expect(preset.json.renderOptions.width).toBe(1024)
    expectPng(preset.image)
    expect(preset.shown.width).toBe(1024)
    await page.selectOption('#p-resolution', '')
    await page.fill('#p-width-value', '')
    await page.waitForFunction(
      () => !document.getElementById('url').textContent.includes('resolution='),
    )
    await page.waitForSelector('#preview-figure[aria-busy=false]')
    expect(await page.isDisabled('#p-width-value')).toBe(false)
  }, 60_000)

  test('a typed key stays in session storage and travels only in the x-api-key header', async () => {
    await page.fill('#api-key', KEY)
    await page.press('#api-key', 'Tab')
    // the key is stored on change: every request the page starts from now on must carry it
    requested.length = 0
    await page.waitForFunction(
      () => !/watermarked/.test(document.getElementById('status')!.textContent || ''),
      null,
      { timeout: 30_000 },
    )
    const keyed = await view.settled({ background: '87ceeb' })
    expect(keyed.json.imageSource).not.toBe('watermark-overlay')
    expect(keyed.image!.source).not.toBe('watermark-overlay')
    expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(KEY)
    expect(await page.evaluate(() => Object.values(localStorage))).not.toContain(KEY)
    const imageRequests = requested.filter((r) => r.url.includes('/v1/images/plane'))
    expect(imageRequests.length).toBeGreaterThan(0)
    for (const r of imageRequests) expect(r.key).toBe(KEY)
    for (const r of requested) expect(r.url).not.toContain(KEY)
    expect(await page.textContent('#curl')).not.toContain(KEY)
    await page.evaluate(() => {
      window.scrollTo(0, 0)
      document.getElementById('params').scrollTop = 0
    })
    await page.screenshot({ path: join(SHOTS, 'home-with-key.png') })
    expect(page.url()).not.toContain(KEY)
    await page.click('#forget-key')
    expect(await page.evaluate(() => Object.values(sessionStorage))).not.toContain(KEY)
  }, 60_000)

  test('the gradient editor writes backgroundGradient, and the preview shows it', async () => {
    await page.fill('#p-background', '')
    await page.click('text=Use this gradient')
    const graded = await view.settled({ backgroundGradient: 'linear:180:87ceeb-0,ffffff-1' })
    expect(graded.url.searchParams.has('background')).toBe(false)
    expect(graded.json.compose.reason).toContain('backgroundGradient')
    expectPng(graded.image)
    // 180 runs top to bottom: sky blue at the top edge, white at the bottom edge
    const near = (got: number[], want: number[], tolerance: number) =>
      got.every((v, i) => Math.abs(v - want[i]) <= tolerance)
    expect(near(await view.previewPixel(2, 1), [0x87, 0xce, 0xeb], 3)).toBe(true)
    expect(near(await view.previewPixel(2, 718), [255, 255, 255], 6)).toBe(true)
    await page.fill('#p-backgroundGradient', '')
  }, 60_000)

  test('debounces a burst of changes and cancels a superseded preview request', async () => {
    const sent = () =>
      requested.filter((r) => r.url.includes('/v1/images/plane?') && !r.url.includes('format=json'))
        .length
    const failed: string[] = []
    page.on('requestfailed', (r) => failed.push(r.url()))
    const before = sent()
    await page.focus('#p-pitch')
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft')
    await view.settled({ pitch: await view.pitchAfterSteps(5) })
    expect(sent() - before).toBeLessThan(5)
    // the request for the slow angle is still out when the angle changes again: the page drops it
    await page.selectOption('#p-angle', SLOW_ANGLE)
    await page.waitForFunction(
      (a) => document.getElementById('url').textContent.includes(`angle=${a}`),
      SLOW_ANGLE,
    )
    await page.selectOption('#p-angle', '180')
    const last = await view.settled({ angle: '180' })
    expect(last.json.angle).toBe('180')
    expect(failed.some((u) => u.includes(`angle=${SLOW_ANGLE}`))).toBe(true)
    expect(await page.textContent('#url')).not.toContain(`angle=${SLOW_ANGLE}`)
  }, 60_000)

  test('shows every model, every angle and the fleet at one scale as lazy thumbnails', async () => {
    await page.goto(`${service.origin}/?plane=airbus-a350-900&airline=lufthansa&angle=45`)
    await view.settled({ plane: 'airbus-a350-900', airline: 'lufthansa' })
    expect(await page.locator('#gallery-models img').count()).toBe(catalog.planes.length)
    expect(await page.locator('#gallery-angles img').count()).toBe(ANGLES.length)
    expect(await page.locator('#gallery-fleet img').count()).toBe(
      catalog.airline('lufthansa')!.fleet.length,
    )
    const fleetSrc = await page.getAttribute('#gallery-fleet img', 'data-src')
    expect(fleetSrc).toContain('scale=fleet')
    expect(fleetSrc).toContain('resolution=thumb')
    // lazily: nothing below the fold is fetched before it is scrolled to
    expect(await page.locator('#gallery-fleet img[src^="blob:"]').count()).toBe(0)
    await page.locator('#gallery-models').scrollIntoViewIfNeeded()
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('#gallery-models img')].every(
          (i) => (i as any).src.startsWith('blob:') && (i as any).complete,
        ),
      null,
      {
        timeout: 90_000,
      },
    )
    await page
      .locator('#gallery-models')
      .screenshot({ path: join(SHOTS, 'home-gallery-models.png') })
    await page.locator('#gallery-fleet').scrollIntoViewIfNeeded()
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('#gallery-fleet img')].every(
          (i) => (i as any).src.startsWith('blob:') && (i as any).complete,
        ),
      null,
      {
        timeout: 60_000,
      },
    )
    await page.locator('#gallery-fleet').screenshot({ path: join(SHOTS, 'home-gallery-fleet.png') })
    const thumbPath = new URL(
      (await page.getAttribute('#gallery-fleet img', 'data-src'))!,
      service.origin,
    )
    expectPng(images.get(thumbPath.pathname + thumbPath.search))
    expect(await page.$eval('#gallery-fleet img', (img: any) => img.naturalWidth)).toBe(512)
  }, 180_000)

  test('copies an <img> with srcset for the image shown, and with a key a signed URL that opens clean without one', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: service.origin,
    })
    await page.goto(`${service.origin}/?plane=boeing-787-9&airline=klm&angle=45`)
    const shown = await view.settled({ plane: 'boeing-787-9', airline: 'klm', angle: '45' })
    expect(await page.isVisible('#sign')).toBe(false)
    await page.click('button:text-is("Copy HTML")')
    const html: string = await page.evaluate(() => navigator.clipboard.readText())
    expect(html).toBe((await page.textContent('#html'))!)
    const attr = (name: string) =>
      new RegExp(`\\s${name}="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&')
    expect(attr('src')).toBe(shown.url.href)
    expect(attr('alt')).toBe(`${shown.json.plane.name} in ${shown.json.airline.name} livery`)
    expect([attr('width'), attr('height'), attr('loading'), attr('decoding')]).toEqual([
      '1280',
      '720',
      'lazy',
      'async',
    ])
    const candidates = attr('srcset')!
      .split(', ')
      .map((c) => c.split(' '))
    expect(candidates.map(([, w]) => w)).toEqual(['512w', '1024w', '2048w', '4096w'])
    expect(new URL(candidates[0][0]).searchParams.get('resolution')).toBe('thumb')

    await page.fill('#api-key', KEY)
    await page.press('#api-key', 'Tab')
    await page.click('#sign')
    await page.waitForFunction(() => /[?&]sig=/.test(document.getElementById('signed').textContent))
    const signed = (await page.textContent('#signed'))!
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(signed)
    expect(signed).not.toContain(KEY)
    expect(new URL(signed).searchParams.get('kid')).toBe('e2e-1')
    // from outside the page, with no key: the clean image
    const image = await fetch(signed)
    expect(image.status).toBe(200)
    expect(image.headers.get('x-image-source')).not.toBe('watermark-overlay')
    await page.click('#forget-key')
    expect(await page.isVisible('#sign')).toBe(false)
    expect(problems).toEqual([])
  }, 60_000)

  test('fits a 375 px wide phone without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 812 })
    await page.goto(`${service.origin}/`)
    await view.settled({ plane: 'airbus-a350-900' })
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }))
    expect(widths.client).toBe(375)
    expect(widths.scroll).toBeLessThanOrEqual(widths.client)
    await page.screenshot({ path: join(SHOTS, 'home-phone.png') })
    // tabbing to a control further down keeps it clear of the pinned preview
    await page.focus('#p-gear')
    const gear = await page.$eval('#p-gear', (el: any) => el.getBoundingClientRect().top)
    const preview = await page.$eval(
      '#preview-figure',
      (el: any) => el.getBoundingClientRect().bottom,
    )
    expect(gear).toBeGreaterThanOrEqual(preview)
    await page.screenshot({ path: join(SHOTS, 'home-phone-controls.png') })
    await page.setViewportSize({ width: 1280, height: 900 })
  }, 60_000)

  test('moves focus through labelled controls in reading order', async () => {
    await page.goto(`${service.origin}/`)
    await view.settled({ plane: 'airbus-a350-900' })
    const stops: { id: string; name: string }[] = []
    for (let i = 0; i < 16; i++) {
      await page.keyboard.press('Tab')
      stops.push(
        await page.evaluate(() => {
          const el = document.activeElement as any
          const name =
            el.getAttribute('aria-label') || el.labels?.[0]?.textContent || el.textContent || ''
          return { id: el.id || el.className || el.getAttribute('href') || '', name: name.trim() }
        }),
      )
    }
    expect(stops.slice(0, 10).map((s) => s.id)).toEqual([
      'skip',
      '/docs',
      'api-key',
      'forget-key',
      'p-plane',
      'p-airline',
      'p-liveryType',
      'p-angle',
      'p-gear',
      'p-pitch',
    ])
    for (const s of stops) expect(s.name).not.toBe('')
    // and the order is the document's: no control jumps the queue
    const domOrder = await page.$$eval('a[href], button, input, select, pre[tabindex]', (els) =>
      els
        .filter((e) => (e as any).offsetParent !== null || e.classList.contains('skip'))
        .map((e) => e.id || e.className || e.getAttribute('href') || ''),
    )
    expect(stops.map((s) => s.id)).toEqual(domOrder.slice(0, stops.length))
  }, 60_000)

  test('the API reference at /docs renders offline under the same policy', async () => {
    const docs = await browser.context.newPage()
    const refused = watchProblems(docs)
    await docs.goto(`${service.origin}/docs`)
    // the reference is drawn from /openapi.json: its title and the route groups appear
    await docs
      .getByRole('heading', { name: 'Aircraft image service' })
      .first()
      .waitFor({ timeout: 30_000 })
    for (const tag of ['images', 'catalog', 'resolve'])
      await docs.getByText(tag, { exact: true }).first().waitFor({ timeout: 10_000 })
    expect(refused).toEqual([])
    await docs.close()
  }, 60_000)
})
