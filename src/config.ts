import { availableParallelism } from 'node:os'

/**
 * Configuration comes only from the environment, is validated once at start,
 * and a bad value stops the start with a message naming the variable.
 */
export interface Config {
  port: number
  apiKeys: string[]
  store: string
  defaultPlane: string
  cacheMaxBytes: number
  /**
   * server processes sharing the port (SO_REUSEPORT); default one: each holds its own caches
   * (about 100 MB idle, up to 400 MB after a burst of large compositions), and one process
   * with render threads already keeps every core busy drawing (NOTES-FOR-LEAD / README figures)
   */
  workers: number
  /** threads that draw one picture together (the request's own included); 1 draws on the request thread alone */
  renderThreads: number
  version: string
}

export class ConfigError extends Error {}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number) {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ConfigError(`${name} must be an integer between ${min} and ${max} (got "${raw}")`)
  return value
}

export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const apiKeys = (env.API_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
  for (const key of apiKeys)
    if (key.length < 8) throw new ConfigError('API_KEYS: every key must be at least 8 characters long')
  const store = env.STORE?.trim() || './var/store'
  if (store.startsWith('s3://') && !/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/.test(store))
    throw new ConfigError(`STORE must be a folder path or s3://bucket/prefix (got "${store}")`)
  const defaultPlane = env.DEFAULT_PLANE?.trim() || 'airbus-a320-200'
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(defaultPlane))
    throw new ConfigError(`DEFAULT_PLANE must be a plane slug (got "${defaultPlane}")`)
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    apiKeys,
    store,
    defaultPlane,
    cacheMaxBytes: integer(env, 'CACHE_MAX_BYTES', 256 * 1024 * 1024, 0, 64 * 1024 ** 3),
    workers: integer(env, 'WORKERS', 1, 1, 64),
    // a thread is handed the model and textures it draws (shared memory) and costs its runtime, about 10 MB;
    // beyond the cores, or 4, threads only wait for one another
    renderThreads: integer(env, 'RENDER_THREADS', Math.min(availableParallelism(), 4), 1, 16),
    version: env.SERVICE_VERSION || '0.1.0',
  }
}
