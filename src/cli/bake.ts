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
import { ALL_FILETYPES, bakeJobs, bakeOne, type BakeJob } from '../pipeline/jobs/bake'
import { defaultRenderer } from '../pipeline/pixels/renderer'
import { openAssetStore } from '../service'
import { openStore } from '../store'
import { checkStoreAtStart } from '../store/start-check'
import { readArgs } from './args'
import { formatSeconds, progressBar } from './progress'
import { selfCommand } from './self'

class UsageError extends Error {}

interface BakePlan {
  catalog: Catalog
  jobs: BakeJob[]
  filetypes: Filetype[]
  /** the filters, as a worker is given them */
  passthrough: string[]
}

function plan(args: Record<string, string | true>): BakePlan {
  const catalog = loadEmbeddedCatalog()
  const resolver = createResolver(catalog)
  const pick = <T>(kind: 'plane' | 'airline', value: string | true | undefined): T[] | undefined => {
    if (value === true) throw new UsageError(`--${kind} needs a value`)
    if (value === undefined) return undefined
    const r = kind === 'plane' ? resolver.plane(value) : resolver.airline(value)
    if (!r.item)
      throw new UsageError(`unknown ${kind} "${value}"; did you mean ${r.candidates.map((c) => c.slug).join(', ') || 'nothing close'}?`)
    return [r.item as T]
  }
  const planes = pick<Plane>('plane', args.plane)
  const airlines = pick<Airline>('airline', args.airline)
  const filetypes = (typeof args.types === 'string' ? args.types.split(',') : ALL_FILETYPES) as Filetype[]
  if (args.types === true || filetypes.some((f) => !ALL_FILETYPES.includes(f))) throw new UsageError('--types takes png, jpg and webp, comma-separated')
  const passthrough = ['plane', 'airline', 'types'].flatMap((k) => (typeof args[k] === 'string' ? [`--${k}`, args[k] as string] : []))
  return { catalog, jobs: bakeJobs(catalog, { planes, airlines }), filetypes, passthrough }
}

function shardOf(value: string | true): { shard: number; shards: number } {
  const m = typeof value === 'string' ? /^(\d+)\/(\d+)$/.exec(value) : null
  const shard = Number(m?.[1]), shards = Number(m?.[2])
  if (!m || shards < 1 || shard >= shards) throw new UsageError(`--shard takes I/N with 0 <= I < N (got "${value}")`)
  return { shard, shards }
}

/** one shard, in this process: a JSON line per view for the parent's progress bar */
async function runShard(p: BakePlan, shard: number, shards: number) {
  const { assetsStore } = await openAssetStore(openStore(readConfig().store), p.catalog, defaultRenderer)
  for (let i = shard; i < p.jobs.length; i += shards) {
    const wrote = await bakeOne(assetsStore, defaultRenderer, p.jobs[i], p.filetypes)
    process.stdout.write(`${JSON.stringify({ job: i, wrote })}\n`)
  }
}

async function runParent(p: BakePlan, requestedWorkers: string | true | undefined) {
  const workers = Math.max(1, Math.min(Number(requestedWorkers) || availableParallelism(), p.jobs.length || 1))
  // the store is checked and the manifest recorded once, before the workers race to read it
  const config = readConfig()
  const store = openStore(config.store)
  await checkStoreAtStart(store, config.storeTimeoutMs, false)
  const { manifest } = await openAssetStore(store, p.catalog, defaultRenderer)
  console.error(`baking ${p.jobs.length} views x ${p.filetypes.join('/')} with ${workers} workers (manifest ${manifest.version})`)
  const bar = progressBar(p.jobs.length, 'bake')
  let done = 0
  let wrote = 0
  const children = Array.from({ length: workers }, (_, shard) => {
    const child = Bun.spawn(selfCommand('bake', ...p.passthrough, '--shard', `${shard}/${workers}`), {
      stdout: 'pipe',
      stderr: 'inherit',
      env: process.env,
    })
    return (async () => {
      const decoder = new TextDecoder()
      let buffered = ''
      for await (const chunk of child.stdout) {
        buffered += decoder.decode(chunk)
        const lines = buffered.split('\n')
        buffered = lines.pop()!
        for (const line of lines) {
          if (!line.startsWith('{"job"')) continue // worker log lines share stdout
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
  console.error(`baked ${done} views, wrote ${wrote} files, skipped ${done * p.filetypes.length - wrote} current ones, in ${formatSeconds(seconds)}`)
  console.log(JSON.stringify({ views: done, filesWritten: wrote, seconds: Math.round(seconds * 100) / 100, workers }))
  if (codes.some((c) => c !== 0) || done < p.jobs.length) process.exit(1)
}

export async function bake(argv: string[]): Promise<void> {
  const args = readArgs(argv)
  try {
    const p = plan(args)
    if (args.shard !== undefined) {
      const { shard, shards } = shardOf(args.shard)
      await runShard(p, shard, shards)
    } else await runParent(p, args.workers)
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    console.error(`bake: ${e.message}`)
    process.exit(2)
  }
}

// `bun src/cli/bake.ts ...` as before the subcommands
if (import.meta.main) await bake(process.argv.slice(2))
