/** GET /v1/catalog/{planes,airlines,liveries}: keyed listings of the catalog. */
import { Elysia, t } from 'elysia'
import { airlineRef, liveriesFor, planeRef } from '../../catalog/liveries'
import type { ServiceDeps } from '../deps'
import { requireKey } from '../plugins/auth'
import { AirlineItem, AirlineRef, LiveryEntry, NotFoundBody, Paging, PlaneItem, PlaneRef, page } from '../schemas'
import { airlineOr404, planeOr404 } from './lookup'

function paginate<T>(all: readonly T[], limit = 50, offset = 0) {
  return { total: all.length, limit, offset, items: all.slice(offset, offset + limit) }
}

export const catalogRoutes = ({ config, catalog, resolver }: ServiceDeps) =>
  new Elysia({ name: 'routes.catalog', prefix: '/v1/catalog' })
    .use(requireKey(config.apiKeys))
    .get(
      '/planes',
      ({ query }) =>
        paginate(
          catalog.planes.map((p) => ({
            slug: p.slug,
            name: p.name,
            manufacturer: p.manufacturer,
            family: p.family,
            iata: p.iata,
            icao: p.icao,
            lengthM: p.lengthM,
            wingspanM: p.wingspanM,
          })),
          query.limit,
          query.offset,
        ),
      { query: Paging, response: { 200: page(PlaneItem) }, detail: { summary: 'List aircraft models', tags: ['catalog'] } },
    )
    .get(
      '/airlines',
      ({ query }) => {
        const plane = query.plane ? planeOr404(resolver, query.plane) : null
        const airlines = plane ? catalog.airlines.filter((a) => catalog.operates(a, plane)) : catalog.airlines
        return paginate(
          airlines.map((a) => ({ slug: a.slug, name: a.name, iata: a.iata, icao: a.icao, country: a.country })),
          query.limit,
          query.offset,
        )
      },
      {
        query: t.Composite([Paging, t.Object({ plane: t.Optional(t.String({ description: 'aircraft selector' })) })]),
        response: { 200: page(AirlineItem), 404: NotFoundBody },
        detail: { summary: 'List airlines, optionally those operating one model', tags: ['catalog'] },
      },
    )
    .get(
      '/liveries',
      ({ query }) => {
        const plane = planeOr404(resolver, query.plane)
        const airline = airlineOr404(resolver, query.airline)
        return {
          plane: planeRef(plane),
          airline: airlineRef(airline),
          liveries: liveriesFor(catalog, plane, airline).map(({ liveryType, name, angles, gears }) => ({
            liveryType,
            name,
            angles,
            gears,
          })),
        }
      },
      {
        query: t.Object({ plane: t.String({ minLength: 1 }), airline: t.String({ minLength: 1 }) }),
        response: {
          200: t.Object({ plane: PlaneRef, airline: AirlineRef, liveries: t.Array(LiveryEntry) }),
          404: NotFoundBody,
        },
        detail: { summary: 'Livery types available for a (plane, airline) pair', tags: ['catalog'] },
      },
    )
