/**
 * Pre-rendering the default assets (1280 px, contain, zoom 1, margin 8) for every
 * livery, angle and gear the manifest lists. One render per (plane, livery, angle,
 * gear), encoded to each file type; what the store already has is skipped, so an
 * interrupted bake resumes where it stopped (puts are atomic).
 */
import { liveriesFor, type LiveryAvailability } from '../../catalog/liveries'
import type { Catalog } from '../../catalog/load'
import type { Airline, Angle, Gear, Plane } from '../../catalog/types'
import type { Filetype } from '../../params/image-options'
import type { AssetStore } from '../../store'
import { PRERENDER_FRAMING, assetKey } from '../request/asset-key'
import { renderPrerendered } from '../sources/assets'
import { encode } from '../pixels/encode'
import type { Renderer } from '../pixels/renderer'

export interface BakeJob {
  plane: Plane
  airline: Airline | null
  livery: LiveryAvailability
  angle: Angle
  gear: Gear
}

export const ALL_FILETYPES: Filetype[] = ['png', 'jpg', 'webp']

/** Every pre-rendered view of the filtered planes and airlines; blanks only when no airline filter is given. */
export function bakeJobs(
  catalog: Catalog,
  filter: { planes?: Plane[]; airlines?: Airline[] } = {},
): BakeJob[] {
  const jobs: BakeJob[] = []
  for (const plane of filter.planes ?? catalog.planes) {
    const owners: (Airline | null)[] = filter.airlines ?? [null, ...catalog.airlines]
    for (const airline of owners) {
      const liveries = liveriesFor(catalog, plane, airline).filter((l) =>
        airline ? l.liveryType !== 'blank' : true,
      )
      for (const livery of liveries)
        for (const angle of livery.angles)
          for (const gear of livery.gears) jobs.push({ plane, airline, livery, angle, gear })
    }
  }
  return jobs
}

export const jobKey = (job: BakeJob, filetype: Filetype) =>
  assetKey(
    {
      plane: job.plane.slug,
      airline: job.airline?.slug ?? null,
      liveryType: job.livery.liveryType,
      angle: job.angle,
      gear: job.gear,
    },
    PRERENDER_FRAMING,
    filetype,
  )

/** Renders one view once and stores each missing file type; returns how many files it wrote. */
export async function bakeOne(
  store: AssetStore,
  renderer: Renderer,
  job: BakeJob,
  filetypes: Filetype[] = ALL_FILETYPES,
): Promise<number> {
  const missing: Filetype[] = []
  for (const f of filetypes) if (!(await store.has(jobKey(job, f)))) missing.push(f)
  if (!missing.length) return 0
  const raster = await renderPrerendered(renderer, job)
  await Promise.all(missing.map(async (f) => store.put(jobKey(job, f), await encode(raster, f))))
  return missing.length
}
