/**
 * The composition root: builds every part from the config once (catalog, resolver,
 * store, manifest, caches, pipeline) and hands them to the app. main.ts and the
 * tests both start here, so tests exercise the real wiring.
 */
import { availableParallelism } from 'node:os'
import { loadEmbeddedCatalog } from './catalog/embedded'
import type { Catalog } from './catalog/load'
import { createResolver } from './catalog/resolve'
import type { Config } from './config'
import { ConfigError } from './config'
import { createAssetServer } from './pipeline/sources/assets'
import { ByteCache, type CachedImage } from './pipeline/sources/byte-cache'
import { createComposedCache } from './pipeline/sources/composed-cache'
import type { ImagePipelineDeps } from './pipeline/request/image-request'
import { createLimiter } from './pipeline/util/limiter'
import { stageTimings, type StageTimings } from './pipeline/util/stages'
import { PixelBuffers } from './memory/pixel-buffers'
import {
  assetNamespace,
  fingerprint,
  openManifest,
  watchManifest,
  type Manifest,
  type ManifestWatch,
} from './pipeline/sources/manifest'
import { defaultRenderer, type Renderer } from './pipeline/pixels/renderer'
import { threadedRenderer } from './pipeline/threads/render-threads'
import type { WarmState } from './pipeline/jobs/warm-up'
import { writeBehind, type WriteBehind } from './pipeline/sources/write-behind'
import { createApp } from './serve/app'
import { createFetch } from './serve/edge'
import { operationsApp } from './serve/routes/metrics'
import { createResponseMemo } from './serve/response-memo'
import { createMetrics } from './serve/metrics'
import { namespaced } from './store/namespaced'
import { checkStoreAtStart } from './store/start-check'
import { budgetedStore } from './store/budget'
import { openStore, type AssetStore } from './store'
import { guardStore, type GuardedStore } from './store/guarded'
import { deriveBudget, type MemoryBudget } from './memory/budget'
import { memoryLimit, type MemoryLimit } from './memory/limit'
import { watchPressure, type MemoryPressure } from './memory/pressure'

/** Where composed images live in the store, beside (not inside) the pre-rendered assets. */
export const COMPOSED_PREFIX = 'composed'
/** Compositions paid by signed URLs: a budget apart, so they never evict what key holders composed. */
export const SIGNED_COMPOSED_PREFIX = 'composed-signed'

export interface ServiceParts {
  config: Config
  catalog: Catalog
  store: GuardedStore
  manifest: Manifest
  /** re-reads the manifest record in the background (MANIFEST_POLL_MS) and adopts a new version */
  manifestWatch: ManifestWatch
  pipeline: ImagePipelineDeps
  limiter: ReturnType<typeof createLimiter>
  /** store writes still under way (they never hold up a response) */
  writes: WriteBehind
  /** whether the renderer's per-model caches are built (see warm-up.ts) */
  warm: WarmState
  /** every memory-bound setting, from the one memory limit */
  budget: MemoryBudget
  memoryLimit: MemoryLimit
  pressure: MemoryPressure
  /** how long drawing's steps take, for the metrics */
  timings: StageTimings
}

export interface BuildOptions {
  catalog?: Catalog
  store?: AssetStore
  renderer?: Renderer
  /** compositions at once (default: the machine's cores) and how many may wait */
  concurrency?: number
  queueMax?: number
}

/** The manifest of the current catalog and renderer, and the store's view of its assets. */
export async function openAssetStore(store: AssetStore, catalog: Catalog, renderer: Renderer) {
  const manifest = await openManifest(store, await fingerprint(catalog, renderer))
  return { manifest, assetsStore: namespaced(store, assetNamespace(manifest)) }
}

/** the memory-bound settings of one serving process under this config */
export function budgetFor(config: Config, limit = memoryLimit(config.memoryLimitMb)): MemoryBudget {
  return deriveBudget({
    limitBytes: limit.bytes,
    workers: config.workers,
    cores: availableParallelism(),
    renderThreads: config.renderThreads,
    imageCacheBytes: config.cacheMaxBytes,
  })
}

export async function buildService(config: Config, opts: BuildOptions = {}): Promise<ServiceParts> {
  const catalog = opts.catalog ?? loadEmbeddedCatalog()
  const defaultPlane = catalog.plane(config.defaultPlane)
  if (!defaultPlane)
    throw new ConfigError(`DEFAULT_PLANE "${config.defaultPlane}" is not a plane of the catalog`)
  const limit = memoryLimit(config.memoryLimitMb)
  const budget = budgetFor(config, limit)
  const renderer =
    opts.renderer ??
    (config.renderThreads > 0
      ? threadedRenderer(config.renderThreads, { caches: budget.renderThreadCaches })
      : defaultRenderer)
  // Every store call is bounded in time from here on, the manifest's included.
  const backend = opts.store ?? openStore(config.store)
  // the configured store: a misconfiguration stops the start here, a store merely unwell does not
  if (!opts.store) await checkStoreAtStart(backend, config.storeTimeoutMs)
  const store = guardStore(backend, { timeoutMs: config.storeTimeoutMs })
  // the fingerprint's probes are drawn on this thread: the same pixels the render threads would
  // draw, without making every thread start cold before the service can listen
  const { manifest, assetsStore } = await openAssetStore(
    store,
    catalog,
    opts.renderer ?? defaultRenderer,
  )
  const pressure = watchPressure(budget.highWaterBytes)
  const memory = new ByteCache<CachedImage>(budget.imageCacheBytes)
  const writes = writeBehind(assetsStore)
  // Compositions under their own prefixes and byte budgets; their keys carry the manifest version.
  const paid = (prefix: string, maxBytes: number) => {
    const bounded = budgetedStore(namespaced(store, prefix), { maxBytes })
    return { store: bounded, writes: writes.to(bounded) }
  }
  const timings = stageTimings()
  // every drawing (composition or first render of a view) waits here: bounded, with a deadline
  const limiter = createLimiter({
    concurrency: opts.concurrency ?? budget.drawingsAtOnce,
    queueMax: opts.queueMax ?? budget.queueMax,
    maxWaitMs: config.queueWaitMs,
    shed: () => pressure.high,
    onWait: (seconds) => timings.observe('queue', seconds),
  })
  const pipeline: ImagePipelineDeps = {
    catalog,
    resolver: createResolver(catalog),
    defaultPlane,
    renderer,
    // read per request: the version can change under a running service (watchManifest)
    get manifestVersion() {
      return manifest.version
    },
    assets: createAssetServer(assetsStore, renderer, memory, writes, limiter, timings),
    composed: createComposedCache({
      stores: {
        key: paid(COMPOSED_PREFIX, config.composeStoreMaxBytes),
        signed: paid(SIGNED_COMPOSED_PREFIX, config.composeStoreSignedMaxBytes),
      },
      memory,
      renderer,
      limiter,
      buffers: new PixelBuffers(budget.pixelPoolBytes),
      timings,
    }),
  }
  const manifestWatch = watchManifest(store, manifest, config.manifestPollMs)
  return {
    config,
    catalog,
    store,
    manifest,
    manifestWatch,
    pipeline,
    limiter,
    writes,
    warm: { ready: false },
    budget,
    memoryLimit: limit,
    pressure,
    timings,
  }
}

export function appFor(parts: ServiceParts) {
  const deps = {
    config: parts.config,
    catalog: parts.catalog,
    resolver: parts.pipeline.resolver,
    store: parts.store,
    manifestVersion: () => parts.manifest.version,
    rendererReady: () => parts.warm.ready,
    startedAt: Date.now(),
    images: parts.pipeline,
    memo: createResponseMemo(parts.budget.responseMemoBytes),
    metrics: createMetrics({
      limiter: parts.limiter,
      memory: {
        get residentBytes() {
          return parts.pressure.residentBytes
        },
        get high() {
          return parts.pressure.high
        },
        limitBytes: parts.budget.processBytes,
      },
      store: parts.store,
      rendererReady: () => parts.warm.ready,
      manifestVersion: () => parts.manifest.version,
    }),
  }
  parts.manifestWatch.onChange(() => deps.memo.clear())
  parts.timings.listen(deps.metrics.stage)
  const app = createApp(deps)
  const operations = operationsApp(deps, deps.metrics, {
    memory: () => ({
      limitBytes: parts.budget.processBytes,
      limitSource: parts.memoryLimit.source,
      residentBytes: parts.pressure.residentBytes,
      shedding: parts.pressure.high,
    }),
  })
  return { app, operations, ...createFetch(deps, app) }
}
