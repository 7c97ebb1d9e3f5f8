/** Builds the real application on the embedded catalog with a throwaway store. */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { createResolver } from '../../src/catalog/resolve'
import { readConfig } from '../../src/config'
import { createApp } from '../../src/serve/app'
import { LocalStore } from '../../src/store'

export const KEYS = ['test-key-alpha-0001', 'test-key-bravo-0002']
export const catalog = loadEmbeddedCatalog()

export function makeApp(env: Record<string, string> = {}) {
  const config = readConfig({ API_KEYS: KEYS.join(','), ...env })
  const store = new LocalStore(mkdtempSync(join(tmpdir(), 'store-')))
  const app = createApp({
    config,
    catalog,
    resolver: createResolver(catalog),
    store,
    manifestVersion: () => '2026-01-01T00:00:00.000Z',
    startedAt: Date.now(),
  })
  const request = (path: string, init: RequestInit = {}) => app.handle(new Request(`http://localhost${path}`, init))
  const json = async (path: string, init: RequestInit = {}) => {
    const res = await request(path, init)
    return { res, status: res.status, body: (await res.json()) as any }
  }
  return { app, store, config, request, json }
}

export const withKey = (key = KEYS[0]): RequestInit => ({ headers: { 'x-api-key': key } })
