/**
 * Preloaded before every test file (bunfig.toml): every temporary file and folder the tests make,
 * and those of the processes they start, go under one folder of this run, removed when the run
 * ends, so a run leaves nothing in the system's temp directory whatever a test forgot.
 */
import { afterAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = mkdtempSync(join(tmpdir(), 'aircraft-images-tests-'))
process.env.TMPDIR = root

const removeRoot = () => rmSync(root, { recursive: true, force: true })
// a preload's afterAll runs once, after every file of the run (bun test fires no 'exit')
afterAll(removeRoot)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    removeRoot()
    process.exit(130)
  })
