/**
 * What the e2e test needs to watch the playground: the image responses the browser
 * receives, and the page's settled state (URL, JSON, preview) after a change.
 */
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'

// functions given to page.evaluate run in the browser; this file is type-checked without the DOM library
declare const document: any, OffscreenCanvas: any

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export interface ReceivedImage {
  type: string
  bytes: Uint8Array
  source: string | null
}
/** every image (not JSON) the browser received from the image route, by path and query */
export type ReceivedImages = Map<string, ReceivedImage>

/**
 * The image responses pass through the test so that it sees the very bytes the browser
 * gets (the page reads them into blob: URLs, which the CSP's connect-src keeps the test
 * from fetching back). Requests at `slowAngle` are held back two seconds, to be superseded.
 */
export async function recordImages(page: Page, slowAngle: string): Promise<ReceivedImages> {
  const images: ReceivedImages = new Map()
  await page.route(
    (url) => url.pathname === '/v1/images/plane' && url.searchParams.get('format') !== 'json',
    async (route) => {
      const url = new URL(route.request().url())
      if (url.searchParams.get('angle') === slowAngle) await Bun.sleep(2000)
      const response = await route.fetch()
      const bytes = new Uint8Array(await response.body())
      if (response.status() === 200)
        images.set(url.pathname + url.search, {
          type: response.headers()['content-type'] ?? '',
          bytes,
          source: response.headers()['x-image-source'] ?? null,
        })
      // the page may have cancelled the request meanwhile (that is what the cancel test checks)
      await route.fulfill({ response, body: Buffer.from(bytes) }).catch(() => {})
    },
  )
  return images
}

/** A real PNG reached the browser: it was sent as image/png and starts with the PNG signature. */
export function expectPng(image: { type: string; bytes: Uint8Array } | undefined) {
  expect(image).toBeDefined()
  expect(image!.type).toBe('image/png')
  expect([...image!.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
}

export function playground(page: Page, images: ReceivedImages) {
  return {
    /** Waits until the shown URL has every `expected` parameter and the preview has settled. */
    async settled(expected: Record<string, string>) {
      await page.waitForFunction(
        (want) => {
          const url = new URL(document.getElementById('url').textContent || 'http://x/')
          return Object.entries(want).every(([k, v]) => url.searchParams.get(k) === v)
        },
        expected,
        { timeout: 20_000 },
      )
      await page.waitForSelector('#preview-figure[aria-busy=false]', { timeout: 30_000 })
      const url = new URL((await page.textContent('#url'))!)
      const json = JSON.parse((await page.textContent('#json'))!)
      const image = images.get(url.pathname + url.search)
      const shown = await page.$eval('#preview', (img: any) => ({
        width: img.naturalWidth,
        complete: img.complete,
      }))
      return { url, json, image, src: await page.getAttribute('#preview', 'src'), shown }
    },

    /** The pitch the slider shows after `steps` steps up from 0, at the step the schema gave it. */
    async pitchAfterSteps(steps: number) {
      return String(
        Number((steps * Number(await page.getAttribute('#p-pitch', 'step'))).toFixed(6)),
      )
    },

    /** The colour of the preview's pixel at (x, y), read back from the shown image. */
    previewPixel(x: number, y: number) {
      return page.evaluate(
        ([px, py]) => {
          const img = document.getElementById('preview')
          const canvas = new OffscreenCanvas(img.naturalWidth, img.naturalHeight)
          const ctx = canvas.getContext('2d')
          ctx.drawImage(img, 0, 0)
          return [...ctx.getImageData(px, py, 1, 1).data.slice(0, 3)] as number[]
        },
        [x, y],
      )
    },
  }
}
