/**
 * One warmed service of a source tree (this one or another revision's), answering compositions
 * one at a time for bench/compose-against.ts: a query per line on stdin, `{ ms, kb }` per line on
 * stdout. It imports the tree's own modules, so it runs the code of that revision, through the
 * app's fetch on a fresh temporary store, warmed as its own src/main.ts warms it.
 *   bun bench/lib/compose-child.ts <tree>
 */
import './quiet'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const tree = process.argv[2]
const KEY = 'bench-key-0000001'
const { readConfig } = await import(join(tree, 'src/config.ts'))
const { appFor, buildService } = await import(join(tree, 'src/service.ts'))
const { LocalStore } = await import(join(tree, 'src/store/index.ts'))
// the warm-up moved in later revisions
const warmUpFile = ['src/pipeline/jobs/warm-up.ts', 'src/pipeline/jobs/warm-up.ts'].map((f) => join(tree, f)).find((f) => Bun.file(f).size > 0)!
const { warmUp } = await import(warmUpFile)

const dir = mkdtempSync(join(tmpdir(), 'bench-against-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
const parts = await buildService(readConfig({ API_KEYS: KEY, STORE: dir, LOG_LEVEL: 'error' }), { store: new LocalStore(dir) })
await warmUp(parts.pipeline)
const fetch = appFor(parts).fetch
process.stdout.write('ready\n')

let pending = ''
for await (const chunk of Bun.stdin.stream()) {
  pending += new TextDecoder().decode(chunk)
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    const line = pending.slice(0, nl)
    pending = pending.slice(nl + 1)
    if (line === 'exit') process.exit(0)
    const t = performance.now()
    const res = await fetch(new Request(`http://localhost/v1/images/plane?${new URLSearchParams(JSON.parse(line))}`, { headers: { 'x-api-key': KEY } }))
    const body = await res.arrayBuffer()
    process.stdout.write(`${JSON.stringify({ ms: performance.now() - t, kb: body.byteLength / 1024, status: res.status, mode: res.headers.get('x-composition-mode') })}\n`)
  }
}
