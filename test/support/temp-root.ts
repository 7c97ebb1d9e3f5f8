/**
 * Preloaded before every test file (bunfig.toml): every temporary file and folder the tests make,
 * and those of the processes they start, go under one folder of this run, removed when the run
 * ends, so a run leaves nothing in the system's temp directory whatever a test forgot. It also sets
 * the default time a test may take.
 */
import { afterAll, setDefaultTimeout } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// renders and server start-ups are slower than unit assertions, the more so on a loaded machine;
// set here because this Bun does not read bunfig.toml's [test] timeout
setDefaultTimeout(30_000)

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
