/**
 * Starts the service on its embedded defaults: config from the environment,
 * the catalog shipped in the program, the store named by STORE.
 */
import { loadEmbeddedCatalog } from './catalog/embedded'
import { CatalogError } from './catalog/load'
import { createResolver } from './catalog/resolve'
import { ConfigError, readConfig } from './config'
import { log } from './log'
import { createApp } from './serve/app'
import { openStore } from './store'

function fail(message: string): never {
  log.error('cannot start', { reason: message })
  console.error(`cannot start: ${message}`)
  process.exit(1)
}

function start() {
  let config, catalog
  try {
    config = readConfig()
    catalog = loadEmbeddedCatalog()
  } catch (e) {
    if (e instanceof ConfigError || e instanceof CatalogError) fail(e.message)
    throw e
  }
  if (!catalog.plane(config.defaultPlane)) fail(`DEFAULT_PLANE "${config.defaultPlane}" is not a plane of the catalog`)
  const store = openStore(config.store)
  const manifestVersion = new Date().toISOString()
  const app = createApp({
    config,
    catalog,
    resolver: createResolver(catalog),
    store,
    manifestVersion: () => manifestVersion,
    startedAt: Date.now(),
  })
  app.listen({ port: config.port, hostname: '0.0.0.0' })
  log.info('listening', {
    port: app.server?.port,
    keys: config.apiKeys.length,
    store: store.description,
    planes: catalog.planes.length,
    airlines: catalog.airlines.length,
  })
}

start()
