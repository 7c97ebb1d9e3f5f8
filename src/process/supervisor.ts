/**
 * The first process: it does not serve, it keeps WORKERS serving processes alive. A worker
 * that dies is replaced (logged, with a backoff that grows while workers keep dying); on
 * SIGTERM/SIGINT every worker is asked to drain and the supervisor exits once they have.
 * A worker that dies before it ever listened at the first start is a startup failure
 * (bad configuration, unreachable store): the supervisor stops and exits with its code
 * rather than restart it forever.
 */
import type { Subprocess } from 'bun'
import type { Config } from '../config'
import { flushLogs, log } from '../log'
import { withAllocatorDefaults } from './allocator'

interface Slot {
  proc: Subprocess | null
  listening: boolean
  startedAt: number
}

const BACKOFF_MIN_MS = 100
const BACKOFF_MAX_MS = 5000
/** a worker that lived this long was healthy: the backoff starts over */
const HEALTHY_AFTER_MS = 30_000

/**
 * Whether nothing listens on the port: several workers share it with SO_REUSEPORT, which
 * would as gladly share it with another copy of the service; so the port is tried alone
 * first (a bind without SO_REUSEPORT fails on any listener).
 */
export function portIsFree(port: number): boolean {
  if (port === 0) return true
  try {
    Bun.listen({ hostname: '0.0.0.0', port, socket: { data() {} } }).stop(true)
    return true
  } catch {
    return false
  }
}

export function supervise(config: Config, command: string[]): void {
  if (config.workers > 1 && !portIsFree(config.port)) {
    console.error(`cannot start: port ${config.port} is already in use`)
    log.error('cannot start', { reason: `port ${config.port} is already in use` })
    finishNow(1)
  }
  const slots: Slot[] = Array.from({ length: config.workers }, () => ({
    proc: null,
    listening: false,
    startedAt: 0,
  }))
  let stopping = false
  let everListened = false
  let backoffMs = BACKOFF_MIN_MS

  function start(slot: Slot) {
    slot.listening = false
    slot.startedAt = performance.now()
    slot.proc = Bun.spawn(command, {
      // the allocator reads its settings when a process starts: the serving processes get them here
      env: {
        ...withAllocatorDefaults(process.env),
        SERVICE_REPLICA: '1',
        SERVICE_WORKER_INDEX: String(slots.indexOf(slot)),
      },
      stdout: 'inherit',
      stderr: 'inherit',
      ipc(message) {
        const { type, ...said } = message as { type?: string; port?: number }
        if (type !== 'listening') return
        slot.listening = true
        log.info(everListened ? 'worker listening' : 'listening', {
          ...said,
          workers: config.workers,
          keys: config.apiKeys.length,
          supervisor: process.pid,
        })
        everListened = true
      },
      onExit(proc, code, signal) {
        if (slot.proc === proc) slot.proc = null
        exited(slot, proc.pid, code, signal)
      },
    })
    log.debug('worker started', { pid: slot.proc.pid })
  }

  function exited(slot: Slot, pid: number, code: number | null, signal: unknown) {
    if (stopping) {
      if (slots.every((s) => !s.proc)) finish(0)
      return
    }
    if (!everListened && !slot.listening) {
      log.error('worker could not start; stopping', { pid, code, signal })
      stopAll()
      finish(code || 1)
      return
    }
    const lived = performance.now() - slot.startedAt
    if (lived > HEALTHY_AFTER_MS) backoffMs = BACKOFF_MIN_MS
    const delay = backoffMs
    backoffMs = Math.min(BACKOFF_MAX_MS, backoffMs * 2)
    log.warn('worker exited; restarting it', {
      pid,
      code,
      signal,
      livedMs: Math.round(lived),
      restartInMs: delay,
    })
    setTimeout(() => {
      if (!stopping) start(slot)
    }, delay)
  }

  function stopAll(signal: NodeJS.Signals = 'SIGTERM') {
    stopping = true
    for (const s of slots) s.proc?.kill(signal)
  }

  const finish = finishNow

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    log.info('stopping workers', { signal, graceMs: config.shutdownGraceMs })
    stopAll('SIGTERM')
    if (slots.every((s) => !s.proc)) finish(0)
    // a worker that outstays its grace period is cut
    setTimeout(() => {
      for (const s of slots) s.proc?.kill('SIGKILL')
      finish(0)
    }, config.shutdownGraceMs + 2000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  slots.forEach(start)
}

function finishNow(code: number): never {
  flushLogs()
  process.exit(code)
}
