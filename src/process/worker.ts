/**
 * One serving process: builds the service, listens on the shared port (SO_REUSEPORT, so a
 * replacement can start beside one that drains), tells its supervisor it listens, and
 * leaves cleanly: on SIGTERM/SIGINT it drains, and it drains too when its supervisor is
 * gone, so no orphan keeps serving with an old configuration.
 */
import type { Config } from '../config'
import { flushLogs, log } from '../log'
import { warmUp } from '../pipeline/jobs/warm-up'
import { appFor, buildService } from '../service'

/** connections stay open longer than any request may take: queue wait plus the slowest composition */
export const idleTimeoutSeconds = (config: Config) => Math.min(255, Math.ceil(config.queueWaitMs / 1000) + 30)

/** `supervisor`: the pid of the supervising process, read before anything else (null when unsupervised) */
export async function runWorker(config: Config, supervisor: number | null): Promise<void> {
  const parts = await buildService(config)
  const { fetch, inFlight } = appFor(parts)
  const server = Bun.serve({
    port: config.port,
    hostname: '0.0.0.0',
    reusePort: true,
    development: false,
    idleTimeout: idleTimeoutSeconds(config),
    fetch,
  })
  void warmUp(parts.pipeline, parts.warm, { traffic: () => parts.limiter.started })

  let draining = false
  async function drain(reason: string) {
    if (draining) return
    draining = true
    log.info('draining', { reason, inFlight: inFlight.count, graceMs: config.shutdownGraceMs })
    // stop accepting: new connections go to the other processes on the port
    server.stop(false)
    const deadline = performance.now() + config.shutdownGraceMs
    while (inFlight.count > 0 && performance.now() < deadline) await Bun.sleep(20)
    const left = Math.max(0, deadline - performance.now())
    await Promise.race([parts.writes.settled(), Bun.sleep(left)])
    if (inFlight.count > 0) log.warn('grace period over; requests still in flight are cut', { inFlight: inFlight.count })
    log.info('stopped', { reason })
    flushLogs()
    server.stop(true)
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
    process.send?.({ type: 'listening', port: server.port })
  } else
    log.info('listening', {
      port: server.port,
      keys: config.apiKeys.length,
      store: parts.store.description,
      manifestVersion: parts.manifest.version,
    })
}
