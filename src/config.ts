import { availableParallelism } from 'node:os'
import { DEFAULT_ANON_RATE, parseRate, type Rate } from './serve/client-limit'
import { parseTrustProxy, type TrustedProxies } from './serve/client-address'
import type { SigningKey } from './serve/signing'

/**
 * Configuration comes only from the environment, is validated once at start,
 * and a bad value stops the start with a message naming the variable.
 */
export interface Config {
  port: number
  apiKeys: string[]
  /** secrets that sign image URLs (the first signs, all verify); none: /v1/sign is off */
  urlSigningKeys: SigningKey[]
  store: string
  defaultPlane: string
  /** CACHE_MAX_BYTES when set; otherwise the memory budget derives it (src/memory/budget.ts) */
  cacheMaxBytes: number | null
  /** MEMORY_LIMIT_MB when set; otherwise the cgroup's limit or a share of the machine (src/memory/limit.ts) */
  memoryLimitMb: number | null
  /**
   * server processes sharing the port (SO_REUSEPORT); default one: each holds its own caches,
   * and one process with render threads already keeps every core busy drawing
   */
  workers: number
  /** requests per second and burst for each client without a key (by address), null: no limit */
  anonRate: Rate | null
  /** requests per second and burst for each API key, null: no limit */
  keyRate: Rate | null
  /** proxies whose X-Forwarded-For names the client */
  trustProxy: TrustedProxies
  /** the private operations port (/metrics, detailed health); null: none */
  metricsPort: number | null
  metricsHost: string
  /** threads that draw and finish compositions, off the request thread; 0 draws on the request thread (tests, CLI) */
  renderThreads: number
  /** the longest a composition waits for its turn before the answer is 503 with Retry-After */
  queueWaitMs: number
  /** on SIGTERM/SIGINT, how long in-flight requests may take to finish before the process exits */
  shutdownGraceMs: number
  /** on SIGTERM/SIGINT, how long the port stays open answering Connection: close before idle connections are closed */
  drainLingerMs: number
  /** longest any one store call may take before it counts as failed (read: a miss; write: skipped) */
  storeTimeoutMs: number
  /** how often an instance re-reads the manifest record, to adopt a version another instance recorded (0: never) */
  manifestPollMs: number
  /** byte budget of composed images in the store (least recently used evicted); 0 stores none */
  composeStoreMaxBytes: number
  /** byte budget of compositions paid by signed URLs, apart from those of key holders */
  composeStoreSignedMaxBytes: number
  version: string
}

export class ConfigError extends Error {}

function integer(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`)
  return value
}

function optionalInteger(
  env: Record<string, string | undefined>,
  name: string,
  min: number,
  max: number,
): number | null {
  return env[name] === undefined || env[name] === '' ? null : integer(env, name, 0, min, max)
}

/** the operations port listens on loopback unless told otherwise (a pod's scraper needs 0.0.0.0) */
function metricsHost(raw: string | undefined): string {
  const host = raw?.trim() || '127.0.0.1'
  if (!/^[0-9a-fA-F:.]+$|^localhost$/.test(host))
    throw new ConfigError(`METRICS_HOST must be an IP address (got "${raw}")`)
  return host
}

/** `kid:secret,kid:secret`: key ids a URL may carry, secrets long enough that they cannot be guessed */
function signingKeys(raw: string | undefined): SigningKey[] {
  const keys = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':')
      const id = entry.slice(0, colon)
      const secret = entry.slice(colon + 1)
      if (colon < 0 || !/^[A-Za-z0-9_-]{1,32}$/.test(id))
        throw new ConfigError(
          'URL_SIGNING_KEYS must be kid:secret pairs, a kid of 1-32 letters, digits, - or _',
        )
      if (secret.length < 32)
        throw new ConfigError(
          `URL_SIGNING_KEYS: the secret of "${id}" must be at least 32 characters long`,
        )
      return { id, secret }
    })
  if (new Set(keys.map((k) => k.id)).size !== keys.length)
    throw new ConfigError('URL_SIGNING_KEYS: every kid must be different')
  return keys
}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const apiKeys = (env.API_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  for (const key of apiKeys)
    if (key.length < 8)
      throw new ConfigError('API_KEYS: every key must be at least 8 characters long')
  const store = env.STORE?.trim() || './var/store'
  if (store.startsWith('s3://') && !/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(store))
    throw new ConfigError(`STORE must be a folder path or s3://bucket/prefix (got "${store}")`)
  const defaultPlane = env.DEFAULT_PLANE?.trim() || 'airbus-a320-200'
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(defaultPlane))
    throw new ConfigError(`DEFAULT_PLANE must be a plane slug (got "${defaultPlane}")`)
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    apiKeys,
    urlSigningKeys: signingKeys(env.URL_SIGNING_KEYS),
    store,
    defaultPlane,
    cacheMaxBytes: optionalInteger(env, 'CACHE_MAX_BYTES', 0, 64 * 1024 ** 3),
    memoryLimitMb: optionalInteger(env, 'MEMORY_LIMIT_MB', 128, 1024 * 1024),
    workers: integer(env, 'WORKERS', 1, 1, 64),
    anonRate: parseRate('ANON_RATE_LIMIT', env.ANON_RATE_LIMIT, DEFAULT_ANON_RATE),
    keyRate: parseRate('KEY_RATE_LIMIT', env.KEY_RATE_LIMIT, null),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsPort: env.METRICS_PORT === 'off' ? null : integer(env, 'METRICS_PORT', 9464, 0, 65535),
    metricsHost: metricsHost(env.METRICS_HOST),
    // a thread is handed the model and textures it draws (shared memory) and costs its runtime, about 10 MB;
    // beyond the cores, or 4, threads only wait for one another
    renderThreads: integer(env, 'RENDER_THREADS', Math.min(availableParallelism(), 4), 0, 16),
    queueWaitMs: integer(env, 'QUEUE_WAIT_MS', 5000, 0, 120_000),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    drainLingerMs: integer(env, 'DRAIN_LINGER_MS', 2000, 0, 600_000),
    storeTimeoutMs: integer(env, 'STORE_TIMEOUT_MS', 2000, 50, 120_000),
    manifestPollMs: integer(env, 'MANIFEST_POLL_MS', 30_000, 0, 3_600_000),
    composeStoreMaxBytes: integer(env, 'COMPOSE_STORE_MAX_BYTES', 2 * 1024 ** 3, 0, 16 * 1024 ** 4),
    composeStoreSignedMaxBytes: integer(
      env,
      'COMPOSE_STORE_SIGNED_MAX_BYTES',
      512 * 1024 ** 2,
      0,
      16 * 1024 ** 4,
    ),
    version: env.SERVICE_VERSION || '0.1.0',
  }
}
