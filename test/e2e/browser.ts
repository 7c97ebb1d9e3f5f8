/**
 * Headless Chromium for end-to-end tests: playwright-core drives Debian's chromium
 * (CI installs it: apt-get install -y chromium). A missing browser fails the test
 * with the line that installs it; it is never a silent skip.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export async function launchBrowser(): Promise<{
  context: BrowserContext
  close(): Promise<void>
}> {
  if (!existsSync(CHROMIUM))
    throw new Error(
      `chromium not found at ${CHROMIUM}: the end-to-end tests need it (apt-get update && apt-get install -y chromium), or set CHROMIUM_PATH`,
    )
  // a new empty profile each run: no extension, cache or stored key leaks between runs
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  })
  return {
    context,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** The policy the service sends with its HTML pages (issue 14): no inline script, nothing external. */
export const CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"

/**
 * Offline and strict: every request to another origin fails, and the HTML pages carry
 * the CSP (added here too, so the test holds whichever branch sends it).
 */
export async function offlineWithCsp(context: BrowserContext, origin: string) {
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  )
  await context.route(
    (url) => url.origin === origin && (url.pathname === '/' || url.pathname === '/docs'),
    async (route) => {
      const response = await route.fetch()
      // the body playwright hands over is already decoded
      const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers()
      await route.fulfill({ response, headers: { ...headers, 'content-security-policy': CSP } })
    },
  )
}

/** Console lines about refused content (CSP) and uncaught errors of a page, as they come. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
      problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
  return problems
}
