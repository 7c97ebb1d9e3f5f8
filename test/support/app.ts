/** Builds the real service (embedded catalog, real renderer) on a throwaway local store. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { readConfig } from '../../src/config'
import { appFor, buildService, type BuildOptions } from '../../src/service'
import { LocalStore } from '../../src/store'

export const KEYS = ['test-key-alpha-0001', 'test-key-bravo-0002']
export const SIGNING_KEYS = [
  { id: 'test-2026a', secret: 'test-signing-secret-alpha-0000000001' },
  { id: 'test-2026b', secret: 'test-signing-secret-bravo-0000000002' },
]
export const catalog = loadEmbeddedCatalog()

export const tempStore = () => new LocalStore(mkdtempSync(join(tmpdir(), 'store-')))

/**
 * One render thread unless a test asks for more: every app would otherwise start its own
 * render workers (test/pipeline/render-threads.test.ts covers the threaded renderer and
 * test/serve/routes/compose-threads.test.ts serves through it).
 */
/**
 * Every request of a test comes from one address, so the per-address limit is off unless a
 * test sets ANON_RATE_LIMIT (test/serve/rate-limit.test.ts does).
 */
export async function makeApp(env: Record<string, string> = {}, opts: BuildOptions = {}) {
  const config = readConfig({
    API_KEYS: KEYS.join(','),
    URL_SIGNING_KEYS: `${SIGNING_KEYS[0].id}:${SIGNING_KEYS[0].secret}`,
    RENDER_THREADS: '0',
    ANON_RATE_LIMIT: 'off',
    ...env,
  })
  const store = opts.store ?? tempStore()
  const parts = await buildService(config, { catalog, ...opts, store })
  const { app, fetch, operations, drain } = appFor(parts)
  const request = async (path: string, init: RequestInit = {}, peer = '203.0.113.7') =>
    fetch(new Request(`http://localhost${path}`, init), { requestIP: () => ({ address: peer }) })
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await request(path, init)
    return { res, status: res.status, body: (await res.json()) as any }
  }
  /** the operations port's app (/metrics, /health) */
  const ops = async (path: string) => operations.handle(new Request(`http://127.0.0.1${path}`))
  return { app, parts, store, config, request, json, ops, drain }
}

export const withKey = (key = KEYS[0]): RequestInit => ({ headers: { 'x-api-key': key } })
