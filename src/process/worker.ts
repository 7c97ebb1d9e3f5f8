/**
 * One serving process: builds the service, listens on the port (shared with SO_REUSEPORT only
 * when WORKERS > 1: one process alone must own it, so a second copy on an occupied port fails
 * instead of silently taking half the traffic), serves /metrics on the private operations
 * port, tells its supervisor it listens, and leaves cleanly: on SIGTERM/SIGINT it drains, and
 * it drains too when its supervisor is gone, so no orphan keeps serving with an old
 * configuration.
 */
import type { Config } from '../config'
import { flushLogs, log } from '../log'
import { warmUp } from '../pipeline/jobs/warm-up'
import { appFor, buildService } from '../service'

/** connections stay open longer than any request may take: queue wait plus the slowest composition */
export const idleTimeoutSeconds = (config: Config) =>
  Math.min(255, Math.ceil(config.queueWaitMs / 1000) + 30)

/** `supervisor`: the pid of the supervising process, read before anything else (null when unsupervised) */
export async function runWorker(config: Config, supervisor: number | null): Promise<void> {
  const parts = await buildService(config)
  const { fetch, inFlight, drain: closeConnections, operations } = appFor(parts)
  const server = Bun.serve({
    port: config.port,
    hostname: '0.0.0.0',
    reusePort: config.workers > 1,
    development: false,
    idleTimeout: idleTimeoutSeconds(config),
    fetch,
  })
  const opsServer = operationsServer(config, (request) => operations.handle(request))
  void warmUp(parts.pipeline, parts.warm, { traffic: () => parts.limiter.started })

  let draining = false
  async function drain(reason: string) {
    if (draining) return
    draining = true
    log.info('draining', { reason, inFlight: inFlight.count, graceMs: config.shutdownGraceMs })
    // every answer from now on says Connection: close, so a keep-alive client sends its next
    // request on a new connection. Closing an idle keep-alive connection races with a request
    // the client may be sending on it, so the port stays open for a moment first: a busy
    // connection gets its Connection: close answer, and only connections idle that long are
    // closed when the server stops accepting (new connections then go to the other processes
    // on the port, or to another instance once the orchestrator has taken this one out).
    closeConnections()
    const deadline = performance.now() + config.shutdownGraceMs
    // an orphan (its supervisor gone) must not take new connections with an old configuration
    const linger =
      reason === 'supervisor gone' ? 0 : Math.min(config.drainLingerMs, config.shutdownGraceMs)
    const lingerUntil = performance.now() + linger
    while (performance.now() < lingerUntil) await Bun.sleep(20)
    server.stop(false)
    while (inFlight.count > 0 && performance.now() < deadline) await Bun.sleep(20)
    const left = Math.max(0, deadline - performance.now())
    await Promise.race([parts.writes.settled(), Bun.sleep(left)])
    if (inFlight.count > 0)
      log.warn('grace period over; requests still in flight are cut', { inFlight: inFlight.count })
    log.info('stopped', { reason })
    flushLogs()
    server.stop(true)
    opsServer?.stop(true)
    process.exit(0)
  }
  process.on('SIGTERM', () => void drain('SIGTERM'))
  process.on('SIGINT', () => void drain('SIGINT'))

  if (supervisor !== null) {
    // when the supervisor dies (even by SIGKILL, even while this process started) it is re-parented: leave with it
    const check = () => {
      if (process.ppid !== supervisor) void drain('supervisor gone')
    }
    setInterval(check, 500).unref()
    check()
    process.send?.({
      type: 'listening',
      port: server.port,
      metricsPort: opsServer?.port ?? null,
      memoryLimitMb: Math.round(parts.memoryLimit.bytes / 2 ** 20),
      memoryLimitSource: parts.memoryLimit.source,
    })
  } else
    log.info('listening', {
      port: server.port,
      metricsPort: opsServer?.port ?? null,
      keys: config.apiKeys.length,
      store: parts.store.description,
      manifestVersion: parts.manifest.version,
      memoryLimitMb: Math.round(parts.memoryLimit.bytes / 2 ** 20),
      memoryLimitSource: parts.memoryLimit.source,
    })
}

/**
 * The operations port: METRICS_PORT for the first worker, the next ports for the others (each
 * process has its own metrics; a shared port would answer a scrape from a random one).
 */
function operationsServer(
  config: Config,
  fetch: (request: Request) => Response | Promise<Response>,
) {
  if (config.metricsPort === null) return null
  const index = Number(process.env.SERVICE_WORKER_INDEX ?? 0)
  return Bun.serve({
    port: config.metricsPort === 0 ? 0 : config.metricsPort + index,
    hostname: config.metricsHost,
    development: false,
    fetch,
  })
}
