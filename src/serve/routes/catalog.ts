/** GET /v1/catalog/{planes,airlines,liveries}: keyed listings of the catalog. */
import { Elysia, t } from 'elysia'
import { airlineRef, liveriesFor, planeRef } from '../../catalog/liveries'
import type { ServiceDeps } from '../deps'
import { requireKey } from '../plugins/auth'
import {
  AirlineItem,
  AirlineRef,
  LiveryEntry,
  NotFoundBody,
  Paging,
  PlaneItem,
  PlaneRef,
  page,
} from '../schemas'
import { parseRouteQuery } from '../../params/route-query'
import { airlineOr404, planeOr404 } from './lookup'

function paginate<T>(all: readonly T[], query: Record<string, unknown>) {
  const { limit = 50, offset = 0 } = parseRouteQuery(Paging, query)
  return { total: all.length, limit, offset, items: all.slice(offset, offset + limit) }
}

const AirlinesQuery = t.Composite([
  Paging,
  t.Object({ plane: t.Optional(t.String({ minLength: 1, description: 'aircraft selector' })) }),
])
const LiveriesQuery = t.Object({
  plane: t.String({ minLength: 1 }),
  airline: t.String({ minLength: 1 }),
})

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
          query,
        ),
      {
        query: Paging,
        response: { 200: page(PlaneItem) },
        detail: { summary: 'List aircraft models', tags: ['catalog'] },
      },
    )
    .get(
      '/airlines',
      ({ query: raw }) => {
        const query = parseRouteQuery(AirlinesQuery, raw)
        const plane = query.plane ? planeOr404(resolver, query.plane) : null
        const airlines = plane
          ? catalog.airlines.filter((a) => catalog.operates(a, plane))
          : catalog.airlines
        return paginate(
          airlines.map((a) => ({
            slug: a.slug,
            name: a.name,
            iata: a.iata,
            icao: a.icao,
            country: a.country,
          })),
          raw,
        )
      },
      {
        query: AirlinesQuery,
        response: { 200: page(AirlineItem), 404: NotFoundBody },
        detail: {
          summary: 'List airlines, optionally those operating one model',
          tags: ['catalog'],
        },
      },
    )
    .get(
      '/liveries',
      ({ query: raw }) => {
        const query = parseRouteQuery(LiveriesQuery, raw)
        const plane = planeOr404(resolver, query.plane)
        const airline = airlineOr404(resolver, query.airline)
        return {
          plane: planeRef(plane),
          airline: airlineRef(airline),
          liveries: liveriesFor(catalog, plane, airline).map(
            ({ liveryType, name, angles, gears }) => ({
              liveryType,
              name,
              angles,
              gears,
            }),
          ),
        }
      },
      {
        query: LiveriesQuery,
        response: {
          200: t.Object({ plane: PlaneRef, airline: AirlineRef, liveries: t.Array(LiveryEntry) }),
          404: NotFoundBody,
        },
        detail: {
          summary: 'Livery types available for a (plane, airline) pair',
          tags: ['catalog'],
        },
      },
    )
