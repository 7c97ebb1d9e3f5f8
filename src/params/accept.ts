/**
 * `filetype=auto`: the type to send, from the request's Accept header (RFC 9110 12.5.1).
 * Offered: AVIF, then WebP, then the default type (PNG); never JPEG, which has no alpha.
 *
 * AVIF and WebP count only when the header names them: a wildcard does not, since the clients
 * that send nothing but the any-type range (curl, old browsers, crawlers) are the ones that
 * decode neither, while every browser that decodes them says so. PNG, the default, is accepted
 * by a wildcard too.
 * Among the acceptable ones the highest q wins, ties in the order above; when none is
 * acceptable (every one at q=0) the default is sent anyway rather than a 406.
 */
import { paramSchema } from './image-schema'

export type NegotiatedFiletype = 'avif' | 'webp' | 'png'

/** in the order of preference; `named`: acceptable only when the header names the type itself */
const OFFERS: { filetype: NegotiatedFiletype; type: string; named: boolean }[] = [
  { filetype: 'avif', type: 'image/avif', named: true },
  { filetype: 'webp', type: 'image/webp', named: true },
  { filetype: 'png', type: 'image/png', named: false },
]

interface Range {
  type: string
  subtype: string
  q: number
}

/** the header's media ranges; a malformed range or q is left out (it accepts nothing) */
export function parseAccept(accept: string): Range[] {
  const ranges: Range[] = []
  for (const part of accept.split(',')) {
    const [media, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const [type, subtype, extra] = media.split('/')
    if (!type || !subtype || extra !== undefined) continue
    let q = 1
    for (const p of params)
      if (p.startsWith('q='))
        q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(p.slice(2)) ? Number(p.slice(2)) : NaN
    if (!Number.isNaN(q)) ranges.push({ type, subtype, q })
  }
  return ranges
}

/** the q a client gives a type: its most specific range's (type/subtype, then type/any, then any/any), else 0 */
function qualityOf(ranges: Range[], offer: (typeof OFFERS)[number]): number {
  const [type, subtype] = offer.type.split('/')
  const exact = ranges.filter((r) => r.type === type && r.subtype === subtype)
  if (exact.length) return Math.max(...exact.map((r) => r.q))
  if (offer.named) return 0
  const wild = ranges.filter((r) => r.type === type && r.subtype === '*')
  if (wild.length) return Math.max(...wild.map((r) => r.q))
  const any = ranges.filter((r) => r.type === '*' && r.subtype === '*')
  return any.length ? Math.max(...any.map((r) => r.q)) : 0
}

const DEFAULT = paramSchema('filetype').default as NegotiatedFiletype

/** absent or empty header: the default type */
export function negotiateFiletype(accept: string | null | undefined): NegotiatedFiletype {
  if (!accept?.trim()) return DEFAULT
  const ranges = parseAccept(accept)
  let best: NegotiatedFiletype = DEFAULT
  let bestQ = 0
  for (const offer of OFFERS) {
    const q = qualityOf(ranges, offer)
    if (q > bestQ) [best, bestQ] = [offer.filetype, q]
  }
  return best
}
