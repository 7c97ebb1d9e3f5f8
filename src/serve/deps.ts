/** What the routes are given: built once in main.ts (or by a test), never global. */
import type { Catalog } from '../catalog/load'
import type { Resolver } from '../catalog/resolve'
import type { Config } from '../config'
import type { ImagePipelineDeps } from '../pipeline/request/image-request'
import type { GuardedStore } from '../store/guarded'
import type { Metrics } from './metrics'
import type { ResponseMemo } from './response-memo'

export interface ServiceDeps {
  config: Config
  catalog: Catalog
  resolver: Resolver
  store: GuardedStore
  manifestVersion: () => string
  /** false while the renderer warms its caches after start (images are served meanwhile, a little slower) */
  rendererReady: () => boolean
  startedAt: number
  images: ImagePipelineDeps
  memo: ResponseMemo
  metrics: Metrics
}
