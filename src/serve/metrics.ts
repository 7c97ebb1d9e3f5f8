/**
 * Prometheus metrics (prom-client), one registry per app. Requests are counted and timed
 * by the server's fetch once the response is made (src/serve/app.ts), so memo hits, 304s
 * and errors are all seen; the image class is read from the response's own diagnostic
 * headers, so the pipeline knows nothing of metrics. Gauges read their sources (limiter,
 * store guard, renderer, manifest) when scraped, never on the request path.
 *
 * Metrics are per process, each worker on its own operations port (METRICS_PORT + its index).
 */
import client from 'prom-client'
import { ROUTES } from './route-index'
import type { Stage } from '../pipeline/util/stages'
import { IMAGE_PATH } from './response-memo'

export interface MetricSources {
  limiter: { readonly active: number; readonly waiting: number; readonly refused: number }
  memory: { readonly residentBytes: number; readonly high: boolean; readonly limitBytes: number }
  store: { kind: string; condition(): { ok: boolean; reasons: string[] } }
  rendererReady: () => boolean
  manifestVersion: () => string
}

export type ImageClass = 'pre-rendered' | 'cached-composition' | 'new-composition' | 'none'

/** pre-rendered asset, a composition already made (memory or store), or one drawn for this request */
export function imageClassOf(headers: Headers): ImageClass {
  const mode = headers.get('x-composition-mode')
  if (!mode) return 'none'
  if (mode !== 'composed-runtime') return 'pre-rendered'
  return headers.get('x-cache') === 'composed' ? 'new-composition' : 'cached-composition'
}

const EXTRA_ROUTES = ['/', '/metrics', '/v1/sign', '/v1/health/live', '/v1/health/ready']
const patterns = [...ROUTES.map((r) => r.path), ...EXTRA_ROUTES].map((path) => ({
  path,
  re: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+').replace(/[.]/g, '\\.')}$`),
}))

/** the route template a path belongs to; anything else is "other", so labels stay few whatever clients send */
export function routeOf(path: string): string {
  for (const p of patterns) if (p.re.test(path)) return p.path
  return 'other'
}

/** every name carries the service's prefix, so a shared Prometheus keeps it apart from other jobs */
export const PREFIX = 'aircraft_images_'
const SECONDS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const BYTES = [1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216]

/** how late timers fire: a busy request thread delays everything behind it */
function eventLoopLag(registers: client.Registry[]) {
  const lag = new client.Histogram({
    name: `${PREFIX}event_loop_lag_seconds`,
    help: 'How late a 100 ms timer fires on the request thread',
    buckets: SECONDS,
    registers,
  })
  let expected = performance.now() + 100
  setInterval(() => {
    const now = performance.now()
    lag.observe(Math.max(0, now - expected) / 1000)
    expected = now + 100
  }, 100).unref()
}

export function createMetrics(sources: MetricSources) {
  const registry = new client.Registry()
  const registers = [registry]
  // of the runtime's own figures only those that mean something under Bun: memory and CPU of the process
  new client.Gauge({
    name: `${PREFIX}process_resident_memory_bytes`,
    help: 'Resident memory of this process, render threads included',
    registers,
    collect() {
      this.set(process.memoryUsage.rss())
    },
  })
  new client.Counter({
    name: `${PREFIX}process_cpu_seconds_total`,
    help: 'CPU time of this process, user and system',
    registers,
    collect() {
      const u = process.cpuUsage()
      this.reset()
      this.inc((u.user + u.system) / 1e6)
    },
  })
  eventLoopLag(registers)
  const requests = new client.Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Requests answered, by route and status',
    labelNames: ['route', 'status'],
    registers,
  })
  const latency = new client.Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time to make the response, by route and image class',
    labelNames: ['route', 'image_class'],
    buckets: SECONDS,
    registers,
  })
  const responseBytes = new client.Histogram({
    name: `${PREFIX}http_response_bytes`,
    help: 'Size of response bodies that state their length (images), by route',
    labelNames: ['route'],
    buckets: BYTES,
    registers,
  })
  const stages = new client.Histogram({
    name: `${PREFIX}drawing_stage_seconds`,
    help: 'Drawing, by stage: queue (waiting for a turn), render and encode (pre-rendered views), compose (a whole composition)',
    labelNames: ['stage'],
    buckets: SECONDS,
    registers,
  })
  const cache = new client.Counter({
    name: `${PREFIX}image_cache_total`,
    help: 'Composition lookups by outcome (hit: memory or store; miss: drawn)',
    labelNames: ['result', 'tier'],
    registers,
  })
  new client.Gauge({
    name: `${PREFIX}drawings_in_flight`,
    help: 'Drawings (compositions and first renders) under way',
    registers,
    collect() {
      this.set(sources.limiter.active)
    },
  })
  new client.Gauge({
    name: `${PREFIX}drawings_queued`,
    help: 'Drawings waiting for their turn',
    registers,
    collect() {
      this.set(sources.limiter.waiting)
    },
  })
  new client.Gauge({
    name: `${PREFIX}drawings_refused`,
    help: 'Drawings refused at once (queue full or memory above its mark) since start',
    registers,
    collect() {
      this.set(sources.limiter.refused)
    },
  })
  const storeFaults = new client.Gauge({
    name: `${PREFIX}store_faults`,
    help: 'Kinds of store call currently failing (1 per kind), by reason: timed out or error',
    labelNames: ['op', 'reason'],
    registers,
    collect() {
      storeFaults.reset()
      for (const reason of sources.store.condition().reasons) {
        const op = reason.slice(0, reason.indexOf(':'))
        storeFaults.inc({
          op,
          reason: /timed out|ETIMEDOUT|skipped/.test(reason) ? 'timeout' : 'error',
        })
      }
    },
  })
  new client.Gauge({
    name: `${PREFIX}store_ok`,
    help: '1 when no store call is failing',
    labelNames: ['kind'],
    registers,
    collect() {
      this.set({ kind: sources.store.kind }, sources.store.condition().ok ? 1 : 0)
    },
  })
  new client.Gauge({
    name: `${PREFIX}renderer_ready`,
    help: '1 once the renderer has warmed its caches',
    registers,
    collect() {
      this.set(sources.rendererReady() ? 1 : 0)
    },
  })
  const manifest = new client.Gauge({
    name: `${PREFIX}manifest_info`,
    help: 'The asset manifest version served (value 1, version as a label)',
    labelNames: ['version'],
    registers,
    collect() {
      manifest.reset()
      manifest.set({ version: sources.manifestVersion() }, 1)
    },
  })
  const errors = new client.Counter({
    name: `${PREFIX}http_unhandled_errors_total`,
    help: 'Errors that escaped the app (answered 500)',
    registers,
  })
  const limited = new client.Counter({
    name: `${PREFIX}http_rate_limited_total`,
    help: 'Requests refused with 429, by caller kind',
    labelNames: ['caller'],
    registers,
  })
  new client.Gauge({
    name: `${PREFIX}memory_limit_bytes`,
    help: 'The memory this process may use (MEMORY_LIMIT_MB, the cgroup, or a share of the machine)',
    registers,
    collect() {
      this.set(sources.memory.limitBytes)
    },
  })
  new client.Gauge({
    name: `${PREFIX}memory_shedding`,
    help: '1 while the resident size is above the high-water mark (new drawing answered 503)',
    registers,
    collect() {
      this.set(sources.memory.high ? 1 : 0)
    },
  })

  return {
    contentType: registry.contentType,
    text: () => registry.metrics(),
    /** one answered request; never throws (it runs after the response is made) */
    observe(path: string, status: number, seconds: number, headers: Headers): void {
      try {
        const route = routeOf(path)
        const imageClass = route === IMAGE_PATH ? imageClassOf(headers) : 'none'
        requests.inc({ route, status: String(status) })
        latency.observe({ route, image_class: imageClass }, seconds)
        const length = Number(headers.get('content-length'))
        if (Number.isFinite(length) && headers.has('content-length'))
          responseBytes.observe({ route }, length)
        const tier = headers.get('x-cache')
        if (route === IMAGE_PATH && tier)
          cache.inc({ result: tier === 'composed' ? 'miss' : 'hit', tier })
      } catch {
        // a metric is never worth a request
      }
    },
    stage: (stage: Stage, seconds: number) => stages.observe({ stage }, seconds),
    unhandled: () => errors.inc(),
    rateLimited: (caller: string) => limited.inc({ caller }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>
