/**
 * `serve`: starts the service on its embedded defaults: config from the environment, the
 * catalog shipped in the program, the store named by STORE (default ./var/store).
 * The first process supervises WORKERS serving processes that share the port
 * (SO_REUSEPORT); it loads nothing heavy itself, so it stays small.
 */
import { readConfig } from '../config'
import { flushLogs, log } from '../log'
import { installCrashGuard } from './crash-guard'
import { describeStartupError } from './startup-error'

/** the same program and arguments as this process (Bun.main is the entry script; the binary is its own) */
function ownCommand(): string[] {
  const compiled = Bun.main.startsWith('/$bunfs')
  return compiled
    ? [process.execPath, ...process.argv.slice(2)]
    : [process.execPath, Bun.main, ...process.argv.slice(2)]
}

export async function startServer() {
  installCrashGuard()
  const parent = process.ppid
  try {
    const config = readConfig()
    if (process.env.SERVICE_REPLICA === '1')
      await (await import('./worker')).runWorker(config, parent)
    else if (process.env.SERVICE_UNSUPERVISED === '1')
      await (await import('./worker')).runWorker(config, null)
    else (await import('./supervisor')).supervise(config, ownCommand())
  } catch (e) {
    const reason = describeStartupError(e)
    log.error('cannot start', { reason })
    flushLogs()
    console.error(`cannot start: ${reason}`)
    process.exit(1)
  }
}
