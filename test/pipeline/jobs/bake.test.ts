import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { bakeJobs, bakeOne, jobKey } from '../../../src/pipeline/jobs/bake'
import { defaultRenderer, type Renderer } from '../../../src/pipeline/pixels/renderer'
import { tempStore } from '../../support/app'

const catalog = loadEmbeddedCatalog()
const a320 = catalog.plane('airbus-a320-200')!
const af = catalog.airline('air-france')!

describe('bake', () => {
  test('lists every angle and gear of the base livery for a pair', () => {
    const jobs = bakeJobs(catalog, { planes: [a320], airlines: [af] })
    expect(jobs).toHaveLength(20)
    expect(new Set(jobs.map((j) => j.livery.liveryType))).toEqual(new Set(['base']))
  })
  test('lists blanks and every operator when unfiltered, and only the existing angles of special liveries', () => {
    const s = catalog.specials.find((x) => x.angles.length < 10)!
    const plane = catalog.plane(s.plane)!
    const jobs = bakeJobs(catalog, { planes: [plane] })
    const operators = catalog.airlines.filter((a) => a.fleet.includes(plane.slug)).length
    const specials = catalog.specials.filter((x) => x.plane === plane.slug)
    const specialViews = specials.reduce((n, x) => n + x.angles.length * x.gears.length, 0)
    expect(jobs).toHaveLength(20 + operators * 20 + specialViews)
    expect(
      jobs.filter((j) => j.livery.liveryType === s.liveryType && j.airline?.slug === s.airline),
    ).toHaveLength(s.angles.length * s.gears.length)
  })
  test('writes every file type once and skips current assets when run again (resume)', async () => {
    const store = tempStore()
    let renders = 0
    const renderer: Renderer = {
      measure: defaultRenderer.measure,
      render: (s) => (renders++, defaultRenderer.render(s)),
    }
    const jobs = bakeJobs(catalog, { planes: [a320], airlines: [af] }).slice(0, 3)
    // an interrupted bake: only the first job got done
    expect(await bakeOne(store, renderer, jobs[0])).toBe(3)
    let wrote = 0
    for (const job of jobs) wrote += await bakeOne(store, renderer, job)
    expect(wrote).toBe(6)
    expect(renders).toBe(3)
    for (const job of jobs)
      for (const f of ['png', 'jpg', 'webp'] as const)
        expect(await store.has(jobKey(job, f))).toBe(true)
  }, 30_000) // nine encodes at 1280 px, three of them webp: over 5 s on a busy 2-core machine
  test('re-renders only the file type that went missing', async () => {
    const store = tempStore()
    const [job] = bakeJobs(catalog, { planes: [a320], airlines: [af] })
    await bakeOne(store, defaultRenderer, job)
    await store.delete(jobKey(job, 'webp'))
    expect(await bakeOne(store, defaultRenderer, job)).toBe(1)
  }, 30_000)
})
