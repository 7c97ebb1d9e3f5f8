/**
 * First-request compositions of this tree against another revision's, in the same run: two
 * warmed services (compose-child.ts, each on its own fresh store), every composition asked of one
 * and then of the other, the order swapped each time, so that a slow minute of a shared VM falls
 * on both alike: separate runs of the same code on a shared VM differ by more than the changes
 * being judged, alternated requests far less. Used by bench/compose-against.ts and
 * bench/compose.ts. The default other is 93526d7, the code issues 11, 13 and 14 were filed on
 * ("within 10% / 20% of today's figures").
 */
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstCompositions, median, round } from './compose-requests'
import { check, jsonLine, table, type TargetCheck } from './report'

export const AGAINST_REV = '93526d7'
export const PRESETS = ['card', 'hd', 'ultra'] as const
const RATIO_TARGETS = [1.1, 1.2]
export const here = join(import.meta.dir, '..', '..')

/** the other revision's tree, sharing this tree's installed packages (a superset of older ones) */
function checkout(rev: string): string | null {
  if (!existsSync(join(here, '.git'))) return null
  const dir = mkdtempSync(join(tmpdir(), 'bench-rev-'))
  const added = Bun.spawnSync(['git', 'worktree', 'add', '--detach', dir, rev], {
    cwd: here,
    stderr: 'pipe',
  })
  if (added.exitCode !== 0) {
    console.log(`cannot check out ${rev}: ${added.stderr.toString().trim()}`)
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  symlinkSync(join(here, 'node_modules'), join(dir, 'node_modules'))
  process.on('exit', () =>
    Bun.spawnSync(['git', 'worktree', 'remove', '--force', dir], { cwd: here }),
  )
  return dir
}

export interface Answer {
  ms: number
  kb: number
  status: number
  mode: string | null
  rssMB: number
}

/** a warmed service of `tree` in a process of its own (compose-child.ts), with `env` over this one's */
export function service(tree: string, env: Record<string, string> = {}) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'compose-child.ts'), tree], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, MIMALLOC_PURGE_DELAY: '1000', ...env },
  })
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
    // the service's own log lines share its stdout: passed on, not taken for answers
    if (l.startsWith('{"t":')) {
      console.error(l)
      return line()
    }
    return l
  }
  return {
    ready: line(),
    async ask(query: Record<string, string>): Promise<Answer> {
      proc.stdin.write(`${JSON.stringify(query)}\n`)
      proc.stdin.flush()
      const answer: Answer = JSON.parse(await line())
      if (answer.status !== 200 || answer.mode !== 'composed-runtime')
        throw new Error(`unexpected answer ${answer.status} ${answer.mode}`)
      return answer
    },
    async burst(
      queries: Record<string, string>[],
    ): Promise<{ ms: number; peakMB: number; settledMB: number }> {
      proc.stdin.write(`burst ${JSON.stringify(queries)}\n`)
      proc.stdin.flush()
      return JSON.parse(await line())
    },
    stop() {
      proc.stdin.write('exit\n')
      proc.stdin.flush()
    },
  }
}

export interface AgainstResult {
  rev: string
  n: number
  results: { preset: string; thisMs: number; otherMs: number; ratio: number }[]
  targets: TargetCheck[]
}

/** medians of `n` alternated first compositions per preset, this tree and `rev`; null when `rev` cannot be checked out */
export async function compareAgainst(rev: string, n: number): Promise<AgainstResult | null> {
  const other = checkout(rev)
  if (!other) return null
  const mine = service(here)
  const theirs = service(other)
  await Promise.all([mine.ready, theirs.ready])
  const out: AgainstResult = { rev, n, results: [], targets: [] }
  for (const [p, preset] of PRESETS.entries()) {
    const times = { mine: [] as number[], theirs: [] as number[] }
    for (const [i, query] of firstCompositions(preset, p * n, n).entries()) {
      // the same first composition of each; who goes first alternates
      const order =
        i % 2
          ? ([
              ['theirs', theirs],
              ['mine', mine],
            ] as const)
          : ([
              ['mine', mine],
              ['theirs', theirs],
            ] as const)
      for (const [who, s] of order) times[who].push((await s.ask(query)).ms)
    }
    const r = { preset, thisMs: round(median(times.mine)), otherMs: round(median(times.theirs)) }
    const ratio = round(r.thisMs / r.otherMs, 3)
    out.results.push({ ...r, ratio })
    jsonLine({ type: 'against', rev, ...r, ratio })
    for (const limit of RATIO_TARGETS)
      out.targets.push(
        check(
          `first composition ${preset}, this tree / ${rev} (medians of ${n}, alternated)`,
          ratio,
          'x',
          `<= ${limit}`,
          ratio <= limit,
        ),
      )
  }
  mine.stop()
  theirs.stop()
  return out
}

export function printAgainst(a: AgainstResult): void {
  console.log(
    `\nfirst-request composition, this tree against ${a.rev}, median of ${a.n} alternated requests, ms`,
  )
  table(
    a.results.map((r) => [r.preset, r.thisMs, r.otherMs, r.ratio]),
    ['preset', 'this tree', a.rev, 'this / other'],
  )
}
