/**
 * `serve`: starts the service on its embedded defaults: config from the environment, the
 * catalog shipped in the program, the store named by STORE (default ./var/store).
 * One process per core (WORKERS) listens on the same port with SO_REUSEPORT; the
 * first one starts the others and stops them when it stops.
 */
import { readConfig, type Config } from '../config'
import { log } from '../log'
import { warmUp } from '../pipeline/jobs/warm-up'
import { appFor, buildService } from '../service'
import { describeStartupError } from './startup-error'

const isReplica = process.env.SERVICE_REPLICA === '1'

function startReplicas(config: Config) {
  // the same program and arguments as this process (Bun.main is the entry script; the binary is its own)
  const compiled = Bun.main.startsWith('/$bunfs')
  const command = compiled ? [process.execPath, ...process.argv.slice(2)] : [process.execPath, Bun.main, ...process.argv.slice(2)]
  const replicas = Array.from({ length: config.workers - 1 }, () =>
    Bun.spawn(command, { env: { ...process.env, SERVICE_REPLICA: '1' }, stdout: 'inherit', stderr: 'inherit' }),
  )
  const stop = () => {
    for (const r of replicas) r.kill()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

export async function startServer() {
  try {
    const config = readConfig()
    const parts = await buildService(config)
    const { fetch } = appFor(parts)
    const server = Bun.serve({ port: config.port, hostname: '0.0.0.0', reusePort: config.workers > 1, development: false, fetch })
    void warmUp(parts.pipeline, parts.warm)
    if (!isReplica) {
      if (config.workers > 1) startReplicas(config)
      log.info('listening', {
        port: server.port,
        workers: config.workers,
        keys: config.apiKeys.length,
        store: parts.store.description,
        manifestVersion: parts.manifest.version,
        planes: parts.catalog.planes.length,
        airlines: parts.catalog.airlines.length,
      })
    }
  } catch (e) {
    const reason = describeStartupError(e)
    log.error('cannot start', { reason })
    console.error(`cannot start: ${reason}`)
    process.exit(1)
  }
}

