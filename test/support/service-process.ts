/**
 * The service as deployed, for tests of process behaviour: `bun src/main.ts` (supervisor and
 * workers) on a free port with a throwaway store, and the pids of its process tree.
 */
import type { Subprocess } from 'bun'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')

export async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = server.port!
  server.stop(true)
  return port
}

/** children of a process, from /proc */
export function childrenOf(pid: number): number[] {
  const out: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) out.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return out
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** proportional set size of a process and all its descendants, in bytes (shared pages counted once overall) */
export function treePss(pid: number): number {
  let total = 0
  for (const p of [pid, ...descendantsOf(pid)]) {
    try {
      const rollup = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8')
      total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024
    } catch {
      // the process ended while we looked
    }
  }
  return total
}

export function descendantsOf(pid: number): number[] {
  const out: number[] = []
  for (const child of childrenOf(pid)) out.push(child, ...descendantsOf(child))
  return out
}

export interface RunningService {
  proc: Subprocess<'ignore', 'pipe', 'pipe'>
  port: number
  url: (path: string) => string
  /** everything the tree wrote to stdout so far */
  output: () => string
  workers: () => number[]
  stop: () => Promise<void>
}

/** `command`: the program to start (default: the source entry under Bun; the benches pass the binary) */
export async function startService(env: Record<string, string> = {}, timeoutMs = 60_000, command = [process.execPath, join(ROOT, 'src/main.ts')]): Promise<RunningService> {
  const port = await freePort()
  const proc = Bun.spawn(command, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), STORE: mkdtempSync(join(tmpdir(), 'svc-store-')), WORKERS: '1', RENDER_THREADS: '1', LOG_LEVEL: 'info', ...env },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let out = ''
  void (async () => {
    for await (const chunk of proc.stdout) out += new TextDecoder().decode(chunk)
  })()
  const url = (path: string) => `http://127.0.0.1:${port}${path}`
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`service exited with ${proc.exitCode}: ${await new Response(proc.stderr).text()}`)
    const ok = await fetch(url('/v1/health')).then((r) => r.ok, () => false)
    if (ok) break
    if (performance.now() > deadline) throw new Error('service did not answer in time')
    await Bun.sleep(50)
  }
  return {
    proc,
    port,
    url,
    output: () => out,
    workers: () => childrenOf(proc.pid),
    async stop() {
      const tree = [proc.pid, ...childrenOf(proc.pid)]
      proc.kill('SIGTERM')
      await Promise.race([proc.exited, Bun.sleep(15_000)])
      for (const pid of tree) if (isAlive(pid)) process.kill(pid, 'SIGKILL')
    },
  }
}
