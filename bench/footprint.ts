/**
 * The footprint of the service as deployed: the binary (`bun run build`) and `bun run start`,
 * each started in an empty folder with only PORT, API_KEYS and STORE set (plus any
 * WORKERS / RENDER_THREADS given to the bench), the proportional set size of its whole
 * process tree (/proc/<pid>/smaps_rollup, summed; shared pages counted once) sampled
 * every 250 ms through:
 *   start -> ready (/v1/health/ready answers 200)          target <= 5 s
 *   the first 5 s of serving a pre-rendered image, per second, against the warm rate
 *   (measured once idle)                                     target >= 0.5x from the first second
 *   idle once ready                                          target <= 400 MB
 *   a burst of 48 new compositions, thumb to ultra, at once  target peak <= 800 MB
 *   20 s after the burst                                     target <= 500 MB
 *   many distinct small compositions (--distinct N, default 300): growth in the last
 *   half, beyond the configured caches                       report only
 * Time-bounded (about 70 s per deployment plus --distinct); kills what it started.
 *   bun bench/footprint.ts [--only binary|start] [--distinct N] [--port 4240]
 *   WORKERS=1 RENDER_THREADS=2 bun bench/footprint.ts       (settings are passed on)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEmbeddedCatalog } from '../src/catalog/embedded'
import { processTree, treePss } from '../test/support/service-process'
import { check, jsonLine, printTargets, table, writeResults, type TargetCheck } from './lib/report'

const args = process.argv.slice(2)
const arg = (name: string) =>
  args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined
const ROOT = join(import.meta.dir, '..')
const PORT = Number(arg('port') ?? 4240)
const KEY = 'footprint-key-0001'
const DISTINCT = Number(arg('distinct') ?? 300)
const MB = 1024 * 1024
const PASSED_ON = ['WORKERS', 'RENDER_THREADS', 'CACHE_MAX_BYTES', 'LOG_LEVEL']
const catalog = loadEmbeddedCatalog()
const IMAGE = `/v1/images/plane?plane=airbus-a320-200&airline=lufthansa&angle=90`

// ---- load

async function get(path: string, key = true): Promise<Response> {
  return fetch(`http://127.0.0.1:${PORT}${path}`, { headers: key ? { 'x-api-key': KEY } : {} })
}

/** requests of `path` completed per second, `concurrency` at a time, for `seconds` */
async function rate(path: string, seconds: number, concurrency = 16): Promise<number[]> {
  const started = performance.now()
  const perSecond = Array.from({ length: seconds }, () => 0)
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const res = await get(path).catch(() => null)
        if (res) await res.arrayBuffer()
        const s = Math.floor((performance.now() - started) / 1000)
        if (res?.status === 200 && s < seconds) perSecond[s]++
      }
    }),
  )
  return perSecond
}

const PRESETS = ['thumb', 'card', 'hd', 'ultra']
const ANGLES = ['345', '315', '45', '270', '90', '135', '0', '180', '225', 'top']
function composition(i: number, preset: string): string {
  const q = new URLSearchParams({
    plane: catalog.planes[(i * 7 + 3) % catalog.planes.length].slug,
    airline: catalog.airlines[(i * 5 + 1) % catalog.airlines.length].slug,
    angle: ANGLES[i % ANGLES.length],
    resolution: preset,
    pitch: String((i % 30) - 12),
    backgroundGradient: `linear:${(i * 37) % 360}:#87ceeb-0,#ffffff-1`,
  })
  return `/v1/images/plane?${q}`
}

// ---- one deployment

interface Sample {
  t: number
  pss: number
}

async function measure(label: string, command: string[], cwd: string) {
  const store = join(cwd, 'store')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: cwd,
    PORT: String(PORT),
    API_KEYS: KEY,
    STORE: store,
    LOG_LEVEL: 'error',
    METRICS_PORT: '0',
  }
  for (const name of PASSED_ON) if (process.env[name]) env[name] = process.env[name]!
  // the pre-rendered image of the throughput phase is in the store before the start, as after a bake
  const bake = Bun.spawn(
    [
      ...command,
      'bake',
      '--plane',
      'a320',
      '--airline',
      'lufthansa',
      '--types',
      'png',
      '--workers',
      '1',
    ],
    { cwd, env, stdout: 'ignore', stderr: 'ignore' },
  )
  if ((await bake.exited) !== 0) throw new Error(`${label}: bake failed`)

  const started = performance.now()
  const proc = Bun.spawn(command, { cwd, env, stdout: 'ignore', stderr: 'inherit' })
  const samples: Sample[] = []
  const sampler = setInterval(
    () => samples.push({ t: performance.now() - started, pss: treePss(proc.pid) }),
    250,
  )
  const mark = () => performance.now() - started
  const peakBetween = (a: number, b: number) =>
    Math.max(0, ...samples.filter((s) => s.t >= a && s.t <= b).map((s) => s.pss))
  const meanBetween = (a: number, b: number) => {
    const s = samples.filter((x) => x.t >= a && x.t <= b)
    return s.reduce((sum, x) => sum + x.pss, 0) / Math.max(1, s.length)
  }
  const deadline = setTimeout(() => proc.kill('SIGKILL'), 240_000 + DISTINCT * 200)
  try {
    // listening, then the first 5 s of a pre-rendered image while the service gets ready
    let listening = 0
    while (!listening) {
      if (mark() > 60_000) throw new Error(`${label}: not listening after 60 s`)
      if ((await get('/v1/health').catch(() => null))?.ok) listening = mark()
      else await Bun.sleep(50)
    }
    let ready = 0
    const readiness = (async () => {
      while (!ready && mark() < 150_000) {
        // ready: the store answers and the renderer has warmed (the public readiness probe)
        if ((await get('/v1/health/ready').catch(() => null))?.status === 200) ready = mark()
        else await Bun.sleep(100)
      }
    })()
    const first = await rate(IMAGE, 5)
    await readiness
    if (!ready) ready = Infinity // reported as a miss; the other phases still say what they measure

    await Bun.sleep(3000)
    const idleFrom = mark()
    await Bun.sleep(2000)
    const idle = meanBetween(idleFrom, mark())

    // the warm rate, before the burst leaves work queued behind it
    const warm = await rate(IMAGE, 3)
    const warmRate = warm.reduce((a, b) => a + b, 0) / warm.length

    const burstFrom = mark()
    // a connection reset is counted, not fatal: Bun.serve closes a request idle for 10 s, as the last of a burst can be
    const burst = await Promise.all(
      Array.from({ length: 48 }, (_, i) =>
        get(composition(i, PRESETS[Math.floor(i / 12)]))
          .then(async (r) => (await r.arrayBuffer(), String(r.status)))
          .catch((e: { code?: string }) => e.code ?? 'error'),
      ),
    )
    const burstMs = mark() - burstFrom
    await Bun.sleep(1000)
    await Bun.sleep(19_000)
    const afterFrom = mark()
    await Bun.sleep(1000)
    // work still queued when the answers came back (a reset connection) counts to the peak
    const peak = peakBetween(burstFrom, afterFrom)
    const after = meanBetween(afterFrom, mark())

    // many distinct small compositions: what is left after them beyond the caches' bounds
    const distinctFrom = mark()
    let done = 0
    await Promise.all(
      Array.from({ length: 2 }, async (_, lane) => {
        for (let i = lane; i < DISTINCT; i += 2) {
          await get(composition(1000 + i, 'thumb'))
            .then((r) => r.arrayBuffer())
            .catch(() => null)
          done++
        }
      }),
    )
    const distinctEnd = mark()
    const halfway = samples.filter((s) => s.t >= distinctFrom && s.t <= distinctEnd)
    const secondHalf = halfway.slice(Math.floor(halfway.length / 2))
    const growth =
      secondHalf.length > 1 ? secondHalf[secondHalf.length - 1].pss - secondHalf[0].pss : 0

    return {
      label,
      readyS: ready / 1000,
      listeningS: listening / 1000,
      first,
      warmRate,
      firstVsWarm: first.map((n) => (warmRate > 0 ? Math.round((n / warmRate) * 100) / 100 : 0)),
      idleMB: idle / MB,
      peakMB: peak / MB,
      afterMB: after / MB,
      burstStatuses: Object.entries(Object.groupBy(burst, (s) => s))
        .map(([s, l]) => `${l!.length}x ${s}`)
        .join(', '),
      burstS: burstMs / 1000,
      distinct: done,
      distinctGrowthMB: growth / MB,
      distinctEndMB: (secondHalf.at(-1)?.pss ?? 0) / MB,
      processes: processTree(proc.pid).length,
    }
  } finally {
    clearInterval(sampler)
    clearTimeout(deadline)
    // the service stops its own children on SIGTERM; anything left is killed outright
    const pids = processTree(proc.pid)
    proc.kill('SIGTERM')
    await Promise.race([proc.exited, Bun.sleep(5000)])
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {}
    }
  }
}

const deployments: [string, string[]][] = []
const only = arg('only')
if (only !== 'start') {
  const build = Bun.spawnSync(['bun', 'run', 'build'], {
    cwd: ROOT,
    stdout: 'ignore',
    stderr: 'inherit',
  })
  if (build.exitCode !== 0) throw new Error('bun run build failed')
  deployments.push(['binary', [join(ROOT, 'dist', 'aircraft-images')]])
}
// `bun run start` from the project folder (what it runs: bun src/main.ts), in an empty folder of its own
if (only !== 'binary')
  deployments.push(['bun run start', [process.execPath, join(ROOT, 'src', 'main.ts')]])

const rows: (string | number)[][] = []
const targets: TargetCheck[] = []
const results: Record<string, unknown>[] = []
const r1 = (x: number) => Math.round(x * 10) / 10
for (const [label, command] of deployments) {
  const cwd = mkdtempSync(join(tmpdir(), 'footprint-'))
  try {
    const r = await measure(label, command, cwd)
    results.push(r)
    jsonLine({ type: 'footprint', ...r })
    const minFirst = Math.min(...r.firstVsWarm)
    rows.push([
      label,
      r.processes,
      r1(r.readyS),
      r.first.join('/'),
      Math.round(r.warmRate),
      r1(r.idleMB),
      r1(r.peakMB),
      r1(r.afterMB),
      `${r1(r.distinctGrowthMB)} (${r.distinct})`,
    ])
    targets.push(check(`${label}: ready after start`, r1(r.readyS), 's', '<= 5 s', r.readyS <= 5))
    targets.push(
      check(
        `${label}: pre-rendered image, slowest of the first 5 s vs warm`,
        minFirst,
        'x',
        '>= 0.5x',
        minFirst >= 0.5,
      ),
    )
    targets.push(
      check(`${label}: idle once ready`, r1(r.idleMB), 'MB', '<= 400 MB', r.idleMB <= 400),
    )
    targets.push(
      check(
        `${label}: peak of a burst of 48 compositions (answers ${r.burstStatuses}, ${r1(r.burstS)} s)`,
        r1(r.peakMB),
        'MB',
        '<= 800 MB',
        r.peakMB <= 800,
      ),
    )
    targets.push(
      check(`${label}: 20 s after the burst`, r1(r.afterMB), 'MB', '<= 500 MB', r.afterMB <= 500),
    )
    targets.push(
      check(
        `${label}: growth over the second half of ${r.distinct} distinct compositions`,
        r1(r.distinctGrowthMB),
        'MB',
        'report only',
        null,
      ),
    )
  } finally {
    rmSync(cwd, { recursive: true, force: true })
  }
}

const settings =
  PASSED_ON.filter((n) => process.env[n])
    .map((n) => `${n}=${process.env[n]}`)
    .join(' ') || 'defaults'
console.log(
  `\nfootprint of the process tree (PSS), ${settings}, ${navigator.hardwareConcurrency} cores`,
)
table(rows, [
  'deployment',
  'procs',
  'ready s',
  'first 5 s req/s',
  'warm req/s',
  'idle MB',
  'burst peak MB',
  'after 20 s MB',
  'distinct growth MB',
])
printTargets(targets)
writeResults('footprint', { settings, results, targets })
process.exit(targets.some((t) => t.met === false) ? 1 : 0)
