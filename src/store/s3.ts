/**
 * S3 backend on Bun's built-in client. `s3://bucket/prefix` names the bucket and
 * the key prefix; endpoint, credentials and region come from the usual env vars,
 * so MinIO, R2 or AWS all work. Keys are validated exactly as for the local
 * backend, so a key that works in one works in the other.
 */
import { S3Client } from 'bun'
import { log } from '../log'
import type { AssetStore, StoredObject } from './types'
import { assertValidKey, assertValidPrefix, isValidKey } from './keys'
import {
  assertIntact,
  contentTypeFor,
  digestNameFor,
  digestOf,
  needsDigest,
  readChecked,
} from './integrity'

export interface S3Location {
  bucket: string
  /** Object-name prefix without slashes at either end; "" for the bucket root. */
  prefix: string
}

/** Parses "s3://bucket/some/prefix" (trailing slash optional). */
export function parseS3Location(location: string): S3Location {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(location)
  if (!match)
    throw new Error(
      `invalid s3 store location ${JSON.stringify(location)}: expected s3://bucket/prefix`,
    )
  const prefix = match[2].replace(/\/+$/, '')
  if (prefix !== '') assertValidPrefix(prefix)
  return { bucket: match[1], prefix }
}

type Env = Record<string, string | undefined>

export class S3Store implements AssetStore {
  readonly kind = 's3' as const
  readonly description: string
  private readonly client: S3Client
  private readonly prefix: string

  /** `env` is a parameter so tests can point at a local server without touching process.env. */
  constructor(location: string, env: Env = process.env) {
    const { bucket, prefix } = parseS3Location(location)
    this.prefix = prefix === '' ? '' : prefix + '/'
    this.description = `s3://${bucket}/${prefix}`
    this.client = new S3Client({
      bucket,
      endpoint: env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL,
      accessKeyId: env.AWS_ACCESS_KEY_ID ?? env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? env.S3_SECRET_ACCESS_KEY,
      sessionToken: env.AWS_SESSION_TOKEN ?? env.S3_SESSION_TOKEN,
      region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? env.S3_REGION,
    })
  }

  private objectName(key: string): string {
    assertValidKey(key)
    return this.prefix + key
  }

  async get(key: string): Promise<Uint8Array | null> {
    const name = this.objectName(key)
    return readChecked(
      this.description,
      key,
      () => this.client.file(name).bytes(),
      (code) => code === 'NoSuchKey' || code === 'NotFound',
      () => this.client.file(digestNameFor(name)).bytes(),
    )
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const name = this.objectName(key)
    assertIntact(key, bytes)
    // A single PUT is atomic on S3: readers see the old object or the new one. The digest
    // goes first: a reader in between sees a mismatch (a miss), never bad bytes passed as good.
    if (needsDigest(key))
      await this.client.write(digestNameFor(name), digestOf(bytes), { type: 'text/plain' })
    await this.client.write(name, bytes, { type: contentTypeFor(key) })
  }

  /**
   * PUT with `If-None-Match: *` (AWS S3 since 2024, R2, MinIO): 412 or 409 means another
   * writer created it first. Bun's client has no option for the header, so the PUT goes
   * through a presigned URL. A server that ignores the header (s3rver) overwrites: callers
   * read back what the bucket holds. Records only (no digest sidecar).
   */
  async createIfAbsent(key: string, bytes: Uint8Array): Promise<boolean> {
    const name = this.objectName(key)
    assertIntact(key, bytes)
    if (needsDigest(key)) throw new Error(`createIfAbsent is for records, not images: ${key}`)
    const url = this.client.presign(name, { method: 'PUT', expiresIn: 60 })
    const res = await fetch(url, { method: 'PUT', body: bytes, headers: { 'if-none-match': '*' } })
    if (res.status === 412 || res.status === 409) return false
    if (!res.ok)
      throw Object.assign(
        new Error(`conditional PUT of ${this.description}${key}: HTTP ${res.status}`),
        { code: `HTTP${res.status}` },
      )
    return true
  }

  async has(key: string): Promise<boolean> {
    // A full read, not HEAD: a corrupt object must answer false so callers re-render it.
    return (await this.get(key)) !== null
  }

  async list(prefix: string): Promise<string[]> {
    return (await this.inventory(prefix)).map((o) => o.key)
  }

  async inventory(prefix: string): Promise<StoredObject[]> {
    assertValidPrefix(prefix)
    const objects: StoredObject[] = []
    let continuationToken: string | undefined
    do {
      const page = await this.client.list({ prefix: this.prefix + prefix, continuationToken })
      for (const { key, size, lastModified } of page.contents ?? []) {
        const storeKey = key.slice(this.prefix.length)
        // Objects written by other tools may have names no store key can have ("a//b", "dir/"): skip them.
        if (key.startsWith(this.prefix) && isValidKey(storeKey))
          objects.push({
            key: storeKey,
            size: size ?? 0,
            modifiedAt: lastModified ? Date.parse(String(lastModified)) : 0,
          })
      }
      continuationToken = page.isTruncated ? page.nextContinuationToken : undefined
    } while (continuationToken)
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }

  async delete(key: string): Promise<void> {
    const name = this.objectName(key)
    await this.client.delete(name)
    if (needsDigest(key)) await this.client.delete(digestNameFor(name))
  }

  async health(): Promise<{ ok: boolean; detail?: string }> {
    try {
      await this.client.list({ prefix: this.prefix, maxKeys: 1 })
      return { ok: true }
    } catch (err) {
      const code = (err as { code?: string }).code
      return {
        ok: false,
        detail: `${this.description}: ${code ? code + ': ' : ''}${(err as Error).message}`,
      }
    }
  }
}
