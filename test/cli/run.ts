/**
 * Runs the program from source as a user would, in a folder of the test's own (so a stray
 * ./var/store would land there and be seen), and gives back stdout's bytes untouched.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const MAIN = resolve(import.meta.dir, '../../src/main.ts')

export interface Ran {
  code: number
  /** stdout as bytes: an image must arrive exactly as written */
  bytes: Uint8Array
  out: string
  err: string
  /** stderr's non-empty lines */
  lines: string[]
}

/** `unset`: variables the program must not see (STORE, to run as a user who never set it) */
export async function runCli(
  args: string[],
  opts: { env?: Record<string, string>; unset?: string[]; cwd?: string; timeoutMs?: number } = {},
): Promise<Ran> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    LOG_LEVEL: 'error',
    PORT: '4290',
    ...opts.env,
  }
  for (const name of opts.unset ?? []) delete env[name]
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    cwd: opts.cwd,
    env,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  // only a guard against a hang: a render takes a second or two, many more on a machine busy with other tests
  const timer = setTimeout(() => proc.kill(), opts.timeoutMs ?? 90_000)
  const [bytes, err, code] = await Promise.all([
    new Response(proc.stdout).bytes(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  clearTimeout(timer)
  const lines = err.split('\n').filter((l) => l.trim())
  return { code, bytes, out: new TextDecoder().decode(bytes), err, lines }
}

/** temporary folders, each removed by `cleanup` (call it in afterAll) */
export function tempFolders() {
  const made: string[] = []
  return {
    make(prefix = 'cli-'): string {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      made.push(dir)
      return dir
    },
    cleanup(): void {
      for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
    },
  }
}
