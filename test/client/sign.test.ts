import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageUrl, signUrl } from '../../client/src'
import { urlSigner } from '../../src/serve/signing'
import { imageOptions } from './arbitrary'

// the vector of client/README.md and README.md
const VECTOR = { keyId: 'k1', secret: 'a-test-secret-of-32-characters!!', expires: 2_000_000_000 }
const VECTOR_CANONICAL =
  '/v1/images/plane?airline=air-france&angle=345&exp=2000000000&kid=k1&plane=a320'
const VECTOR_SIG = 'eQalucMIuQt4-xsQCEQn1SoL44bXWF9BAbGyKrEQDqo'
const SECRET = 'a-client-test-secret-of-40-characters!!!'

describe('signUrl', () => {
  test('matches the documented test vector, computed here with node:crypto', async () => {
    const independent = createHmac('sha256', VECTOR.secret)
      .update(VECTOR_CANONICAL)
      .digest('base64url')
    expect(independent).toBe(VECTOR_SIG)
    const signed = await signUrl('/v1/images/plane?plane=a320&airline=air-france&angle=345', VECTOR)
    expect(signed).toBe(`${VECTOR_CANONICAL}&sig=${VECTOR_SIG}`)
    const readme = readFileSync(join(import.meta.dir, '../../client/README.md'), 'utf8')
    for (const part of [
      VECTOR_CANONICAL,
      VECTOR_SIG,
      VECTOR.secret,
      'plane=a320&airline=air-france&angle=345',
      String(VECTOR.expires),
    ])
      expect(readme).toContain(part)
  })

  test('signs as the service signs, and the service accepts what it signs', async () => {
    const service = urlSigner([{ id: 'web-1', secret: SECRET }])
    await fc.assert(
      fc.asyncProperty(
        imageOptions,
        fc.option(fc.integer({ min: 4_000_000_000, max: 999_999_999_999 })),
        async (options, expires) => {
          const url = imageUrl('', options)
          const signed = await signUrl(url, {
            keyId: 'web-1',
            secret: SECRET,
            expires: expires ?? undefined,
          })
          const query = new URLSearchParams(url.split('?')[1] ?? '')
          expect(signed).toBe(
            `/v1/images/plane?${service.sign('/v1/images/plane', query, expires)}`,
          )
          expect(service.verify(`https://images.example.com${signed}`)).toEqual({
            kind: 'valid',
            expires,
            keyId: 'web-1',
          })
        },
      ),
      { numRuns: 200 },
    )
  })

  test('agrees with the service on any query: odd names, any text, repeats, signature parameters in any case', async () => {
    const service = urlSigner([{ id: 'k', secret: SECRET }])
    const name = fc.oneof(
      fc.constantFrom(
        'plane',
        'a',
        'A',
        'sig',
        'SIG',
        'kid',
        'Exp',
        'api-key',
        'API-Key',
        'b c',
        'é',
      ),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
    )
    const pairs = fc.array(fc.tuple(name, fc.string({ unit: 'binary', maxLength: 12 })), {
      maxLength: 8,
    })
    await fc.assert(
      fc.asyncProperty(pairs, async (list) => {
        const query = new URLSearchParams(list)
        const signed = await signUrl(`/v1/images/plane?${query}`, { keyId: 'k', secret: SECRET })
        expect(signed).toBe(`/v1/images/plane?${service.sign('/v1/images/plane', query, null)}`)
        expect(service.verify(signed).kind).toBe('valid')
      }),
      { numRuns: 150 },
    )
  })

  test('one query signs to one URL however it is ordered or encoded', async () => {
    const key = { keyId: 'k', secret: SECRET }
    const a = await signUrl(
      '/v1/images/plane?airline=Singapore%20Airlines&plane=a350&angle=45',
      key,
    )
    const b = await signUrl('/v1/images/plane?angle=45&plane=a350&airline=Singapore+Airlines', key)
    expect(a).toBe(b)
    expect(a).toContain('airline=Singapore%20Airlines')
  })

  test('keeps the origin, drops a fragment, an older signature and any api-key', async () => {
    const signed = await signUrl(
      'https://images.example.com/v1/images/plane?plane=a320&api-key=secret&sig=old&kid=old&EXP=1#top',
      {
        keyId: 'k',
        secret: SECRET,
        expires: new Date('2030-01-01T00:00:00Z'),
      },
    )
    const url = new URL(signed)
    expect(url.origin + url.pathname).toBe('https://images.example.com/v1/images/plane')
    expect([...url.searchParams.keys()]).toEqual(['exp', 'kid', 'plane', 'sig'])
    expect(url.searchParams.get('exp')).toBe('1893456000')
    expect(url.hash).toBe('')
    expect(signed).not.toContain('secret')
    const canonical = '/v1/images/plane?exp=1893456000&kid=k&plane=a320'
    expect(url.searchParams.get('sig')).toBe(
      createHmac('sha256', SECRET).update(canonical).digest('base64url'),
    )
  })

  test('refuses a key id the service cannot hold, an empty secret, and an expiry in milliseconds', async () => {
    const url = '/v1/images/plane?plane=a320'
    await expect(signUrl(url, { keyId: 'has space', secret: SECRET })).rejects.toThrow(/keyId/)
    await expect(signUrl(url, { keyId: '', secret: SECRET })).rejects.toThrow(/keyId/)
    await expect(signUrl(url, { keyId: 'k', secret: '' })).rejects.toThrow(/secret/)
    await expect(signUrl(url, { keyId: 'k', secret: SECRET, expires: Date.now() })).rejects.toThrow(
      /unix seconds/,
    )
    await expect(signUrl(url, { keyId: 'k', secret: SECRET, expires: 1.5 })).rejects.toThrow(
      /unix seconds/,
    )
  })

  test('takes the secret as bytes too', async () => {
    const bytes = new TextEncoder().encode(VECTOR.secret)
    expect(
      await signUrl('/v1/images/plane?plane=a320&airline=air-france&angle=345', {
        ...VECTOR,
        secret: bytes,
      }),
    ).toEndWith(`sig=${VECTOR_SIG}`)
  })
})
