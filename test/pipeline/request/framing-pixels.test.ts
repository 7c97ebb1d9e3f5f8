/**
 * Every framing rule checked on the drawn pixels of real compositions (framing-grid.ts), on four
 * models: two drawn here and two at the same time on a worker thread, so the grid takes the time
 * of half of it on two cores.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { ANGLES } from '../../../src/catalog/types'
import { definedScale, disagreement, expectedBox, gridProblems } from './framing-grid'
import { catalog, drawn, request } from './framing-support'

// the default fleet reference; the 777-9 is longer than it, the 787-9 and A220 shorter
const HERE = ['airbus-a220-100', 'boeing-787-9']
const THERE = ['boeing-777-9', 'airbus-a380-800']

const worker = new Worker(new URL('./framing-grid-worker.ts', import.meta.url))
const answers = new Map<
  string,
  { resolve: (problems: string[]) => void; reject: (e: unknown) => void }
>()
worker.onmessage = (e: MessageEvent<{ plane: string; problems: string[] }>) =>
  answers.get(e.data.plane)?.resolve(e.data.problems)
// a grid that throws on the worker fails its tests at once instead of leaving them waiting
worker.onerror = (e) => {
  for (const a of answers.values()) a.reject(e.message)
}
const there = new Map(
  THERE.map((plane) => [
    plane,
    new Promise<string[]>((resolve, reject) => answers.set(plane, { resolve, reject })),
  ]),
)
for (const plane of THERE) worker.postMessage({ plane })
afterAll(() => worker.terminate())

const name = (plane: string) =>
  `${plane}: every angle x contain/fill x none/fleet/absolute x margin x zoom draws what the rule defines`

describe('framing on the drawn pixels', () => {
  for (const plane of HERE)
    test(name(plane), async () => expect(await gridProblems(plane)).toEqual([]), 60_000)
  for (const plane of THERE)
    test(name(plane), async () => expect(await there.get(plane)).toEqual([]), 60_000)

  test('fleet gives a shorter reference its length across the margin box, and a longer model more', async () => {
    const reference = catalog.plane('boeing-787-9')!
    const bad: string[] = []
    for (const plane of ['airbus-a380-800', 'airbus-a220-100', 'boeing-787-9'])
      for (const angle of ANGLES) {
        const d = await drawn(
          request(plane, { angle, scale: 'fleet', referencePlane: reference.slug }),
        )
        const wrong = disagreement(
          d,
          expectedBox(plane, angle, definedScale(plane, angle, 'fleet', 8, reference)),
        )
        if (wrong) bad.push(`${plane} ${angle}: ${wrong}`)
      }
    expect(bad).toEqual([])
  })
})
