/**
 * `bun run bench`: every benchmark in turn, each as its own process (`bun bench/<name>.ts`),
 * then a summary of the targets and ratios they wrote to bench/out/<name>.json.
 *   bun bench/run.ts [name ...]    e.g. bun bench/run.ts resolve serve
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TargetCheck } from './lib/report'
import { OUT_DIR } from './lib/report'

const ALL = [
  'resolve',
  'encode',
  'compose',
  'serve',
  'load',
  'limits',
  'bake',
  'render',
  'footprint',
]
const wanted = process.argv.slice(2)
const names = (wanted.length ? wanted : ALL).filter((n) =>
  existsSync(join(import.meta.dir, `${n}.ts`)),
)
if (!wanted.length && !existsSync(join(import.meta.dir, 'render.ts')))
  console.log('bench/render.ts does not exist yet: skipped')

const runs: { name: string; exitCode: number; seconds: number }[] = []
for (const name of names) {
  console.log(`\n==================== bench/${name}.ts ====================`)
  const out = join(OUT_DIR, `${name}.json`)
  rmSync(out, { force: true }) // a stale result must not be summarised as this run's
  const t = performance.now()
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, `${name}.ts`)], {
    cwd: join(import.meta.dir, '..'),
    env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  const exitCode = await proc.exited
  runs.push({ name, exitCode, seconds: Math.round((performance.now() - t) / 100) / 10 })
}

const label = (t: TargetCheck) =>
  t.met === null ? (t.target === 'report only' ? 'INFO' : 'SKIP') : t.met ? 'MET ' : 'MISS'
console.log('\n==================== summary ====================')
let missed = 0
for (const run of runs) {
  const file = join(OUT_DIR, `${run.name}.json`)
  const result = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
  console.log(
    `${run.name} (${run.seconds} s${run.exitCode ? `, exit ${run.exitCode}` : ''})${result ? '' : ': no results written'}`,
  )
  if (!result) continue
  if (result.skipped) console.log(`  skipped: ${result.skipped}`)
  for (const t of (result.targets ?? []) as TargetCheck[]) {
    if (t.met === false) missed++
    console.log(`  ${label(t)}  ${t.name}: ${t.value} ${t.unit} (target ${t.target})`)
  }
  if (run.name === 'compose')
    for (const r of result.results ?? [])
      console.log(
        `        ${r.preset}: service ${r.serviceVsSharp}x sharp's speed, ${r.threadsVsOne}x its own speed on one thread, cached ${r.firstVsCached}x faster than first`,
      )
  if (run.name === 'encode' && result.fastestMeetingTargets)
    console.log(`        fastest encoder meeting the size targets: ${result.fastestMeetingTargets}`)
  if (run.name === 'resolve')
    console.log(
      `        service takes ${result.serviceOverPeer}x the time of plain fuzzysort.go (right: ${result.serviceRight} vs ${result.peerRight})`,
    )
  if (run.name === 'serve' && result.ratio !== undefined)
    console.log(`        service/nginx requests/s: ${result.ratio}`)
}
console.log(`\n${missed} target(s) missed; results in ${OUT_DIR}`)
