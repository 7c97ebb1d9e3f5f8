/**
 * Who is calling, decided once per request at the edge (app.ts) from the same parse of the
 * request target that the image route reads (request-target.ts): a key, a signed URL, or
 * nobody. Routes, the response memo and the cache policy read this one decision, so a key
 * is checked once and what a signature covers is exactly what is served.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Payer } from '../pipeline/request/image-request'
import { queryParams } from './request-target'
import { urlSigner, type SigningKey } from './signing'

export type KeyTransport = 'header' | 'bearer' | 'query'

export type Caller =
  | { kind: 'key'; transport: KeyTransport; keyId: string }
  | { kind: 'signed'; expires: number | null; keyId: string }
  | { kind: 'anonymous'; reason: 'missing' | 'invalid' }

const digest = (value: string) => createHash('sha256').update(value).digest()

/** what pays for a request's work: its caller's kind (a wrong key pays as nobody) */
export const payerOf = (caller: Caller): Payer => caller.kind

export function presentedKey(request: Request): { key: string; transport: KeyTransport } | null {
  const header = request.headers.get('x-api-key')
  if (header !== null) return { key: header.trim(), transport: 'header' }
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization.trim())
    return { key: match ? match[1].trim() : '', transport: 'bearer' }
  }
  // every spelling a client can send (API-KEY, api%2Dkey) is one parameter, as the log's redaction reads it
  for (const [name, value] of queryParams(request.url))
    if (name.toLowerCase() === 'api-key') return { key: value.trim(), transport: 'query' }
  return null
}

/**
 * The caller of a request. Keys are compared in constant time (digests of equal length,
 * every key checked); a present but wrong key is not rescued by another transport or by a
 * signature. `keyId` names a key without revealing it (per-key limits, logs).
 */
export function callerIdentifier(
  keys: readonly string[],
  signingKeys: readonly SigningKey[] = [],
): (request: Request) => Caller {
  const known = keys.map((key) => ({
    digest: digest(key),
    id: digest(`key id ${key}`).toString('base64url').slice(0, 12),
  }))
  const signer = urlSigner(signingKeys)
  return (request) => {
    const presented = presentedKey(request)
    if (!presented) {
      const verdict = signer.verify(request.url)
      if (verdict.kind === 'valid')
        return { kind: 'signed', expires: verdict.expires, keyId: verdict.keyId }
      return { kind: 'anonymous', reason: verdict.kind === 'unsigned' ? 'missing' : 'invalid' }
    }
    const candidate = digest(presented.key)
    let match: string | null = null
    for (const k of known) if (timingSafeEqual(k.digest, candidate)) match = k.id
    return match
      ? { kind: 'key', transport: presented.transport, keyId: match }
      : { kind: 'anonymous', reason: 'invalid' }
  }
}

/** the edge's decision, handed to the routes of the same request */
const decided = new WeakMap<Request, Caller>()
export const rememberCaller = (request: Request, caller: Caller) =>
  void decided.set(request, caller)
/** the edge's decision for this request, or a fresh one (an app called without the edge, as tests do) */
export const callerOf = (request: Request, identify: (request: Request) => Caller): Caller =>
  decided.get(request) ?? identify(request)
