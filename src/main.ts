/**
 * Starts the service on its embedded defaults: config from the environment, the
 * catalog shipped in the program, the store named by STORE (default ./var/store).
 */
import { CatalogError } from './catalog/load'
import { ConfigError, readConfig } from './config'
import { log } from './log'
import { appFor, buildService } from './service'

async function start() {
  try {
    const parts = await buildService(readConfig())
    const app = appFor(parts)
    app.listen({ port: parts.config.port, hostname: '0.0.0.0', reusePort: true })
    log.info('listening', {
      port: app.server?.port,
      keys: parts.config.apiKeys.length,
      store: parts.store.description,
      manifestVersion: parts.manifest.version,
      planes: parts.catalog.planes.length,
      airlines: parts.catalog.airlines.length,
    })
  } catch (e) {
    if (!(e instanceof ConfigError || e instanceof CatalogError)) throw e
    log.error('cannot start', { reason: e.message })
    console.error(`cannot start: ${e.message}`)
    process.exit(1)
  }
}

await start()
