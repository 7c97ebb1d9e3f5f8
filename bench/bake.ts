/**
 * Time to bake one (plane, airline) pair: every livery, angle and gear it has, in
 * every file type (png, jpg, webp), into a fresh temp store. Measured twice: in
 * process on one core (bakeJobs + bakeOne), and through the CLI as a user runs it
 * (`bun run bake --plane a320 --airline lufthansa`, one worker per core).
 *   bun bench/bake.ts [--plane a320] [--airline lufthansa]
 */
import './lib/quiet'
import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadEmbeddedCatalog } from '../src/catalog/embedded'
import { createResolver } from '../src/catalog/resolve'
import { ALL_FILETYPES, bakeJobs, bakeOne } from '../src/pipeline/jobs/bake'
import { defaultRenderer } from '../src/pipeline/pixels/renderer'
import { openAssetStore } from '../src/service'
import { LocalStore } from '../src/store'
import { median, round } from './lib/compose-requests'
import { check, jsonLine, printTargets, writeResults } from './lib/report'

const args = process.argv.slice(2)
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : fallback
}
const planeArg = arg('--plane', 'a320')
const airlineArg = arg('--airline', 'lufthansa')
const catalog = loadEmbeddedCatalog()
const resolver = createResolver(catalog)
const plane = resolver.plane(planeArg).item
const airline = resolver.airline(airlineArg).item
if (!plane || !airline) {
  console.error(`unknown plane "${planeArg}" or airline "${airlineArg}"`)
  process.exit(2)
}

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bench-bake-'))
  dirs.push(d)
  return d
}
process.on('exit', () => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

// 1. in process, one core
const jobs = bakeJobs(catalog, { planes: [plane], airlines: [airline] })
const { assetsStore } = await openAssetStore(new LocalStore(tempDir()), catalog, defaultRenderer)
const perView: number[] = []
let files = 0
const t0 = performance.now()
for (const job of jobs) {
  const t = performance.now()
  files += await bakeOne(assetsStore, defaultRenderer, job, ALL_FILETYPES)
  perView.push(performance.now() - t)
}
const inProcessS = (performance.now() - t0) / 1000
const inProcess = {
  views: jobs.length,
  files,
  seconds: round(inProcessS, 2),
  medianViewMs: round(median(perView)),
  maxViewMs: round(Math.max(...perView)),
}
jsonLine({
  type: 'bake',
  mode: 'in-process (1 core)',
  plane: plane.slug,
  airline: airline.slug,
  ...inProcess,
})

// 2. the CLI, one worker per core
const cliStore = tempDir()
const t1 = performance.now()
const cli = Bun.spawn(
  [process.execPath, 'run', 'bake', '--plane', planeArg, '--airline', airlineArg],
  {
    cwd: join(import.meta.dir, '..'),
    env: { ...process.env, STORE: cliStore, LOG_LEVEL: 'error' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
)
const cliErr = await new Response(cli.stderr).text()
const code = await cli.exited
const cliS = (performance.now() - t1) / 1000
const cliResult = { exitCode: code, seconds: round(cliS, 2), workers: availableParallelism() }
jsonLine({
  type: 'bake',
  mode: 'cli (bun run bake)',
  plane: plane.slug,
  airline: airline.slug,
  ...cliResult,
})
if (code !== 0) console.log(`bake CLI failed (exit ${code}):\n${cliErr.slice(-2000)}`)

console.log(
  `\nbake ${plane.slug} x ${airline.slug}: ${jobs.length} views (liveries x angles x gears) x ${ALL_FILETYPES.join('/')} = ${files} files`,
)
console.log(
  `  in process, 1 core: ${inProcess.seconds} s (median ${inProcess.medianViewMs} ms per view, all types; max ${inProcess.maxViewMs} ms)`,
)
console.log(
  `  bun run bake, ${cliResult.workers} workers: ${cliResult.seconds} s (process start-up included)${code ? ' FAILED' : ''}`,
)
const targets = [
  check('bake one pair (CLI, all cores)', cliResult.seconds, 's', 'report only', null),
]
printTargets(targets)
writeResults('bake', {
  plane: plane.slug,
  airline: airline.slug,
  inProcess,
  cli: cliResult,
  targets,
})
