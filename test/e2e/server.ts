/** The real service (embedded catalog, real renderer, throwaway store) listening on a free port. */
import { readConfig } from '../../src/config'
import { appFor, buildService } from '../../src/service'
import { catalog, tempStore } from '../support/app'

export async function startService(env: Record<string, string> = {}) {
  const config = readConfig({ RENDER_THREADS: '1', ...env })
  const parts = await buildService(config, { catalog, store: tempStore() })
  const { fetch } = appFor(parts)
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', development: false, fetch })
  return { origin: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) }
}
