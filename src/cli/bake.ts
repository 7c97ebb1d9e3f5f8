/**
 * `aircraft-images bake [--plane SELECTOR] [--airline SELECTOR] [--types png,jpg,webp] [--workers N] [--shard I/N]`
 * Pre-renders the default assets into the store (STORE), on every core: the parent
 * splits the work into shards, one worker process each (this program again, with
 * --shard), and draws the progress bar. Re-running skips what is already stored, so an
 * interrupted bake resumes.
 */
import { availableParallelism } from 'node:os'
import { loadEmbeddedCatalog } from '../catalog/embedded'
import type { Catalog } from '../catalog/load'
import { createResolver } from '../catalog/resolve'
import type { Airline, Plane } from '../catalog/types'
import { readConfig } from '../config'
import type { Filetype } from '../params/image-options'
import { bakeJobs, bakeOne, type BakeJob } from '../pipeline/jobs/bake'
import { defaultRenderer } from '../pipeline/pixels/renderer'
import { openAssetStore } from '../service'
import { openStore } from '../store'
import { checkStoreAtStart } from '../store/start-check'
import { UsageError } from './args'
import type { BakeOptions } from './bake-options'
import { formatDuration, progressBar } from './progress'
import { selfCommand } from './self'

interface BakePlan {
  catalog: Catalog
  jobs: BakeJob[]
  filetypes: Filetype[]
  /** the filters, as a worker is given them */
  passthrough: string[]
}

/** the views to bake; a plane or airline that matches nothing is a UsageError */
function plan(opts: BakeOptions): BakePlan {
  const catalog = loadEmbeddedCatalog()
  const resolver = createResolver(catalog)
  const pick = <T>(kind: 'plane' | 'airline', value: string | undefined): T[] | undefined => {
    if (value === undefined) return undefined
    const r = kind === 'plane' ? resolver.plane(value) : resolver.airline(value)
    if (!r.item)
      throw new UsageError(
        `unknown ${kind} "${value}"; did you mean ${r.candidates.map((c) => c.slug).join(', ') || 'nothing close'}?`,
      )
    return [r.item as T]
  }
  const planes = pick<Plane>('plane', opts.plane)
  const airlines = pick<Airline>('airline', opts.airline)
  return {
    catalog,
    jobs: bakeJobs(catalog, { planes, airlines }),
    filetypes: opts.filetypes,
    passthrough: opts.passthrough,
  }
}

/** one shard, in this process: a JSON line per view for the parent's progress bar */
async function runShard(p: BakePlan, shard: number, shards: number) {
  const { assetsStore } = await openAssetStore(
    openStore(readConfig().store),
    p.catalog,
    defaultRenderer,
  )
  for (let i = shard; i < p.jobs.length; i += shards) {
    const wrote = await bakeOne(assetsStore, defaultRenderer, p.jobs[i], p.filetypes)
    process.stdout.write(`${JSON.stringify({ job: i, wrote })}\n`)
  }
}

async function runParent(p: BakePlan, requestedWorkers: number | undefined) {
  const workers = Math.max(
    1,
    Math.min(requestedWorkers ?? availableParallelism(), p.jobs.length || 1),
  )
  // the store is checked and the manifest recorded once, before the workers race to read it
  const config = readConfig()
  const store = openStore(config.store)
  await checkStoreAtStart(store, config.storeTimeoutMs, false)
  const { manifest } = await openAssetStore(store, p.catalog, defaultRenderer)
  console.error(
    `baking ${p.jobs.length} views x ${p.filetypes.join('/')} with ${workers} workers (manifest ${manifest.version})`,
  )
  const bar = progressBar(p.jobs.length, 'bake')
  let done = 0
  let wrote = 0
  const summary = (seconds: number, interrupted?: string) =>
    JSON.stringify({
      views: done,
      filesWritten: wrote,
      seconds: Math.round(seconds * 100) / 100,
      workers,
      ...(interrupted ? { interrupted } : {}),
    })
  const spawned: Bun.Subprocess[] = []
  // stopped part way, it still says what it did (the rerun resumes, and the runs' times add up),
  // once its workers are gone
  const stop = async (signal: NodeJS.Signals) => {
    for (const child of spawned) child.kill(signal)
    await Promise.race([Promise.all(spawned.map((c) => c.exited)), Bun.sleep(5000)])
    const seconds = bar.finish(done)
    console.error(`bake stopped by ${signal} after ${done} views, ${wrote} files written`)
    console.log(summary(seconds, signal))
    process.exit(130)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))
  const children = Array.from({ length: workers }, (_, shard) => {
    const child = Bun.spawn(
      selfCommand('bake', ...p.passthrough, '--shard', `${shard}/${workers}`),
      {
        stdout: 'pipe',
        stderr: 'inherit',
        env: process.env,
      },
    )
    spawned.push(child)
    return (async () => {
      const decoder = new TextDecoder()
      let buffered = ''
      for await (const chunk of child.stdout) {
        buffered += decoder.decode(chunk)
        const lines = buffered.split('\n')
        buffered = lines.pop()!
        for (const line of lines) {
          if (!line.startsWith('{"job"')) continue // only the view lines count, whatever else a worker prints
          done++
          wrote += JSON.parse(line).wrote
          bar.update(done)
        }
      }
      return child.exited
    })()
  })
  const codes = await Promise.all(children)
  const seconds = bar.finish(done)
  console.error(
    `baked ${done} views, wrote ${wrote} files, skipped ${done * p.filetypes.length - wrote} current ones, in ${formatDuration(seconds)}`,
  )
  console.log(summary(seconds))
  if (codes.some((c) => c !== 0) || done < p.jobs.length) process.exit(1)
}

/** options from readBakeArgs; throws UsageError before any work on an unknown plane or airline */
export async function bake(opts: BakeOptions): Promise<void> {
  const p = plan(opts)
  if (opts.shard) await runShard(p, opts.shard.shard, opts.shard.shards)
  else await runParent(p, opts.workers)
}

// `bun src/cli/bake.ts ...` as before the subcommands, answered by the program as `bake ...`.
// Not awaited at the top: the program imports this module, which must have finished loading.
if (import.meta.main)
  void import('./program').then((p) => p.runProgram(['bake', ...process.argv.slice(2)]))
