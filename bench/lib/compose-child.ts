/**
 * One warmed service of a source tree (this one or another revision's), answering compositions
 * one at a time for bench/compose-against.ts and bench/lib/ab.ts: a query per line on stdin,
 * `{ ms, kb, status, mode, rssMB }` per line on stdout; `burst [queries]` asks them all at once
 * and answers `{ ms, peakMB, settledMB }`. It imports the tree's own modules, so it runs the code
 * of that revision, through the app's fetch on a fresh temporary store, warmed as its own
 * src/main.ts warms it.
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
const { warmUp } = await import(join(tree, 'src/pipeline/jobs/warm-up.ts'))
const MB = 1024 * 1024
const rssMB = () => Math.round(process.memoryUsage.rss() / MB)

const dir = mkdtempSync(join(tmpdir(), 'bench-against-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
// the environment's settings count (an A/B's --a-env / --b-env set them), the store and key are the bench's
const parts = await buildService(
  readConfig({ ...process.env, API_KEYS: KEY, STORE: dir, LOG_LEVEL: 'error' }),
  {
    store: new LocalStore(dir),
  },
)
// BENCH_WARM_DUTY=1: the same warm-up back to back, sooner over (an A/B of two trees warms both)
await warmUp(parts.pipeline, undefined, { duty: Number(process.env.BENCH_WARM_DUTY ?? 0.1) })
const fetch = appFor(parts).fetch
process.stdout.write('ready\n')

const ask = (query: Record<string, string>) =>
  fetch(
    new Request(`http://localhost/v1/images/plane?${new URLSearchParams(query)}`, {
      headers: { 'x-api-key': KEY },
    }),
  )

/** compositions all at once: how long they take, the peak resident size meanwhile, and what is left once quiet */
async function burst(queries: Record<string, string>[]) {
  let peakMB = rssMB()
  const sampler = setInterval(() => (peakMB = Math.max(peakMB, rssMB())), 50)
  const t = performance.now()
  await Promise.all(queries.map(async (q) => (await ask(q)).arrayBuffer()))
  const ms = performance.now() - t
  // past collect.ts's quiet time and the pixel pool's hold of a large buffer
  await Bun.sleep(3000)
  clearInterval(sampler)
  return { ms, peakMB, settledMB: rssMB() }
}

let pending = ''
for await (const chunk of Bun.stdin.stream()) {
  pending += new TextDecoder().decode(chunk)
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    const line = pending.slice(0, nl)
    pending = pending.slice(nl + 1)
    if (line === 'exit') process.exit(0)
    if (line.startsWith('burst ')) {
      process.stdout.write(`${JSON.stringify(await burst(JSON.parse(line.slice(6))))}\n`)
      continue
    }
    const t = performance.now()
    const res = await ask(JSON.parse(line))
    const body = await res.arrayBuffer()
    process.stdout.write(
      `${JSON.stringify({ ms: performance.now() - t, kb: body.byteLength / 1024, status: res.status, mode: res.headers.get('x-composition-mode'), rssMB: rssMB() })}\n`,
    )
  }
}
