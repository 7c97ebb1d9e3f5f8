/**
 * A bake split across machines: `bake --shard i/n` runs the i-th of n interleaved slices of
 * the views. Two shards started at once against one S3 bucket (s3rver) must cover every
 * view exactly once: no view twice, none missed, one file per view in the bucket.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { S3Store } from '../../src/store/s3'
import { startBucket, type Bucket } from './support/s3rver'

// the bake program as it is called on this branch (`bun src/cli/bake.ts`; the binary's `bake` subcommand takes the same flags)
const BAKE = [process.execPath, 'src/main.ts', 'bake']
const SELECTION = ['--plane', 'a220-100', '--airline', 'swiss', '--types', 'png']
const VIEWS = 20 // 10 angles x 2 gears

let bucket: Bucket
beforeAll(async () => {
  bucket = await startBucket('bake-shards')
})
afterAll(async () => {
  await bucket?.close()
})

async function shard(index: number, of: number, store: string) {
  const proc = Bun.spawn([...BAKE, ...SELECTION, '--shard', `${index}/${of}`], {
    env: { ...process.env, ...bucket.env, STORE: store, LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  if (code !== 0) throw new Error(`shard ${index}/${of} exited ${code}: ${err}`)
  return out
    .split('\n')
    .filter((l) => l.startsWith('{"job"'))
    .map((l) => JSON.parse(l) as { job: number; wrote: number })
}

describe('bake --shard i/n', () => {
  test('two shards run at once into one bucket bake every view exactly once', async () => {
    const store = `s3://${bucket.name}/fleet`
    const [a, b] = await Promise.all([shard(0, 2, store), shard(1, 2, store)])
    const jobs = [...a, ...b].map((r) => r.job).sort((x, y) => x - y)
    expect(jobs).toEqual(Array.from({ length: VIEWS }, (_, i) => i))
    expect(a.length).toBe(VIEWS / 2)
    // every view written by exactly one shard
    expect([...a, ...b].every((r) => r.wrote === 1)).toBe(true)
    const keys = (await new S3Store(store, bucket.env).list('assets/')).filter((k) =>
      k.endsWith('.png'),
    )
    expect(keys.length).toBe(VIEWS)
    expect(new Set(keys.map((k) => k.split('/')[1])).size).toBe(1) // one fingerprint: both shards agreed

    // a rerun of both finds everything baked
    const again = await Promise.all([shard(0, 2, store), shard(1, 2, store)])
    expect(again.flat().reduce((n, r) => n + r.wrote, 0)).toBe(0)
  }, 120_000)
})
