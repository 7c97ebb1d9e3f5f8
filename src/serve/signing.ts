/**
 * Signed image URLs: a clean image in an `<img>` tag without exposing a key, and cacheable
 * by any CDN because the URL alone decides the answer.
 *
 * A signature covers the path and the canonical query (every parameter but `sig` and
 * `api-key`, decoded, sorted, re-encoded: a client or CDN re-encoding the URL does not
 * break it), including `exp` (unix seconds) and `kid`, which names the signing key. The
 * secret is derived per key (HMAC of the key id under the key itself), so a signature
 * verifies only while its key is configured: removing a key from API_KEYS revokes every
 * URL it signed. Signatures are compared in constant time.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { requestTarget } from './request-target'
import { IMAGE_PATH } from './response-memo'

export const SIGNATURE_PARAMS = { expires: 'exp', keyId: 'kid', signature: 'sig' } as const
const UNSIGNED = new Set([SIGNATURE_PARAMS.signature, 'api-key'])
const SPELLINGS = new Set<string>(Object.values(SIGNATURE_PARAMS))
/** a signature stands for its key on these paths only: it lets an image be fetched, nothing else */
const SIGNABLE = new Set([IMAGE_PATH])
/** what a signed URL may be cached for at most, whatever its expiry */
export const MAX_SIGNED_AGE_SECONDS = 86_400

/** a short public name for a key: it identifies the signer without revealing the key */
export const keyIdOf = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 10)
const secretOf = (key: string) => createHmac('sha256', key).update(`aircraft-images url signing v1 ${keyIdOf(key)}`).digest()

/** the signed text: path and the sorted, re-encoded parameters (sig and api-key left out) */
export function canonicalTarget(path: string, params: URLSearchParams): string {
  const pairs: [string, string][] = []
  for (const [name, value] of params) if (!UNSIGNED.has(name.toLowerCase())) pairs.push([name, value])
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
  return `${path}?${pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&')}`
}

export type Verdict = { kind: 'unsigned' } | { kind: 'valid'; expires: number; keyId: string } | { kind: 'invalid'; reason: 'expired' | 'unknown-key' | 'malformed' | 'mismatch' }

export function urlSigner(keys: readonly string[], now = () => Date.now()) {
  const secrets = new Map(keys.map((key) => [keyIdOf(key), secretOf(key)]))
  const mac = (secret: Buffer, text: string) => createHmac('sha256', secret).update(text).digest()

  return {
    /** `query` without api-key; returns the query to request, with exp, kid and sig */
    sign(path: string, query: URLSearchParams, key: string, expires: number): string {
      const params = new URLSearchParams([...query].filter(([n]) => !UNSIGNED.has(n.toLowerCase()) && !Object.values(SIGNATURE_PARAMS).includes(n as never)))
      params.set(SIGNATURE_PARAMS.expires, String(expires))
      params.set(SIGNATURE_PARAMS.keyId, keyIdOf(key))
      const canonical = canonicalTarget(path, params)
      return `${canonical.slice(canonical.indexOf('?') + 1)}&${SIGNATURE_PARAMS.signature}=${mac(secretOf(key), canonical).toString('base64url')}`
    },

    verify(url: string): Verdict {
      const { path, query } = requestTarget(url)
      if (!SIGNABLE.has(path) || !query.includes(`${SIGNATURE_PARAMS.signature}=`)) return { kind: 'unsigned' }
      let params: URLSearchParams
      try {
        params = new URLSearchParams(query)
      } catch {
        return { kind: 'invalid', reason: 'malformed' }
      }
      const sigs = params.getAll(SIGNATURE_PARAMS.signature)
      if (sigs.length === 0) return { kind: 'unsigned' }
      // a signature parameter in another spelling (SIG, Exp) would be read by nothing here yet left out of the canonical text
      for (const name of params.keys()) if (SPELLINGS.has(name.toLowerCase()) && !SPELLINGS.has(name)) return { kind: 'invalid', reason: 'malformed' }
      const exps = params.getAll(SIGNATURE_PARAMS.expires)
      const kids = params.getAll(SIGNATURE_PARAMS.keyId)
      if (sigs.length !== 1 || exps.length !== 1 || kids.length !== 1 || !/^\d{1,12}$/.test(exps[0])) return { kind: 'invalid', reason: 'malformed' }
      const secret = secrets.get(kids[0])
      if (!secret) return { kind: 'invalid', reason: 'unknown-key' }
      const expected = mac(secret, canonicalTarget(path, params))
      const given = Buffer.from(sigs[0], 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'invalid', reason: 'mismatch' }
      const expires = Number(exps[0])
      if (expires * 1000 <= now()) return { kind: 'invalid', reason: 'expired' }
      return { kind: 'valid', expires, keyId: kids[0] }
    },
  }
}

export type UrlSigner = ReturnType<typeof urlSigner>
