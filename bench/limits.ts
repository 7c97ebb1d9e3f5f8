/**
 * The service under the shipped Kubernetes memory limit (1 GiB), as deployed: the supervisor
 * and its worker in a memory cgroup of their own (MEMORY_LIMIT_MB=1024 and the tree's PSS
 * where the machine cannot make one), hit by the flood of bench/lib/flood.ts: distinct first
 * renders all at once and a composition flood on --connections for --seconds. Reports every
 * status, the requests that got no answer, the kernel's OOM kills and the peak, and writes
 * them into the README's "Limits and guarantees" block.
 *   bun bench/limits.ts [--seconds 60] [--connections 400] [--views 600] [--binary]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startService, treePss } from '../test/support/service-process'
import { flagArg, numberArg } from './lib/args'
import { makeMemoryCgroup } from './lib/cgroup'
import { flood } from './lib/flood'
import { check, jsonLine, printTargets, writeResults } from './lib/report'

const SECONDS = numberArg('--seconds', 60)
const CONNECTIONS = numberArg('--connections', 400)
const VIEWS = numberArg('--views', 600)
const ROOT = join(import.meta.dir, '..')
const BINARY = join(ROOT, 'dist/aircraft-images')
const LIMIT = 1024 ** 3
const MB = 1024 * 1024
const command = flagArg('--binary') ? [BINARY] : [process.execPath, join(ROOT, 'src/main.ts')]
if (flagArg('--binary') && !existsSync(BINARY))
  throw new Error('no binary: run `bun run build` first')

const cgroup = makeMemoryCgroup(LIMIT)
const service = await startService(
  cgroup ? {} : { MEMORY_LIMIT_MB: '1024' },
  60_000,
  cgroup ? cgroup.wrap(command) : command,
)
let pssPeak = 0
const sampler = setInterval(() => (pssPeak = Math.max(pssPeak, treePss(service.proc.pid))), 250)
const result = await flood(service.url(''), {
  views: VIEWS,
  connections: CONNECTIONS,
  seconds: SECONDS,
})
clearInterval(sampler)
const restarted = service.output().includes('worker exited')
const oomKills = cgroup?.oomKills() ?? 0
const peakMb = Math.round((cgroup ? cgroup.peakBytes() : pssPeak) / MB)
await service.stop()
cgroup?.remove()

jsonLine({
  type: 'flood',
  ...result,
  oomKills,
  peakMb,
  restarted,
  cgroup: cgroup ? `v${cgroup.version}` : null,
})
const unexpected = Object.keys(result.statuses).filter(
  (s) => !['200', '304', '429', '503'].includes(s),
)
const targets = [
  check('OOM kills', oomKills, '', '0', cgroup ? oomKills === 0 : null),
  check('requests without an answer', result.noAnswer, '', '0', result.noAnswer === 0),
  check('answers other than 200/304/429/503', unexpected.length, '', '0', unexpected.length === 0),
  check(
    `peak memory (${cgroup ? 'cgroup' : 'process tree PSS'})`,
    peakMb,
    'MB',
    '< 1024',
    peakMb < 1024,
  ),
]
printTargets(targets)
writeResults('limits', {
  seconds: SECONDS,
  connections: CONNECTIONS,
  views: VIEWS,
  ...result,
  oomKills,
  peakMb,
  restarted,
  targets,
})

// the README's figures are this run's, never typed by hand
const readme = join(ROOT, 'README.md')
const text = readFileSync(readme, 'utf8')
const statuses = Object.entries(result.statuses)
  .map(([s, n]) => `${n} × ${s}`)
  .join(', ')
const block = `<!-- limits:begin (written by bun bench/limits.ts) -->
Measured under a 1 GiB ${cgroup ? `memory cgroup (v${cgroup.version})` : 'MEMORY_LIMIT_MB'}, ${VIEWS} distinct first renders at once and ${CONNECTIONS} connections of new compositions for ${SECONDS} s, ${flagArg('--binary') ? 'the compiled binary' : 'from source'}: ${statuses}; ${result.noAnswer} without an answer; ${oomKills} OOM kills; peak ${peakMb} MB${restarted ? '; a worker was restarted' : ''}.
<!-- limits:end -->`
if (/<!-- limits:begin[\s\S]*?<!-- limits:end -->/.test(text))
  writeFileSync(readme, text.replace(/<!-- limits:begin[\s\S]*?<!-- limits:end -->/, block))
