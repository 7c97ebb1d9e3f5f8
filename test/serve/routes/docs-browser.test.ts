/**
 * /docs in headless Chromium, offline: every request to another host is refused and recorded,
 * the page runs under the service's CSP, and the reference must still draw every operation of
 * /openapi.json and the image path's signing parameters. Needs chromium (test/e2e/browser.ts).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { launchBrowser, offlineWithCsp, watchProblems } from '../../e2e/browser'
import { startService } from '../../e2e/server'
import { DOCS_SCRIPT_PATH } from '../../../src/serve/routes/docs'

let service: Awaited<ReturnType<typeof startService>>
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page

beforeAll(async () => {
  service = await startService({ API_KEYS: 'docs-e2e-key-0123456789' })
  browser = await launchBrowser()
  await offlineWithCsp(browser.context, service.origin)
  page = await browser.context.newPage()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  service?.stop()
})

test('the API reference renders offline from the service alone', async () => {
  const problems = watchProblems(page)
  const requested: string[] = []
  page.on('request', (r) => requested.push(r.url()))
  const doc = (await (await fetch(`${service.origin}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { summary?: string }>>
  }

  await page.goto(`${service.origin}/docs`)
  await page.getByRole('heading', { name: 'Aircraft image service' }).waitFor({ timeout: 30_000 })
  // the route list: every documented operation is drawn, by its summary
  const summaries = Object.values(doc.paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (op.summary ? [op.summary] : [])),
  )
  expect(summaries.length).toBeGreaterThan(10)
  for (const summary of summaries)
    await page
      .getByText(summary, { exact: true })
      .first()
      .waitFor({ state: 'attached', timeout: 10_000 })
  for (const name of ['exp', 'kid', 'sig'])
    await page
      .getByText(name, { exact: true })
      .first()
      .waitFor({ state: 'attached', timeout: 10_000 })

  // data: and blob: URLs are the page's own; anything else must be this service, and only these three
  const fetched = requested.filter((url) => !/^(data|blob):/.test(url))
  expect(fetched.filter((url) => !url.startsWith(`${service.origin}/`))).toEqual([])
  expect([...new Set(fetched.map((url) => new URL(url).pathname))].sort()).toEqual(
    ['/docs', DOCS_SCRIPT_PATH, '/openapi.json'].sort(),
  )
  expect(problems).toEqual([])
}, 60_000)
