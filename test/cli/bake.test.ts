import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const bake = async (store: string, ...args: string[]) => {
  const proc = Bun.spawn([process.execPath, 'src/main.ts', 'bake', ...args], {
    env: { ...process.env, STORE: store },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, result: out.trim() ? JSON.parse(out.trim().split('\n').pop()!) : null, err }
}

describe('aircraft-images bake', () => {
  test('bakes one pair on two workers with a progress bar, then skips everything on a rerun', async () => {
    const store = mkdtempSync(join(tmpdir(), 'bake-'))
    const first = await bake(store, '--plane', 'a220-100', '--airline', 'swiss', '--types', 'png', '--workers', '2')
    expect(first.code).toBe(0)
    expect(first.result).toMatchObject({ views: 20, filesWritten: 20, workers: 2 })
    expect(first.err).toContain('ETA')
    const again = await bake(store, '--plane', 'a220-100', '--airline', 'swiss', '--types', 'png', '--workers', '2')
    expect(again.result).toMatchObject({ views: 20, filesWritten: 0 })
  }, 60_000)
  test('refuses an unknown plane with suggestions', async () => {
    const { code, err } = await bake(mkdtempSync(join(tmpdir(), 'bake-')), '--plane', 'concorde')
    expect(code).toBe(2)
    expect(err).toContain('unknown plane')
  })
})
