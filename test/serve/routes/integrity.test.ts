/**
 * A stored asset damaged inside (not just truncated) is never served nor used as a
 * source: it is a logged miss, rendered again, and the fresh render replaces it.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { captureLogs } from '../../../src/log'
import { LocalStore } from '../../../src/store'
import { integrityProblem } from '../../../src/store/integrity'
import { flipped, flippedIdat } from '../../store/fixtures'
import { makeApp, withKey } from '../../support/app'

const roots: string[] = []
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })))

function sharedStore() {
  const root = mkdtempSync(join(tmpdir(), 'integrity-'))
  roots.push(root)
  return { root, store: new LocalStore(root) }
}

/** Stores the asset of `query` through one app, damages it on disk, and asks a second app (cold memory) for it. */
async function damagedThenRequested(
  query: string,
  damage: (b: Uint8Array) => Uint8Array,
  authorized = true,
) {
  const { root, store } = sharedStore()
  const first = await makeApp({}, { store })
  expect((await first.request(query, withKey())).status).toBe(200)
  await first.parts.writes.settled()
  const ext = /filetype=(jpg|webp)/.exec(query)?.[1] ?? 'png'
  const [key] = (await store.list('assets/')).filter(
    (k) => k.endsWith(`.${ext}`) && !k.includes('watermarked/'),
  )
  const good = new Uint8Array(readFileSync(join(root, key)))
  writeFileSync(join(root, key), damage(good))
  const second = await makeApp({}, { store })
  const logs = captureLogs()
  let res: Response
  try {
    res = await second.request(query, authorized ? withKey() : {})
  } finally {
    logs.restore()
  }
  const served = new Uint8Array(await res.arrayBuffer())
  await second.parts.writes.settled()
  const after = new Uint8Array(readFileSync(join(root, key)))
  return { res, served, good, after, key, lines: logs.lines }
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))
const corruptLine = (lines: string[], key: string) =>
  lines.some((l) => l.includes('store asset is corrupt') && l.includes(key))

describe('a stored asset damaged inside', () => {
  test.each([
    [
      'png, bytes flipped inside IDAT',
      '/v1/images/plane?plane=a320&airline=lufthansa&angle=345',
      flippedIdat,
    ],
    [
      'jpg, bytes flipped in the scan',
      '/v1/images/plane?plane=a320&airline=lufthansa&angle=345&filetype=jpg',
      (b: Uint8Array) => flipped(b),
    ],
    [
      'webp, bytes flipped in the bitstream',
      '/v1/images/plane?plane=a320&airline=lufthansa&angle=345&filetype=webp',
      (b: Uint8Array) => flipped(b),
    ],
  ])(
    '%s: is not served, is rendered again with a log line, and is replaced',
    async (_, query, damage) => {
      const { res, served, good, after, key, lines } = await damagedThenRequested(query, damage)
      expect(res.status).toBe(200)
      expect(same(served, good)).toBe(true) // the fresh render, identical to the first
      expect(corruptLine(lines, key)).toBe(true)
      expect(same(after, good)).toBe(true) // the bad object was replaced
    },
  )

  test('is not used to build a watermarked image for a caller without a key', async () => {
    const query = '/v1/images/plane?plane=a350-900&airline=qantas&angle=90'
    const { res, served, key, lines } = await damagedThenRequested(query, flippedIdat, false)
    expect(res.status).toBe(200)
    expect(res.headers.get('x-image-source')).toBe('watermark-overlay')
    expect(corruptLine(lines, key)).toBe(true)
    expect(integrityProblem('x.png', served)).toBeNull()
    // the same request on an undamaged store gives the very same picture
    const clean = await makeApp({}, { store: sharedStore().store })
    const expected = new Uint8Array(await (await clean.request(query)).arrayBuffer())
    expect(same(served, expected)).toBe(true)
  })
})
