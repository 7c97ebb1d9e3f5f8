/**
 * The full bake: every view of the catalog (every livery, angle and gear) in every file type,
 * through the CLI as an operator runs it (`bun run bake`, one worker per core, progress on
 * stderr), into the store named; then its time, views, files and bytes into the README.
 * The bake is resumable, so a store that already holds part of it is finished, not redone: the
 * figures then count the runs given with --summary as well (their summary lines, one per run).
 *   bun bench/full-bake.ts --store DIR [--summary FILE] [--workers N]
 *   bun bench/full-bake.ts --store DIR --summary FILE --report-only   (figures of runs already made)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { flagArg, numberArg, stringArg } from './lib/args'

const ROOT = join(import.meta.dir, '..')
const STORE = stringArg('--store', '')
const SUMMARY = stringArg('--summary', '')
const WORKERS = numberArg('--workers', availableParallelism()) || availableParallelism()
if (!STORE) {
  console.error('usage: bun bench/full-bake.ts --store DIR [--summary FILE] [--workers N]')
  process.exit(2)
}

interface Run {
  views: number
  filesWritten: number
  seconds: number
  workers: number
}

const runsOf = (text: string): Run[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{"views"'))
    .map((l) => JSON.parse(l) as Run)

const runs = SUMMARY ? runsOf(readFileSync(SUMMARY, 'utf8')) : []
if (!flagArg('--report-only')) {
  const child = Bun.spawn([process.execPath, join(ROOT, 'src/main.ts'), 'bake'], {
    cwd: ROOT,
    env: { ...process.env, STORE, WORKERS: String(WORKERS), LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const out = await new Response(child.stdout).text()
  if ((await child.exited) !== 0) {
    console.error('the bake did not finish')
    process.exit(1)
  }
  runs.push(...runsOf(out))
}
if (!runs.length) {
  console.error('no bake summary to report')
  process.exit(1)
}

function bytesUnder(dir: string): { files: number; bytes: number } {
  let files = 0,
    bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) {
      files++
      bytes += statSync(join(entry.parentPath, entry.name)).size
    }
  return { files, bytes }
}

const seconds = runs.reduce((s, r) => s + r.seconds, 0)
const written = runs.reduce((s, r) => s + r.filesWritten, 0)
const views = runs[runs.length - 1].views
const held = bytesUnder(STORE)
const hours = Math.floor(seconds / 3600),
  minutes = Math.round((seconds % 3600) / 60)
const block = `<!-- full-bake:begin (written by bun bench/full-bake.ts) -->
A full bake on this ${availableParallelism()}-core machine, ${runs[runs.length - 1].workers} workers: ${views} views, ${written} files written in ${hours} h ${minutes} min${runs.length > 1 ? ` over ${runs.length} resumed runs` : ''}; the store then held ${held.files} files, ${(held.bytes / 1024 ** 3).toFixed(2)} GiB.
<!-- full-bake:end -->`
const readme = join(ROOT, 'README.md')
const text = readFileSync(readme, 'utf8')
const marked = /<!-- full-bake:begin[\s\S]*?<!-- full-bake:end -->/
if (!marked.test(text)) {
  console.error('README.md has no full-bake block to write')
  process.exit(1)
}
writeFileSync(readme, text.replace(marked, block))
console.log(block)
