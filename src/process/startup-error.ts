/**
 * Why a program could not start, as one line an operator can act on: the variable or
 * store at fault and what went wrong, never a stack trace. Errors are told apart by
 * their type or code (config and catalog errors, Bun's S3 error codes, system errno
 * names); anything else is named by its type and message.
 */
import { CatalogError } from '../catalog/load'
import { ConfigError } from '../config'

type Env = Record<string, string | undefined>

const S3_CAUSES: Record<string, (endpoint: string) => string> = {
  ConnectionRefused: (e) => `nothing answers at the S3 endpoint ${e} (connection refused)`,
  ConnectionClosed: (e) => `the S3 endpoint ${e} closed the connection`,
  DNSResolveFailed: (e) => `the S3 endpoint's host cannot be resolved (${e})`,
  InvalidURL: (e) => `S3_ENDPOINT is not a valid URL (${e})`,
  ERR_S3_MISSING_CREDENTIALS: () =>
    'S3 credentials are missing: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
  ERR_S3_INVALID_ENDPOINT: (e) => `S3_ENDPOINT is not a valid endpoint (${e})`,
  InvalidAccessKeyId: () => 'the S3 server does not know AWS_ACCESS_KEY_ID',
  SignatureDoesNotMatch: () =>
    'the S3 server rejected the credentials: AWS_SECRET_ACCESS_KEY does not match the key id',
  AccessDenied: () => 'the S3 credentials may not read and write the bucket (access denied)',
  NoSuchBucket: () => 'the bucket does not exist',
  Timeout: (e) => `the S3 endpoint ${e} did not answer in time`,
}

const FS_CAUSES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a part of the path is a file, not a folder',
  ENOENT: 'a part of the path does not exist',
  EEXIST: 'a file is in the way',
}

export function describeStartupError(e: unknown, env: Env = process.env): string {
  if (e instanceof ConfigError || e instanceof CatalogError) return e.message
  const err = (e ?? {}) as {
    code?: unknown
    name?: unknown
    message?: unknown
    path?: unknown
    syscall?: unknown
  }
  const code = typeof err.code === 'string' ? err.code : ''
  const store = env.STORE?.trim() || './var/store'
  if (code === 'EADDRINUSE')
    return `port ${env.PORT ?? 3000} is already in use (set PORT to a free one)`
  if (store.startsWith('s3://') && (err.name === 'S3Error' || code in S3_CAUSES)) {
    const endpoint = env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL ?? 'the default AWS endpoint'
    const cause = S3_CAUSES[code]?.(endpoint) ?? `${code || 'S3 error'}: ${String(err.message)}`
    return `store ${store} unusable: ${cause}`
  }
  if (code in FS_CAUSES && typeof err.path === 'string')
    return `store ${store} unusable: ${FS_CAUSES[code]} (${err.syscall ?? 'access'} ${err.path})`
  const name = e instanceof Error ? e.name : typeof e
  const message = e instanceof Error ? e.message : String(e)
  return `${name}${code ? ` ${code}` : ''}: ${message.split('\n')[0]}`
}
