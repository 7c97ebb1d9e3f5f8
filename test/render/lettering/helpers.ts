/** A side of a model's fuselage in a livery, as the title painter sees it. */
import { airlineRecords } from '../../../src/catalog/airline-records'
import type { Airline } from '../../../src/catalog/types'
import { modelOf } from '../../../src/render/parts/model'
import type { Side, SideFrame } from '../../../src/render/paint/fuselage'
import { schemeOf } from '../../../src/render/paint/scheme'
import { plane } from '../helpers'

export const AIRLINES = airlineRecords

export function airline(slug: string): Airline {
  const a = AIRLINES.find((x) => x.slug === slug)
  if (!a) throw new Error(`no airline ${slug}`)
  return a
}

export function frameOf(planeSlug: string, airlineSlug: string, side: Side = 'L'): SideFrame {
  const model = modelOf(plane(planeSlug), 'down')
  return {
    L: model.fus.L,
    H: model.fus.H,
    model,
    scheme: schemeOf(airline(airlineSlug).livery),
    side,
    k: 40,
    panels: false,
  }
}
