import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { childrenOf } from '../support/service-process'
import { MAIN, runCli, tempFolders } from './run'

const folders = tempFolders()
afterAll(() => folders.cleanup())

const bake = async (store: string, ...args: string[]) => {
  const ran = await runCli(['bake', ...args], {
    env: { STORE: store, LOG_LEVEL: 'info' },
    timeoutMs: 150_000,
  })
  return { ...ran, stdout: ran.out.split('\n').filter(Boolean) }
}

describe('aircraft-images bake', () => {
  test('bakes one pair on two workers, then skips everything on a rerun; stdout holds the summary alone', async () => {
    const store = folders.make('bake-')
    const pair = ['--plane', 'a220-100', '--airline', 'swiss', '--types', 'png', '--workers', '2']
    const first = await bake(store, ...pair)
    expect(first.code).toBe(0)
    // the workers' and the parent's log lines (LOG_LEVEL=info) went to stderr, not into the summary
    expect(first.stdout).toHaveLength(1)
    expect(JSON.parse(first.stdout[0])).toMatchObject({ views: 20, filesWritten: 20, workers: 2 })
    expect(first.lines.some((l) => l.startsWith('{"t":'))).toBe(true)
    // stderr is a pipe here: plain progress lines, never a \r bar
    expect(first.err).not.toContain('\r')
    expect(first.lines).toContainEqual(
      expect.stringMatching(/^bake: 20\/20 \(100\.0%\), [\d.]+\/s, took \d+s$/),
    )
    const again = await bake(store, ...pair)
    expect(again.stdout).toHaveLength(1)
    expect(JSON.parse(again.stdout[0])).toMatchObject({ views: 20, filesWritten: 0 })
  }, 300_000)

  test('stopped by SIGTERM part way, it stops its workers and still prints what it did', async () => {
    const store = folders.make('bake-')
    const proc = Bun.spawn(
      [
        process.execPath,
        MAIN,
        'bake',
        '--airline',
        'lufthansa',
        '--types',
        'png',
        '--workers',
        '2',
      ],
      { env: { ...process.env, STORE: store, LOG_LEVEL: 'error' }, stdout: 'pipe', stderr: 'pipe' },
    )
    // under way: both workers started, and the store has its first views
    const deadline = performance.now() + 60_000
    while (childrenOf(proc.pid).length < 2 || readdirSync(store).length < 2) {
      if (performance.now() > deadline) throw new Error('the bake never got under way')
      await Bun.sleep(100)
    }
    const workers = childrenOf(proc.pid)
    await Bun.sleep(1500)
    proc.kill('SIGTERM')
    const [out, err, code] = await Promise.all([
      new Response(proc.stdout).text(),
      new Response(proc.stderr).text(),
      proc.exited,
    ])
    expect(code).toBe(130)
    const lines = out.split('\n').filter(Boolean)
    expect(lines).toHaveLength(1)
    const summary = JSON.parse(lines[0])
    expect(summary).toMatchObject({ interrupted: 'SIGTERM', workers: 2 })
    // the Lufthansa fleet is far more than what was drawn before the signal
    expect(summary.views).toBeLessThan(100)
    expect(err).toContain('bake stopped by SIGTERM')
    await Bun.sleep(300)
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
  }, 120_000)

  test('refuses an unknown plane with suggestions, before baking anything', async () => {
    const store = folders.make('bake-')
    const { code, out, err } = await bake(store, '--plane', 'concorde')
    expect(code).toBe(2)
    expect(out).toBe('')
    expect(err).toContain('unknown plane "concorde"')
    expect(readdirSync(store)).toEqual([])
  })
})
