/**
 * The code is formatted by Biome (`biome.json`): a change that skipped `bun run format`
 * fails here, so review never argues about layout.
 */
import { expect, test } from 'bun:test'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')

test('every source file is formatted as biome.json says', () => {
  const run = Bun.spawnSync([join(ROOT, 'node_modules/.bin/biome'), 'format', '.'], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const said = `${run.stdout.toString()}${run.stderr.toString()}`
  const unformatted = [...said.matchAll(/^(\S+\.ts) format/gm)].map((m) => m[1])
  expect(unformatted).toEqual([])
  expect(run.exitCode).toBe(0)
})
