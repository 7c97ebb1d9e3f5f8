/**
 * The service at saturation, as deployed (the supervisor and its workers at their defaults,
 * a fresh store), under a realistic mix on loopback, driven by autocannon:
 *   cached       repeats of pre-rendered images already served once (most of a CDN-less load)
 *   composition  every request a new composition, thumb to ultra (the expensive class)
 *   json         format=json descriptions, catalog and resolve
 * First the cached class alone (idle baseline), then all three together for --seconds.
 * Prints requests/s and p50/p99 per class, the 503s, the dropped connections (errors and
 * timeouts: must be 0), other non-2xx answers (must be 0), and the PSS of the whole process
 * tree at its peak and 30 s after the load. Stops by itself and kills what it started.
 *   bun bench/load.ts [--seconds 60] [--binary] [--settle 30]
 */
import autocannon from 'autocannon'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startService, treePss } from '../test/support/service-process'
import { flagArg, numberArg } from './lib/args'
import { check, jsonLine, printTargets, table, writeResults, type TargetCheck } from './lib/report'

const SECONDS = numberArg('--seconds', 60)
const SETTLE = numberArg('--settle', 30)
const KEY = 'load-bench-key-0001'
const ROOT = join(import.meta.dir, '..')
const BINARY = join(ROOT, 'dist/aircraft-images')
const useBinary = flagArg('--binary')
if (useBinary && !existsSync(BINARY)) throw new Error('no binary: run `bun run build` first')

const PLANES = [
  'airbus-a320-200',
  'boeing-737-800',
  'airbus-a350-900',
  'boeing-787-9',
  'airbus-a380-800',
  'boeing-777-300er',
]
const AIRLINES = ['lufthansa', 'klm', 'emirates', 'qantas', 'delta-air-lines', 'air-france']
const CACHED = PLANES.flatMap((plane, i) =>
  [0, 90, 345].map(
    (angle) => `/v1/images/plane?plane=${plane}&airline=${AIRLINES[i]}&angle=${angle}`,
  ),
)
const JSON_PATHS = [
  '/v1/images/plane?plane=a320&airline=AF&format=json',
  '/v1/catalog/planes?limit=200',
  '/v1/catalog/airlines?plane=a380',
  '/v1/resolve?kind=plane&method=raw&value=boing%20787-9',
  '/v1/health',
]
const PRESETS = ['thumb', 'card', 'card', 'hd', 'ultra']
let compositionSeq = 0
/** a composition never asked before: the pitch walks through hundredths of a degree */
const nextComposition = () => {
  const n = compositionSeq++
  const pitch = (((n * 0.37) % 60) - 30).toFixed(2)
  return `/v1/images/plane?plane=${PLANES[n % PLANES.length]}&airline=${AIRLINES[n % AIRLINES.length]}&angle=345&resolution=${PRESETS[n % PRESETS.length]}&pitch=${pitch}`
}

type Result = autocannon.Result

function run(
  name: string,
  connections: number,
  seconds: number,
  paths: string[] | (() => string),
  port: number,
) {
  let i = 0
  const path = () => (typeof paths === 'function' ? paths() : paths[i++ % paths.length])
  return new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        // longer than any answer may take (queue wait + the slowest composition): a late answer is not a drop
        timeout: 60,
        headers: { 'x-api-key': KEY },
        requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
      },
      (error: unknown, result: Result) => (error ? reject(error) : resolve(result)),
    )
    void instance
    void name
  })
}

function summarise(name: string, r: Result) {
  const statuses = Object.fromEntries(
    Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s?.count ?? 0]),
  )
  const ok = statuses['200'] ?? 0
  const busy = statuses['503'] ?? 0
  const otherNon2xx = Object.entries(statuses)
    .filter(([c]) => c !== '200' && c !== '304' && c !== '503')
    .reduce((n, [, v]) => n + (v ?? 0), 0)
  const dropped = r.errors + r.timeouts
  const row = {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok,
    busy,
    otherNon2xx,
    dropped,
  }
  jsonLine({ type: 'class', ...row, statuses })
  return row
}

/** the memory limit a pod is given in deploy/k8s/deployment.yaml: the service budgets against it, the peak must stay under it */
const deployedLimitMb = (() => {
  const m = /limits: \{[^}]*memory: (\d+)(Gi|Mi)/.exec(
    readFileSync(join(ROOT, 'deploy/k8s/deployment.yaml'), 'utf8'),
  )
  if (!m) throw new Error('no memory limit in deploy/k8s/deployment.yaml')
  return Number(m[1]) * (m[2] === 'Gi' ? 1024 : 1)
})()
const env: Record<string, string> = {
  API_KEYS: KEY,
  LOG_LEVEL: 'warn',
  MEMORY_LIMIT_MB: String(deployedLimitMb),
}
const service = await startService(env, 60_000, useBinary ? [BINARY] : undefined)
const tree = service.proc.pid
const startedAt = performance.now()
try {
  // ready: the store answers and the renderer has warmed (or 60 s passed)
  while (
    performance.now() - startedAt < 60_000 &&
    (await fetch(service.url('/v1/health/ready'))).status !== 200
  )
    await Bun.sleep(250)
  for (const path of CACHED)
    await fetch(service.url(path), { headers: { 'x-api-key': KEY } }).then((r) => r.arrayBuffer())

  console.log(`cached images alone, 10 s (${useBinary ? 'binary' : 'bun src/main.ts'})`)
  const idle = summarise('cached (idle)', await run('cached', 8, 10, CACHED, service.port))

  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, treePss(tree))), 250)
  console.log(`the mix at saturation, ${SECONDS} s`)
  const [cached, composition, json] = await Promise.all([
    run('cached', 8, SECONDS, CACHED, service.port),
    run('composition', 32, SECONDS, nextComposition, service.port),
    run('json', 4, SECONDS, JSON_PATHS, service.port),
  ])
  const rows = [
    idle,
    summarise('cached', cached),
    summarise('composition', composition),
    summarise('json', json),
  ]
  const peakAfterLoad = peak
  console.log(`settling ${SETTLE} s`)
  await Bun.sleep(SETTLE * 1000)
  clearInterval(sampler)
  const after = treePss(tree)

  table(
    rows.map((r) => [r.name, r.rps, r.p50, r.p99, r.ok, r.busy, r.otherNon2xx, r.dropped]),
    ['class', 'req/s', 'p50 ms', 'p99 ms', '200', '503', 'other', 'dropped'],
  )
  const mix = rows.slice(1)
  const mb = (b: number) => Math.round(b / 1024 / 1024)
  const cachedRatio = Math.round((rows[1].p99 / Math.max(1, idle.p99)) * 10) / 10
  const targets: TargetCheck[] = [
    check(
      'dropped connections at saturation',
      mix.reduce((n, r) => n + r.dropped, 0),
      'connections',
      '0',
      mix.every((r) => r.dropped === 0),
    ),
    check(
      'answers other than 200, 304 and 503',
      mix.reduce((n, r) => n + r.otherNon2xx, 0),
      'responses',
      '0',
      mix.every((r) => r.otherNon2xx === 0),
    ),
    check('cached p99 under the mix vs idle', cachedRatio, 'x', '<= 3x', cachedRatio <= 3),
    check(
      '503 answers (overload told, not dropped)',
      rows[2].busy,
      'responses',
      'report only',
      null,
    ),
    check(
      'process tree PSS at peak',
      mb(peakAfterLoad),
      'MB',
      `< ${deployedLimitMb} (deploy/k8s limit)`,
      mb(peakAfterLoad) < deployedLimitMb,
    ),
    check(`process tree PSS ${SETTLE} s after`, mb(after), 'MB', 'report only', null),
  ]
  printTargets(targets)
  writeResults('load', {
    seconds: SECONDS,
    binary: useBinary,
    classes: rows,
    peakPssBytes: peakAfterLoad,
    afterPssBytes: after,
    targets,
  })
} finally {
  await service.stop()
}
