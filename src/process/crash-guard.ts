/**
 * A public service's process must outlive any one request: an error nobody caught (a
 * callback after a response, a rejected promise nobody awaited) is logged, with the
 * logger's key redaction, and the process goes on serving.
 */
import { log } from '../log'

let installed = false

export function installCrashGuard(): void {
  if (installed) return
  installed = true
  process.on('uncaughtException', (error) => {
    log.error('uncaught error; the process goes on', { error: String(error?.stack ?? error) })
  })
  process.on('unhandledRejection', (reason) => {
    log.error('unhandled rejection; the process goes on', {
      error: String((reason as Error)?.stack ?? reason),
    })
  })
}
