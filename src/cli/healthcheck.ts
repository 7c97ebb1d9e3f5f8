/**
 * `aircraft-images healthcheck [--port N]`: asks a running instance on this machine whether it
 * is ready (GET /v1/health/ready), for a container's HEALTHCHECK in an image with no shell and
 * no curl. Exit 0 on 200; 1 on anything else: another status, nothing listening, no answer in
 * time. It loads nothing of the service, so a check costs a process start and one request.
 */
import { parseArgs, positiveInteger, UsageError } from './args'

const HOST = '127.0.0.1'
const DEFAULT_PORT = 3000
// under Docker's default 30 s interval and timeout, with room for the process start
const TIMEOUT_MS = 2_000

function portOf(flag: string | true | undefined, env: string | undefined): number {
  const fromFlag = positiveInteger('port', flag)
  if (fromFlag !== undefined) {
    if (fromFlag > 65535) throw new UsageError(`--port takes 1 to 65535 (got "${flag}")`)
    return fromFlag
  }
  if (env === undefined || env.trim() === '') return DEFAULT_PORT
  const port = Number(env)
  // the same bounds the service puts on PORT: a value it would refuse cannot name a live instance
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`healthcheck: PORT must be a port number (got "${env}")`)
    process.exit(1)
  }
  return port
}

export async function healthcheck(argv: string[]): Promise<void> {
  const args = parseArgs(argv, { port: 'value' })
  const url = `http://${HOST}:${portOf(args.port, process.env.PORT)}/v1/health/ready`
  let problem: string
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' })
    await res.body?.cancel()
    if (res.status === 200) return
    problem = `answered ${res.status}`
  } catch (e) {
    const error = e as Error & { code?: string }
    problem =
      error.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : `unreachable (${error.code ?? error.message})`
  }
  console.error(`healthcheck: ${url} ${problem}`)
  process.exit(1)
}
