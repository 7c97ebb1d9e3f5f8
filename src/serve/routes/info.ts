/** GET /v1/info/planes/:slug and /v1/info/airlines/:slug: full records (keyed). */
import { Elysia, t } from 'elysia'
import { ApiError } from '../../errors'
import type { ServiceDeps } from '../deps'
import { requireKey } from '../plugins/auth'
import { AirlineInfo, NotFoundBody, PlaneInfo } from '../schemas'

export const infoRoutes = ({ config, catalog, resolver }: ServiceDeps) =>
  new Elysia({ name: 'routes.info', prefix: '/v1/info' })
    .use(requireKey(config.apiKeys))
    .get(
      '/planes/:slug',
      ({ params }) => {
        const plane = catalog.plane(params.slug.toLowerCase())
        if (!plane)
          throw new ApiError(404, {
            error: 'plane not found',
            requested: params.slug,
            candidates: resolver.plane(params.slug).candidates,
          })
        return {
          ...plane,
          operators: catalog.airlines.filter((a) => catalog.operates(a, plane)).map((a) => a.slug),
        }
      },
      {
        params: t.Object({ slug: t.String() }),
        response: { 200: PlaneInfo, 404: NotFoundBody },
        detail: {
          summary: 'A model with its real dimensions (metres), engines, gear, seats',
          tags: ['info'],
        },
      },
    )
    .get(
      '/airlines/:slug',
      ({ params }) => {
        const airline = catalog.airline(params.slug.toLowerCase())
        if (!airline)
          throw new ApiError(404, {
            error: 'airline not found',
            requested: params.slug,
            candidates: resolver.airline(params.slug).candidates,
          })
        const specials = catalog.specials.filter((s) => s.airline === airline.slug)
        return {
          slug: airline.slug,
          name: airline.name,
          iata: airline.iata,
          icao: airline.icao,
          callsign: airline.callsign,
          country: airline.country,
          countryCode: airline.countryCode,
          continent: airline.continent,
          alliance: airline.alliance,
          fleet: airline.fleet,
          liveries: [
            ...airline.fleet.map((plane) => ({
              plane,
              liveryType: 'base',
              name: airline.liveryName,
            })),
            ...specials.map((s) => ({ plane: s.plane, liveryType: s.liveryType, name: s.name })),
          ],
        }
      },
      {
        params: t.Object({ slug: t.String() }),
        response: { 200: AirlineInfo, 404: NotFoundBody },
        detail: { summary: 'An airline with its codes, fleet and liveries', tags: ['info'] },
      },
    )
