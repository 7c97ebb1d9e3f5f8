/**
 * `bun run bake [--plane SELECTOR] [--airline SELECTOR] [--types png,jpg,webp] [--workers N]`
 * Pre-renders the default assets into the store (STORE), on every core: the parent
 * splits the work into shards, one worker process each, and draws the progress bar.
 * Re-running skips what is already stored, so an interrupted bake resumes.
 */
import { availableParallelism } from 'node:os'
import { loadEmbeddedCatalog } from '../catalog/embedded'
import { createResolver } from '../catalog/resolve'
import type { Airline, Plane } from '../catalog/types'
import { readConfig } from '../config'
import type { Filetype } from '../params/image-options'
import { ALL_FILETYPES, bakeJobs, bakeOne } from '../pipeline/jobs/bake'
import { defaultRenderer } from '../pipeline/pixels/renderer'
import { openAssetStore } from '../service'
import { openStore } from '../store'
import { readArgs } from './args'
import { formatSeconds, progressBar } from './progress'

const args = readArgs(process.argv.slice(2))
const catalog = loadEmbeddedCatalog()
const resolver = createResolver(catalog)

function pick<T>(kind: 'plane' | 'airline', value: string | true | undefined): T[] | undefined {
  if (typeof value !== 'string') return undefined
  const r = kind === 'plane' ? resolver.plane(value) : resolver.airline(value)
  if (!r.item) {
    console.error(`unknown ${kind} "${value}"; did you mean ${r.candidates.map((c) => c.slug).join(', ') || 'nothing close'}?`)
    process.exit(2)
  }
  return [r.item as T]
}

const planes = pick<Plane>('plane', args.plane)
const airlines = pick<Airline>('airline', args.airline)
const filetypes = (typeof args.types === 'string' ? args.types.split(',') : ALL_FILETYPES) as Filetype[]
if (filetypes.some((f) => !ALL_FILETYPES.includes(f))) {
  console.error('--types takes png, jpg and webp, comma-separated')
  process.exit(2)
}
const jobs = bakeJobs(catalog, { planes, airlines })

async function runShard(shard: number, shards: number) {
  const { assetsStore } = await openAssetStore(openStore(readConfig().store), catalog, defaultRenderer)
  for (let i = shard; i < jobs.length; i += shards) {
    const wrote = await bakeOne(assetsStore, defaultRenderer, jobs[i], filetypes)
    process.stdout.write(`${JSON.stringify({ job: i, wrote })}\n`)
  }
}

async function runParent() {
  const workers = Math.max(1, Math.min(Number(args.workers) || availableParallelism(), jobs.length || 1))
  // the manifest is recorded once, before the workers race to read it
  const { manifest } = await openAssetStore(openStore(readConfig().store), catalog, defaultRenderer)
  console.error(`baking ${jobs.length} views x ${filetypes.join('/')} with ${workers} workers (manifest ${manifest.version})`)
  const bar = progressBar(jobs.length, 'bake')
  let done = 0
  let wrote = 0
  const passthrough = ['plane', 'airline', 'types'].flatMap((k) => (typeof args[k] === 'string' ? [`--${k}`, args[k] as string] : []))
  const children = Array.from({ length: workers }, (_, shard) => {
    const child = Bun.spawn([process.execPath, import.meta.path, ...passthrough, '--shard', `${shard}/${workers}`], {
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
  console.error(`baked ${done} views, wrote ${wrote} files, skipped ${done * filetypes.length - wrote} current ones, in ${formatSeconds(seconds)}`)
  console.log(JSON.stringify({ views: done, filesWritten: wrote, seconds: Math.round(seconds * 100) / 100, workers }))
  if (codes.some((c) => c !== 0) || done < jobs.length) process.exit(1)
}

if (typeof args.shard === 'string') {
  const [shard, shards] = args.shard.split('/').map(Number)
  await runShard(shard, shards)
} else await runParent()
