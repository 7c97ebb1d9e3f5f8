/**
 * First-request compositions of this tree against another revision's, in the same run: two
 * warmed services (bench/lib/compose-child.ts, each on its own fresh store), every composition
 * asked of one and then of the other, the order swapped each time, so that a slow minute of a
 * shared VM falls on both alike. Separate runs of the same code on this 2-core VM differed by up
 * to 40% an hour apart; alternated, the ratio moves by a few percent.
 * Reports each preset's medians and their ratio, this tree over the other. The default other is
 * 93526d7, the code issues 11, 13 and 14 were filed on ("within 10% / 20% of today's figures").
 *   bun bench/compose-against.ts [--rev 93526d7] [--n 24]
 */
import './lib/quiet'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstCompositions, median, round } from './lib/compose-requests'
import { check, jsonLine, printTargets, table, writeResults, type TargetCheck } from './lib/report'

const args = process.argv.slice(2)
const argOf = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const REV = argOf('--rev') ?? '93526d7'
const N = Number(argOf('--n') ?? 24) || 24
const PRESETS = ['card', 'hd', 'ultra'] as const
const RATIO_TARGETS = [1.1, 1.2]
const here = join(import.meta.dir, '..')

/** the other revision's tree, sharing this tree's installed packages (a superset of older ones) */
function checkout(rev: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'bench-rev-'))
  const added = Bun.spawnSync(['git', 'worktree', 'add', '--detach', dir, rev], { cwd: here, stderr: 'pipe' })
  if (added.exitCode !== 0) {
    console.log(`cannot check out ${rev}: ${added.stderr.toString().trim()}`)
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'))
  process.on('exit', () => Bun.spawnSync(['git', 'worktree', 'remove', '--force', dir], { cwd: here }))
  return dir
}

interface Answer {
  ms: number
  kb: number
  status: number
  mode: string | null
}

function service(tree: string) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'lib/compose-child.ts'), tree], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit', env: { ...process.env, MIMALLOC_PURGE_DELAY: '1000' } })
  const reader = proc.stdout.getReader()
  let pending = ''
  async function line(): Promise<string> {
    while (!pending.includes('\n')) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the service of ${tree} ended`)
      pending += new TextDecoder().decode(value)
    }
    const nl = pending.indexOf('\n')
    const l = pending.slice(0, nl)
    pending = pending.slice(nl + 1)
    return l
  }
  return {
    ready: line(),
    async ask(query: Record<string, string>): Promise<Answer> {
      proc.stdin.write(`${JSON.stringify(query)}\n`)
      proc.stdin.flush()
      const answer: Answer = JSON.parse(await line())
      if (answer.status !== 200 || answer.mode !== 'composed-runtime') throw new Error(`unexpected answer ${answer.status} ${answer.mode}`)
      return answer
    },
    stop() {
      proc.stdin.write('exit\n')
      proc.stdin.flush()
    },
  }
}

const other = existsSync(join(here, '.git')) ? checkout(REV) : null
if (!other) {
  writeResults('compose-against', { skipped: `revision ${REV} not available (a git checkout holding it is needed)` })
  process.exit(0)
}
const mine = service(here)
const theirs = service(other)
await Promise.all([mine.ready, theirs.ready])

const targets: TargetCheck[] = []
const rows: (string | number)[][] = []
const results: Record<string, unknown>[] = []
for (const [p, preset] of PRESETS.entries()) {
  const times = { mine: [] as number[], theirs: [] as number[] }
  for (const [i, query] of firstCompositions(preset, p * N, N).entries()) {
    // the same first composition of each; who goes first alternates
    const order = i % 2 ? ([['theirs', theirs], ['mine', mine]] as const) : ([['mine', mine], ['theirs', theirs]] as const)
    for (const [who, s] of order) times[who].push((await s.ask(query)).ms)
  }
  const r = { preset, thisMs: round(median(times.mine)), otherMs: round(median(times.theirs)) }
  const ratio = round(r.thisMs / r.otherMs, 3)
  results.push({ ...r, ratio })
  jsonLine({ type: 'against', rev: REV, ...r, ratio })
  rows.push([preset, r.thisMs, r.otherMs, ratio])
  for (const limit of RATIO_TARGETS) targets.push(check(`first composition ${preset}, this tree / ${REV} (medians of ${N}, alternated)`, ratio, 'x', `<= ${limit}`, ratio <= limit))
}
mine.stop()
theirs.stop()

console.log(`\nfirst-request composition, this tree against ${REV}, median of ${N} alternated requests, ms`)
table(rows, ['preset', 'this tree', REV, 'this / other'])
printTargets(targets)
writeResults('compose-against', { rev: REV, n: N, results, targets })
process.exit(0)
