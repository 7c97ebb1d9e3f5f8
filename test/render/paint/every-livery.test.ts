import { describe, expect, test } from 'bun:test'
import { availableParallelism } from 'node:os'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { decide } from '../../../src/pipeline/request/cascade'
import { DISTINCT, DISTINCT_345, DISTINCT_SIDE_ON, nearIdentical } from './tail-measure'
import type { Answer, Job } from './every-livery.worker'

/**
 * Every (airline, model) base livery of the catalog, as the service would serve it: the cascade
 * decides the airline's base livery (no fallback), a card of it draws (every model the airline
 * flies, at 90, 256 px wide), each emblem and mark changes the picture, and no two airlines' tails
 * are near-identical side-on (90) or where a 345 card shows the fin. The drawing runs in one worker
 * per core (every-livery.worker.ts): about 30 s of CPU for 325 airlines and 1,081 cards, some 15 s on
 * two idle cores.
 */
const catalog = loadEmbeddedCatalog()
const pairs = catalog.airlines.flatMap((a) =>
  a.fleet.map((slug) => ({ airline: a, plane: catalog.plane(slug)! })),
)

/** hands the airlines to the workers one at a time, the largest fleets first so none idles at the end */
async function drawEverything(): Promise<Map<string, Answer>> {
  const queue = [...catalog.airlines]
    .sort((a, b) => b.fleet.length - a.fleet.length)
    .map((a) => a.slug)
  const answers = new Map<string, Answer>()
  const workers = Array.from(
    { length: Math.max(1, Math.min(4, availableParallelism())) },
    () => new Worker(new URL('./every-livery.worker.ts', import.meta.url).href),
  )
  try {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const slug = queue.shift()
              if (slug) w.postMessage({ slug } satisfies Job)
              else resolve()
            }
            w.onmessage = (e: MessageEvent<Answer>) => {
              answers.set(e.data.slug, e.data)
              next()
            }
            w.onerror = (e) => reject(new Error(`worker: ${e.message}`))
            next()
          }),
      ),
    )
  } finally {
    for (const w of workers) w.terminate()
  }
  return answers
}

describe('every base livery', () => {
  test("the cascade serves each (airline, model) pair its airline's base livery, with no fallback", () => {
    const wrong = pairs.flatMap(({ airline, plane }) => {
      const d = decide(catalog, catalog.largestPlane(), {
        plane,
        airlineRequested: true,
        airline,
        liveryType: 'base',
        angle: '90',
        gear: 'down',
      })
      const ok =
        d.state === 'livery' &&
        d.fallbackReason === null &&
        d.livery.liveryType === 'base' &&
        d.livery.design === airline.livery &&
        d.plane === plane
      return ok
        ? []
        : [
            `${airline.slug} on ${plane.slug}: ${d.state} ${d.livery.liveryType} (${d.fallbackReason})`,
          ]
    })
    expect(pairs.length).toBe(catalog.airlines.reduce((n, a) => n + a.fleet.length, 0))
    expect(wrong).toEqual([])
  })

  test('draws every pair, every emblem and mark in sight, and no two tails alike at 90 or at 345', {
    timeout: 120_000,
  }, async () => {
    const answers = await drawEverything()
    const slugs = catalog.airlines.map((a) => a.slug)
    // group airlines that fly their parent's tail (sharesTail) are alike it, and each other, by fact
    const owner = new Map(catalog.airlines.map((a) => [a.slug, a.sharesTail ?? a.slug]))
    // a reported pair "a ~ b (distance)" without its distance
    const pairOf = (p: string) => p.replace(/ \(.*$/, '')
    const undeclared = (p: string) => {
      const [a, b] = pairOf(p).split(' ~ ')
      return owner.get(a) !== owner.get(b)
    }
    expect(slugs.filter((s) => !answers.has(s))).toEqual([])
    const got = slugs.map((s) => answers.get(s)!)
    expect(got.flatMap((a) => a.problems)).toEqual([])
    expect(got.reduce((n, a) => n + a.cards, 0)).toBe(pairs.length)
    // a pair fails when its tails read alike in both views: at 345 the lens turns the fin almost edge-on,
    // where tails of one base colour differ by a sliver, so that view alone cannot tell them apart
    const at345 = new Set(
      nearIdentical(
        slugs,
        got.map((a) => a.t345),
        DISTINCT_345,
      ).map(pairOf),
    )
    const alike = nearIdentical(
      slugs,
      got.map((a) => a.t90),
      DISTINCT,
    ).filter((p) => at345.has(pairOf(p)) && undeclared(p))
    expect(alike).toEqual([])
    // and side-on alone, where the fin is whole, no two tails are interchangeable
    expect(
      nearIdentical(
        slugs,
        got.map((a) => a.t90),
        DISTINCT_SIDE_ON,
      ).filter(undeclared),
    ).toEqual([])
  })
})
