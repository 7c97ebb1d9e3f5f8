/**
 * Signed image URLs: a clean image in an `<img>` tag without exposing a key, and cacheable
 * by any CDN because the URL alone decides the answer.
 *
 * Secrets are the service's own (URL_SIGNING_KEYS=kid:secret,...), never an API key. The first
 * key signs; every listed key verifies, so a new key is added first and an old one removed once
 * its URLs are no longer wanted (removing it revokes them). A signature is HMAC-SHA256, base64url,
 * over the canonical form: the path, `?`, and every parameter but `sig` and `api-key`, decoded,
 * sorted by name then value, re-encoded with encodeURIComponent and joined with `&` (a client or
 * CDN re-encoding or reordering the URL does not break it, and one query always signs to one URL).
 * `kid` names the key; `exp` (unix seconds) is optional: without it the URL never expires.
 * Signatures are compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { requestTarget } from './request-target'
import { IMAGE_PATH } from './response-memo'

export const SIGNATURE_PARAMS = { expires: 'exp', keyId: 'kid', signature: 'sig' } as const
const UNSIGNED = new Set([SIGNATURE_PARAMS.signature, 'api-key'])
const SPELLINGS = new Set<string>(Object.values(SIGNATURE_PARAMS))
/** a signature stands for the service on these paths only: it lets an image be fetched, nothing else */
const SIGNABLE = new Set([IMAGE_PATH])
/** what a signed URL may be cached for at most, whatever its expiry: the picture may be redrawn */
export const MAX_SIGNED_AGE_SECONDS = 86_400

export interface SigningKey {
  id: string
  secret: string
}

/** the signed text: path and the sorted, re-encoded parameters (sig and api-key left out) */
export function canonicalTarget(path: string, params: URLSearchParams): string {
  const pairs: [string, string][] = []
  for (const [name, value] of params)
    if (!UNSIGNED.has(name.toLowerCase())) pairs.push([name, value])
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
  return `${path}?${pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')}`
}

export type Verdict =
  | { kind: 'unsigned' }
  | { kind: 'valid'; expires: number | null; keyId: string }
  | { kind: 'invalid'; reason: 'expired' | 'unknown-key' | 'malformed' | 'mismatch' }

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest()

export function urlSigner(keys: readonly SigningKey[], now = () => Date.now()) {
  const secrets = new Map(keys.map((k) => [k.id, k.secret]))

  return {
    /** whether a URL can be signed here (URL_SIGNING_KEYS is set) */
    enabled: keys.length > 0,
    /** the query to request: `query` without api-key or signature parameters, plus exp (when given), kid and sig, in canonical order */
    sign(path: string, query: URLSearchParams, expires: number | null): string {
      const key = keys[0]
      if (!key) throw new Error('no URL signing key is configured')
      const params = new URLSearchParams(
        [...query].filter(
          ([n]) => !UNSIGNED.has(n.toLowerCase()) && !SPELLINGS.has(n.toLowerCase()),
        ),
      )
      if (expires !== null) params.set(SIGNATURE_PARAMS.expires, String(expires))
      params.set(SIGNATURE_PARAMS.keyId, key.id)
      const canonical = canonicalTarget(path, params)
      return `${canonical.slice(canonical.indexOf('?') + 1)}&${SIGNATURE_PARAMS.signature}=${mac(key.secret, canonical).toString('base64url')}`
    },

    verify(url: string): Verdict {
      const { path, query } = requestTarget(url)
      if (!SIGNABLE.has(path) || !query.includes(`${SIGNATURE_PARAMS.signature}=`))
        return { kind: 'unsigned' }
      const params = new URLSearchParams(query)
      const sigs = params.getAll(SIGNATURE_PARAMS.signature)
      if (sigs.length === 0) return { kind: 'unsigned' }
      // a signature parameter in another spelling (SIG, Exp) would be read by nothing here yet left out of the canonical text
      for (const name of params.keys())
        if (SPELLINGS.has(name.toLowerCase()) && !SPELLINGS.has(name))
          return { kind: 'invalid', reason: 'malformed' }
      const exps = params.getAll(SIGNATURE_PARAMS.expires)
      const kids = params.getAll(SIGNATURE_PARAMS.keyId)
      if (
        sigs.length !== 1 ||
        exps.length > 1 ||
        kids.length !== 1 ||
        (exps.length === 1 && !/^\d{1,12}$/.test(exps[0]))
      )
        return { kind: 'invalid', reason: 'malformed' }
      const secret = secrets.get(kids[0])
      if (secret === undefined) return { kind: 'invalid', reason: 'unknown-key' }
      const expected = mac(secret, canonicalTarget(path, params))
      const given = Buffer.from(sigs[0], 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { kind: 'invalid', reason: 'mismatch' }
      const expires = exps.length ? Number(exps[0]) : null
      if (expires !== null && expires * 1000 <= now()) return { kind: 'invalid', reason: 'expired' }
      return { kind: 'valid', expires, keyId: kids[0] }
    },
  }
}

export type UrlSigner = ReturnType<typeof urlSigner>
