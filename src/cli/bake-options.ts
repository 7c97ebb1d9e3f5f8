/**
 * `bake`'s options, read and checked before the baking code is loaded: a mistyped option is
 * answered at once (exit 2), whatever state the renderer's modules are in, and never starts a bake.
 */
import { FILETYPES } from '../params/image-schema'
import type { Filetype } from '../params/image-options'
import { parseArgs, positiveInteger, UsageError } from './args'

const BAKE_OPTIONS = {
  plane: 'value',
  airline: 'value',
  types: 'value',
  workers: 'value',
  shard: 'value',
} as const

export interface BakeOptions {
  plane?: string
  airline?: string
  filetypes: Filetype[]
  workers?: number
  /** set in a worker: this process bakes the shard-th of every `shards` views */
  shard: { shard: number; shards: number } | null
  /** the filters, as a worker is given them */
  passthrough: string[]
}

function shardOf(value: string): { shard: number; shards: number } {
  const m = /^(\d+)\/(\d+)$/.exec(value)
  const shard = Number(m?.[1]),
    shards = Number(m?.[2])
  if (!m || shards < 1 || shard >= shards)
    throw new UsageError(`--shard takes I/N with 0 <= I < N (got "${value}")`)
  return { shard, shards }
}

export function readBakeArgs(argv: string[]): BakeOptions {
  const args = parseArgs(argv, BAKE_OPTIONS) as Partial<Record<keyof typeof BAKE_OPTIONS, string>>
  const filetypes = (args.types?.split(',') ?? [...FILETYPES]) as Filetype[]
  if (filetypes.some((f) => !FILETYPES.includes(f)))
    throw new UsageError('--types takes png, jpg and webp, comma-separated')
  const passthrough = (['plane', 'airline', 'types'] as const).flatMap((k) =>
    args[k] !== undefined ? [`--${k}`, args[k]] : [],
  )
  return {
    plane: args.plane,
    airline: args.airline,
    filetypes,
    workers: positiveInteger('workers', args.workers),
    shard: args.shard !== undefined ? shardOf(args.shard) : null,
    passthrough,
  }
}
