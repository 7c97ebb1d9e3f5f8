/**
 * Serving a pre-rendered asset already in the store: the real server (bun
 * src/main.ts, WORKERS=2) vs nginx serving the identical PNG bytes, same machine,
 * same load (wrk -t2 -c64 -d10s, keep-alive), loopback only. Target: service at
 * least 0.8x nginx's requests/s. Stops by itself; kills both servers at the end.
 *   bun bench/serve.ts [--duration 10] [--connections 64]
 */
import { availableParallelism } from 'node:os'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { numberArg } from './lib/args'
import { check, jsonLine, printTargets, table, writeResults, type TargetCheck } from './lib/report'

const DURATION = numberArg('--duration', 5)
const ROUNDS = numberArg('--rounds', 5)
const CONNECTIONS = numberArg('--connections', 64)
const THREADS = 2
const KEY = 'bench-key-0000001'
const ROOT = join(import.meta.dir, '..')
const ASSET_PATH = '/v1/images/plane?plane=airbus-a320-200&airline=lufthansa&angle=345'

const which = (cmd: string) => Bun.which(cmd, { PATH: `${process.env.PATH}:/usr/sbin:/sbin` })
const wrk = which('wrk')
const nginx = which('nginx')
if (!wrk) {
  console.log('wrk is not installed: apt-get install -y wrk (skipping the serving benchmark)')
  writeResults('serve', { skipped: 'wrk missing', targets: [] })
  process.exit(0)
}
if (!nginx)
  console.log(
    'nginx is not installed: apt-get install -y nginx-light (the nginx comparison is skipped)',
  )

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

const work = mkdtempSync(join(tmpdir(), 'bench-serve-'))
const children: { name: string; proc: Bun.Subprocess }[] = []

async function childPids(pid: number): Promise<number[]> {
  const out = await new Response(
    Bun.spawn(['ps', '-o', 'pid=', '--ppid', String(pid)], { stdout: 'pipe' }).stdout,
  ).text()
  return out.split(/\s+/).filter(Boolean).map(Number)
}

async function stopAll() {
  for (const { proc } of children.reverse()) {
    if (proc.exitCode !== null) continue
    const kids = await childPids(proc.pid)
    proc.kill('SIGTERM')
    const exited = await Promise.race([
      proc.exited.then(() => true),
      Bun.sleep(3000).then(() => false),
    ])
    if (!exited) proc.kill('SIGKILL')
    for (const k of kids) {
      try {
        process.kill(k, 0)
        process.kill(k, 'SIGKILL') // a replica its parent did not stop
      } catch {}
    }
  }
  rmSync(work, { recursive: true, force: true })
}

async function waitFor(url: string, init: RequestInit = {}, timeoutMs = 30000) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      const res = await fetch(url, init)
      if (res.ok) return res
    } catch {}
    await Bun.sleep(100)
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

interface WrkResult {
  rps: number
  latencyAvg: string
  transferPerSec: string
  errors: string | null
}

async function runWrk(url: string, seconds: number): Promise<WrkResult> {
  const proc = Bun.spawn(
    [wrk!, `-t${THREADS}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '-H', `x-api-key: ${KEY}`, url],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  const out = await new Response(proc.stdout).text()
  await proc.exited
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)
  const errors =
    [/Non-2xx or 3xx responses: \d+/.exec(out)?.[0], /Socket errors:.*/.exec(out)?.[0]]
      .filter(Boolean)
      .join('; ') || null
  return {
    rps,
    latencyAvg: /Latency\s+(\S+)/.exec(out)?.[1] ?? '?',
    transferPerSec: /Transfer\/sec:\s+(\S+)/.exec(out)?.[1] ?? '?',
    errors,
  }
}

const targets: TargetCheck[] = []
const results: Record<string, unknown> = {
  duration: DURATION,
  connections: CONNECTIONS,
  threads: THREADS,
}
try {
  // 1. the service on its default process count (two per core) sharing one port, on a fresh store
  const servicePort = await freePort()
  const store = join(work, 'store')
  mkdirSync(store)
  const service = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(servicePort),
      STORE: store,
      API_KEYS: KEY,
      LOG_LEVEL: 'error',
      METRICS_PORT: '0',
      ...(process.env.BENCH_WORKERS ? { WORKERS: process.env.BENCH_WORKERS } : {}),
    },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  children.push({ name: 'service', proc: service })
  const base = `http://127.0.0.1:${servicePort}`
  await waitFor(`${base}/v1/health`)
  // measure the steady state: both processes have warmed their renderer (health answers from either)
  for (let ready = 0, tries = 0; ready < 8 && tries < 600; tries++) {
    ready = (await fetch(`${base}/v1/health/ready`)).status === 200 ? ready + 1 : 0
    await Bun.sleep(100)
  }
  // first request renders the asset and stores it; then it is "already in the store"
  const first = await waitFor(`${base}${ASSET_PATH}`, { headers: { 'x-api-key': KEY } }, 60000)
  const bytes = new Uint8Array(await first.arrayBuffer())
  console.log(
    `asset: ${bytes.byteLength} bytes, ${first.headers.get('content-type')}, x-image-source ${first.headers.get('x-image-source')}`,
  )
  for (let i = 0; i < 20; i++)
    await fetch(`${base}${ASSET_PATH}`, { headers: { 'x-api-key': KEY } }).then((r) =>
      r.arrayBuffer(),
    )

  // 2. nginx with the identical bytes
  let nginxUrl: string | null = null
  if (nginx) {
    const nginxPort = await freePort()
    const root = join(work, 'www')
    mkdirSync(join(root, 'v1/images'), { recursive: true })
    writeFileSync(join(root, 'v1/images/plane.png'), bytes)
    for (const d of [work, root, join(root, 'v1'), join(root, 'v1/images')]) chmodSync(d, 0o755) // nginx workers run as nobody
    chmodSync(join(root, 'v1/images/plane.png'), 0o644)
    const conf = join(work, 'nginx.conf')
    writeFileSync(
      conf,
      `worker_processes 2;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { image/png png; }
  client_body_temp_path ${work}/tmp-body;
  proxy_temp_path ${work}/tmp-proxy;
  fastcgi_temp_path ${work}/tmp-fastcgi;
  uwsgi_temp_path ${work}/tmp-uwsgi;
  scgi_temp_path ${work}/tmp-scgi;
  server {
    listen 127.0.0.1:${nginxPort};
    root ${root};
    location / { }
  }
}
`,
    )
    const proc = Bun.spawn([nginx, '-e', join(work, 'nginx-error.log'), '-p', work, '-c', conf], {
      stdout: 'ignore',
      stderr: 'inherit',
    })
    children.push({ name: 'nginx', proc })
    nginxUrl = `http://127.0.0.1:${nginxPort}/v1/images/plane.png`
    const check = new Uint8Array(await (await waitFor(nginxUrl, {}, 10000)).arrayBuffer())
    if (check.byteLength !== bytes.byteLength || Bun.hash(check) !== Bun.hash(bytes))
      throw new Error('nginx does not serve the same bytes')
  }

  // 3. same load on each, alternating for ROUNDS rounds (short warm-up first): this VM's
  // neighbours make one run swing by +-20%, so the ratio is the median of the rounds' ratios
  const serviceUrl = `${base}${ASSET_PATH}`
  await runWrk(serviceUrl, 2)
  if (nginxUrl) await runWrk(nginxUrl, 2)
  const svcRuns: Awaited<ReturnType<typeof runWrk>>[] = []
  const ngxRuns: Awaited<ReturnType<typeof runWrk>>[] = []
  for (let round = 0; round < ROUNDS; round++) {
    svcRuns.push(await runWrk(serviceUrl, DURATION))
    jsonLine({ type: 'serve', server: 'service', round, ...svcRuns[round] })
    if (nginxUrl) {
      ngxRuns.push(await runWrk(nginxUrl, DURATION))
      jsonLine({ type: 'serve', server: 'nginx', round, ...ngxRuns[round] })
    }
  }
  const medianRun = (runs: typeof svcRuns) =>
    [...runs].sort((a, b) => a.rps - b.rps)[runs.length >> 1]
  const svc = medianRun(svcRuns)
  results.service = svcRuns
  const rows: (string | number)[][] = [
    [
      `service (${availableParallelism() * 2} processes)`,
      Math.round(svc.rps),
      svc.latencyAvg,
      svc.transferPerSec,
      svc.errors ?? '-',
    ],
  ]
  if (nginxUrl) {
    const ngx = medianRun(ngxRuns)
    results.nginx = ngxRuns
    rows.push([
      `nginx (${availableParallelism()} workers, sendfile)`,
      Math.round(ngx.rps),
      ngx.latencyAvg,
      ngx.transferPerSec,
      ngx.errors ?? '-',
    ])
    const ratios = svcRuns.map((r, i) => r.rps / ngxRuns[i].rps).sort((a, b) => a - b)
    const ratio = Math.round(ratios[ratios.length >> 1] * 100) / 100
    results.ratio = ratio
    results.roundRatios = ratios.map((r) => Math.round(r * 100) / 100)
    jsonLine({ type: 'ratio', serviceOverNginx: ratio, rounds: results.roundRatios })
    console.log(
      `\nserving a stored ${Math.round(bytes.byteLength / 1024)} KB PNG, wrk -t${THREADS} -c${CONNECTIONS} -d${DURATION}s, loopback, ${ROUNDS} alternating rounds (median run shown)`,
    )
    table(rows, ['server', 'req/s', 'latency avg', 'transfer/s', 'errors'])
    console.log(
      `service serves ${ratio}x nginx's requests/s (median of the rounds' ratios: ${(results.roundRatios as number[]).join(', ')})`,
    )
    targets.push(check('service vs nginx requests/s', ratio, 'x', '>= 0.8x', ratio >= 0.8))
    if (svc.errors || ngx.errors)
      console.log(`errors: service ${svc.errors ?? 'none'}; nginx ${ngx.errors ?? 'none'}`)
  } else {
    table(rows, ['server', 'req/s', 'latency avg', 'transfer/s', 'errors'])
    targets.push(
      check('service vs nginx requests/s', Math.round(svc.rps), 'req/s', '>= 0.8x nginx', null),
    )
  }
  results.assetBytes = bytes.byteLength
} catch (e) {
  console.error(`serve bench failed: ${(e as Error).message}`)
  results.error = String(e)
  process.exitCode = 1
} finally {
  await stopAll()
}
printTargets(targets)
writeResults('serve', { ...results, targets })
