import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { ConfigError } from '../../src/config'
import {
  clientAddress,
  isTrustedProxy,
  limitKeyOf,
  parseTrustProxy,
  UNKNOWN_CLIENT,
} from '../../src/serve/client-address'

const TRUST = parseTrustProxy('10.0.0.0/8, 127.0.0.1/32, ::1/128, fd00::/8')

describe('parseTrustProxy', () => {
  test.each([undefined, '', ' ', 'none', ' NONE ', ',,'])('%p trusts nobody', (raw) => {
    const trusted = parseTrustProxy(raw)
    expect(trusted.ranges).toEqual([])
    expect(isTrustedProxy('127.0.0.1', trusted)).toBe(false)
  })
  test('matches IPv4 and IPv6 ranges, bare addresses as single hosts', () => {
    const trusted = parseTrustProxy('10.0.0.0/8, 192.168.1.7, 2001:db8::/32, fd00::1')
    expect(
      ['10.0.0.1', '10.255.255.255', '192.168.1.7', '2001:db8:ffff::1', 'FD00::1'].map((a) =>
        isTrustedProxy(a, trusted),
      ),
    ).toEqual([true, true, true, true, true])
    expect(
      ['11.0.0.1', '9.255.255.255', '192.168.1.8', '2001:db9::1', 'fd00::2', 'not-an-ip'].map((a) =>
        isTrustedProxy(a, trusted),
      ),
    ).toEqual([false, false, false, false, false, false])
  })
  test('prefixes that do not end on a byte boundary', () => {
    const trusted = parseTrustProxy('172.16.0.0/12, fe80::/10, 0.0.0.0/32')
    expect(isTrustedProxy('172.31.255.255', trusted)).toBe(true)
    expect(isTrustedProxy('172.32.0.0', trusted)).toBe(false)
    expect(isTrustedProxy('172.15.255.255', trusted)).toBe(false)
    expect(isTrustedProxy('febf::1', trusted)).toBe(true)
    expect(isTrustedProxy('fec0::1', trusted)).toBe(false)
  })
  test('host bits in a range are ignored, as nginx does', () => {
    expect(isTrustedProxy('10.200.0.1', parseTrustProxy('10.1.2.3/8'))).toBe(true)
  })
  test('loopback is 127.0.0.0/8 and ::1, and a dual-stack peer matches IPv4 ranges', () => {
    const trusted = parseTrustProxy('loopback')
    expect(
      ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::FFFF:7f00:1'].every((a) =>
        isTrustedProxy(a, trusted),
      ),
    ).toBe(true)
    expect(['128.0.0.1', '::2', '::'].some((a) => isTrustedProxy(a, trusted))).toBe(false)
  })
  test('a range of IPv4-mapped addresses names IPv4 addresses; ::/0 does not', () => {
    expect(isTrustedProxy('10.1.1.1', parseTrustProxy('::ffff:10.0.0.0/104'))).toBe(true)
    expect(isTrustedProxy('11.1.1.1', parseTrustProxy('::ffff:10.0.0.0/104'))).toBe(false)
    expect(isTrustedProxy('10.1.1.1', parseTrustProxy('::/0'))).toBe(false)
    expect(isTrustedProxy('2001:db8::1', parseTrustProxy('::/0'))).toBe(true)
  })
  test.each([
    '10.0.0.0/33',
    '10.0.0/8',
    '010.0.0.1',
    '256.0.0.1',
    '::1/129',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'fd00::/',
    '10.0.0.0/8/8',
    'proxy.local',
    'none, 10.0.0.1',
    '10.0.0.1:80',
    '[::1]',
    'fe80::1%eth0',
    '10.0.0.0/-1',
  ])('stops with a ConfigError naming TRUST_PROXY for %p', (raw) => {
    expect(() => parseTrustProxy(raw)).toThrow(ConfigError)
    expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/)
  })
})

describe('clientAddress', () => {
  test('an untrusted peer is the client, whatever it forwards', () => {
    expect(clientAddress('203.0.113.5', '1.2.3.4', TRUST)).toBe('203.0.113.5')
    expect(clientAddress('203.0.113.5', '1.2.3.4', parseTrustProxy(undefined))).toBe('203.0.113.5')
  })
  test('walks from the right past trusted hops to the first untrusted address', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1, 203.0.113.9, 10.0.0.7, 127.0.0.1', TRUST)).toBe(
      '203.0.113.9',
    )
    expect(clientAddress('127.0.0.1', '198.51.100.1', TRUST)).toBe('198.51.100.1')
  })
  test('the leftmost address when every hop is trusted', () => {
    expect(clientAddress('10.0.0.2', '10.0.0.9, 10.0.0.8', TRUST)).toBe('10.0.0.9')
  })
  test('a trusted peer with no header is the client', () => {
    expect(clientAddress('10.0.0.2', null, TRUST)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', '', TRUST)).toBe('10.0.0.2')
  })
  test('a malformed entry stops the walk at the last trusted hop', () => {
    expect(clientAddress('10.0.0.2', '198.51.100.1, garbage, 10.0.0.7', TRUST)).toBe('10.0.0.7')
    expect(clientAddress('10.0.0.2', '198.51.100.1, 999.1.1.1', TRUST)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.2', 'unknown', TRUST)).toBe('10.0.0.2')
  })
  test('skips empty entries and reads ports and brackets', () => {
    expect(clientAddress('10.0.0.2', ' , 198.51.100.1:4711,, ,', TRUST)).toBe('198.51.100.1')
    expect(clientAddress('10.0.0.2', '[2001:DB8::0:1]:443, [fd00::5]', TRUST)).toBe('2001:db8::1')
    expect(clientAddress('10.0.0.2', '[2001:db8::1]', TRUST)).toBe('2001:db8::1')
  })
  test('normalises IPv4-mapped IPv6 and IPv6 spellings', () => {
    expect(clientAddress('::ffff:203.0.113.5', null, TRUST)).toBe('203.0.113.5')
    expect(clientAddress('::ffff:10.0.0.2', '::FFFF:198.51.100.1', TRUST)).toBe('198.51.100.1')
    expect(clientAddress('2001:0db8:0000:0000:0001:0000:0000:0001', null, TRUST)).toBe(
      '2001:db8::1:0:0:1',
    )
    expect(clientAddress('::1', '2001:db8:0:0:0:0:0:0', TRUST)).toBe('2001:db8::')
    expect(clientAddress('::1', '1:0:2:3:4:5:6:7', TRUST)).toBe('1:0:2:3:4:5:6:7')
  })
  test('without a peer the client is unknown; an unreadable peer is kept as given', () => {
    expect(clientAddress(null, '198.51.100.1', TRUST)).toBe(UNKNOWN_CLIENT)
    expect(clientAddress('', null, TRUST)).toBe(UNKNOWN_CLIENT)
    expect(clientAddress('fe80::1%lo0', null, TRUST)).toBe('fe80::1%lo0')
  })
  test('a long header is walked only as far as the first untrusted hop', () => {
    const header = `${'10.0.0.1, '.repeat(1000)}198.51.100.1, ${'10.0.0.1, '.repeat(500)}10.0.0.3`
    expect(clientAddress('10.0.0.2', header, TRUST)).toBe('198.51.100.1')
    expect(clientAddress('10.0.0.2', `${'x'.repeat(10_000)}, 10.0.0.4`, TRUST)).toBe('10.0.0.4')
  })
})

describe('limitKeyOf', () => {
  test('IPv6 clients share the key of their /64; IPv4 clients are keyed by address', () => {
    expect(limitKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
    expect(limitKeyOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64')
    expect(limitKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(limitKeyOf('203.0.113.5')).toBe('203.0.113.5')
    expect(limitKeyOf('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(limitKeyOf(UNKNOWN_CLIENT)).toBe(UNKNOWN_CLIENT)
  })
})

describe('clientAddress properties', () => {
  const hop = fc.oneof(
    fc.ipV4(),
    fc.ipV6(),
    fc.ipV4Extended(),
    fc.constantFrom(
      '10.0.0.1',
      '::1',
      '[::1]:80',
      '1.2.3.4:5',
      '',
      ' ',
      'unknown',
      '[',
      ']',
      ':',
      '::::',
      '1.2.3.4.5',
      '%',
      'fd00::1%eth0',
    ),
    fc.string({ maxLength: 70 }),
  )
  const header = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.array(hop, { maxLength: 30 }).map((hops) => hops.join(',')),
  )
  const peer = fc.oneof(
    fc.constant(null),
    fc.constantFrom('10.0.0.2', '::1', '::ffff:10.1.1.1'),
    fc.ipV4(),
    fc.ipV6(),
    fc.string({ maxLength: 60 }),
  )

  test('never throws and returns an address, the peer as given, or unknown', () => {
    fc.assert(
      fc.property(peer, fc.option(header), (p, h) => {
        const client = clientAddress(p, h, TRUST)
        expect(typeof client).toBe('string')
        expect(client.length).toBeLessThanOrEqual(64)
        expect(typeof limitKeyOf(client)).toBe('string')
      }),
      { numRuns: 3000 },
    )
  })
  test('the client is the peer or one of the forwarded hops, never a trusted hop while an untrusted one is to its right', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.ipV4(), fc.constantFrom('10.1.2.3', '127.0.0.1')), {
          minLength: 1,
          maxLength: 8,
        }),
        (hops) => {
          const client = clientAddress('10.0.0.2', hops.join(', '), TRUST)
          expect(hops).toContain(client)
          const rightmostUntrusted = [...hops].reverse().find((h) => !isTrustedProxy(h, TRUST))
          expect(client).toBe(rightmostUntrusted ?? hops[0])
        },
      ),
    )
  })
  test('an IPv6 address reads back as itself, in any spelling', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const canonical = clientAddress(address, null, TRUST)
        expect(clientAddress(canonical, null, TRUST)).toBe(canonical)
        expect(clientAddress(address.toUpperCase(), null, TRUST)).toBe(canonical)
      }),
    )
  })
})
