/**
 * Who the client is, for per-client limits and logs. Behind a proxy the socket peer is the
 * proxy, and the client is in X-Forwarded-For; but anyone can send that header, so it is
 * believed only from proxies named in TRUST_PROXY, as nginx's realip does with
 * `real_ip_recursive on`: walk the list from the right past trusted hops, and the first
 * untrusted address is the client.
 *
 * Addresses are parsed here (no dependency): IPv4 dotted quads without leading zeros (an
 * octal reading would be a different address), IPv6 with `::` and a dotted tail. An
 * IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, what a dual-stack socket reports) is the
 * IPv4 address, so it matches IPv4 ranges and keys one client, not two.
 */
import { ConfigError } from '../config'

interface Ip {
  family: 4 | 6
  /** 4 or 16 bytes, network order */
  bytes: Uint8Array
}
interface IpRange extends Ip {
  prefix: number
}

/** ranges whose hops may set X-Forwarded-For; empty trusts nobody */
export interface TrustedProxies {
  readonly ranges: readonly IpRange[]
}

/** the client of a request that came without a socket (an in-process call) */
export const UNKNOWN_CLIENT = 'unknown'
/** longer than any address with brackets and port: anything longer is not parsed at all */
const MAX_ENTRY = 64

const V4 = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/
const GROUP = /^[0-9a-f]{1,4}$/

function parseV4(text: string): Uint8Array | null {
  const m = V4.exec(text)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.every((p) => p <= 255) ? Uint8Array.from(parts) : null
}

/** 16-bit groups of one side of `::`, a dotted tail counting as two; null when malformed */
function groups(side: string, allowDotted: boolean): number[] | null {
  if (side === '') return []
  const out: number[] = []
  const parts = side.split(':')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    if (allowDotted && i === parts.length - 1 && part.includes('.')) {
      const v4 = parseV4(part)
      if (!v4) return null
      out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3])
    } else if (GROUP.test(part)) out.push(parseInt(part, 16))
    else return null
  }
  return out
}

function parseV6(text: string): Uint8Array | null {
  const halves = text.toLowerCase().split('::')
  if (halves.length > 2) return null
  const head = groups(halves[0], halves.length === 1)
  const tail = halves.length === 2 ? groups(halves[1], true) : []
  if (!head || !tail) return null
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null
  const all = [...head, ...new Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail]
  const bytes = new Uint8Array(16)
  all.forEach((g, i) => ((bytes[2 * i] = g >> 8), (bytes[2 * i + 1] = g & 0xff)))
  return bytes
}

const isMapped = (b: Uint8Array) =>
  b.length === 16 && b.subarray(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff

/** a bare address (no brackets, port or zone), IPv4-mapped IPv6 read as IPv4 */
function parseIp(text: string): Ip | null {
  if (text.length > MAX_ENTRY) return null
  if (!text.includes(':')) {
    const v4 = parseV4(text)
    return v4 && { family: 4, bytes: v4 }
  }
  const v6 = parseV6(text)
  if (!v6) return null
  return isMapped(v6) ? { family: 4, bytes: v6.slice(12) } : { family: 6, bytes: v6 }
}

/** an X-Forwarded-For entry: a bare address, `[v6]`, `[v6]:port` or `v4:port` */
function parseHop(entry: string): Ip | null {
  if (entry.length > MAX_ENTRY) return null
  const bracketed = /^\[([^\]]*)\](?::\d{1,5})?$/.exec(entry)
  if (bracketed) return parseIp(bracketed[1])
  const v4Port = /^([\d.]+):\d{1,5}$/.exec(entry)
  return parseIp(v4Port ? v4Port[1] : entry)
}

function formatIp({ family, bytes }: Ip): string {
  if (family === 4) return bytes.join('.')
  const g = Array.from({ length: 8 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1])
  // RFC 5952: the longest run of two or more zero groups becomes `::`, the first on a tie
  let best = -1
  let bestLength = 1
  for (let i = 0; i < 8; ) {
    let j = i
    while (j < 8 && g[j] === 0) j++
    if (j - i > bestLength) [best, bestLength] = [i, j - i]
    i = j === i ? i + 1 : j
  }
  const hex = (from: number, to: number) =>
    g
      .slice(from, to)
      .map((x) => x.toString(16))
      .join(':')
  return best < 0 ? hex(0, 8) : `${hex(0, best)}::${hex(best + bestLength, 8)}`
}

function masked(ip: Ip, prefix: number): Uint8Array {
  return ip.bytes.map((b, i) =>
    i * 8 >= prefix ? 0 : i * 8 + 8 <= prefix ? b : b & (0xff << (8 - (prefix - i * 8))),
  )
}

const within = (ip: Ip, range: IpRange) =>
  ip.family === range.family && masked(ip, range.prefix).every((b, i) => b === range.bytes[i])

const LOOPBACK: IpRange[] = [
  { family: 4, bytes: Uint8Array.of(127, 0, 0, 0), prefix: 8 },
  { family: 6, bytes: Uint8Array.of(...new Array(15).fill(0), 1), prefix: 128 },
]

function parseRange(entry: string): IpRange | null {
  const [address, prefixText, ...rest] = entry.split('/')
  if (rest.length > 0 || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) return null
  const v6 = address.includes(':') ? parseV6(address) : null
  const ip = parseIp(address)
  if (!ip) return null
  const width = v6 ? 128 : 32
  let prefix = prefixText === undefined ? width : Number(prefixText)
  if (prefix > width) return null
  // a mapped range (::ffff:10.0.0.0/104) names IPv4 addresses, which is how they are matched
  if (v6 && ip.family === 4) {
    if (prefix < 96) return { family: 6, bytes: masked({ family: 6, bytes: v6 }, prefix), prefix }
    prefix -= 96
  }
  // host bits are ignored, as nginx does: 10.1.2.3/8 is 10.0.0.0/8
  return { family: ip.family, bytes: masked(ip, prefix), prefix }
}

/** reads TRUST_PROXY: comma list of CIDRs or addresses, `loopback`, or `none` (the default) */
export function parseTrustProxy(raw: string | undefined): TrustedProxies {
  const entries = (raw ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean)
  if (entries.length === 0 || (entries.length === 1 && entries[0] === 'none')) return { ranges: [] }
  const ranges = entries.flatMap((entry) => {
    if (entry === 'loopback') return LOOPBACK
    const range = parseRange(entry)
    if (!range)
      throw new ConfigError(
        `TRUST_PROXY must be "none", "loopback" or a comma list of addresses and CIDRs such as 10.0.0.0/8 or fd00::/8 (bad entry "${entry}")`,
      )
    return [range]
  })
  return { ranges }
}

const trusts = (trusted: TrustedProxies, ip: Ip | null) =>
  ip !== null && trusted.ranges.some((r) => within(ip, r))

/** whether an address (as a peer would report it) is a trusted proxy */
export const isTrustedProxy = (address: string, trusted: TrustedProxies) =>
  trusts(trusted, parseIp(address))

/**
 * The client address: the peer unless it is a trusted proxy; then X-Forwarded-For from the
 * right, past trusted hops, to the first untrusted one (the leftmost if all are trusted).
 * A malformed entry stops the walk at the last good hop: what lies left of it could be anything.
 */
export function clientAddress(
  peer: string | null,
  forwardedFor: string | null,
  trusted: TrustedProxies,
): string {
  if (!peer) return UNKNOWN_CLIENT
  const peerIp = parseIp(peer)
  if (!peerIp) return peer.slice(0, MAX_ENTRY)
  let client = peerIp
  if (forwardedFor && trusts(trusted, peerIp)) {
    let end = forwardedFor.length
    while (end > 0) {
      const start = forwardedFor.lastIndexOf(',', end - 1) + 1
      const entry = forwardedFor.slice(start, end).trim()
      end = start - 1
      if (entry === '') continue // empty entries are skipped, as nginx does
      const hop = parseHop(entry)
      if (!hop) break
      client = hop
      if (!trusts(trusted, hop)) break
    }
  }
  return formatIp(client)
}

/** the key a client is limited by: IPv6 clients by their /64, since one host is given a whole /64 */
export function limitKeyOf(address: string): string {
  const ip = parseIp(address)
  if (!ip || ip.family === 4) return ip ? formatIp(ip) : address
  return `${formatIp({ family: 6, bytes: masked(ip, 64) })}/64`
}
