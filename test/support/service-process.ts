/**
 * The service as deployed, for tests of process behaviour: `bun src/main.ts` (supervisor and
 * workers) on a free port with a throwaway store, and the pids of its process tree.
 */
import type { Subprocess } from 'bun'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')

export async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = server.port!
  server.stop(true)
  return port
}

/** every process's children, from one reading of /proc */
function childrenByParent(): Map<number, number[]> {
  const byParent = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)])
    } catch {
      // the process ended while we looked
    }
  }
  return byParent
}

/** children of a process */
export const childrenOf = (pid: number): number[] => childrenByParent().get(pid) ?? []

/** a process and all its descendants */
export function processTree(root: number): number[] {
  const byParent = childrenByParent()
  const out: number[] = []
  const walk = (pid: number) => {
    out.push(pid)
    for (const child of byParent.get(pid) ?? []) walk(child)
  }
  walk(root)
  return out
}

export const descendantsOf = (pid: number): number[] => processTree(pid).slice(1)

/** proportional set size of one process, in bytes (0 once it has ended) */
export function pssOf(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
    return m ? Number(m[1]) * 1024 : 0
  } catch {
    return 0
  }
}

/** proportional set size of a process and all its descendants, in bytes (shared pages counted once overall) */
export const treePss = (pid: number): number =>
  processTree(pid).reduce((sum, p) => sum + pssOf(p), 0)

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
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
export async function startService(
  env: Record<string, string> = {},
  timeoutMs = 60_000,
  command = [process.execPath, join(ROOT, 'src/main.ts')],
): Promise<RunningService> {
  const port = await freePort()
  const storeDir = mkdtempSync(join(tmpdir(), 'svc-store-'))
  const proc = Bun.spawn(command, {
    cwd: ROOT,
    // the operations port on a port of the system's choosing, and no per-address limit (every test request comes from loopback) unless a test says so
    env: {
      ...process.env,
      PORT: String(port),
      STORE: storeDir,
      WORKERS: '1',
      RENDER_THREADS: '1',
      LOG_LEVEL: 'info',
      METRICS_PORT: '0',
      ANON_RATE_LIMIT: 'off',
      ...env,
    },
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
    if (proc.exitCode !== null)
      throw new Error(
        `service exited with ${proc.exitCode}: ${await new Response(proc.stderr).text()}`,
      )
    const ok = await fetch(url('/v1/health')).then(
      (r) => r.ok,
      () => false,
    )
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
      rmSync(storeDir, { recursive: true, force: true })
    },
  }
}
