/** GET /v1/resolve: checks user input against plane and airline names (keyed). */
import { Elysia, t } from 'elysia'
import { airlineRef, planeRef } from '../../catalog/liveries'
import type { ServiceDeps } from '../deps'
import { requireKey } from '../plugins/auth'
import { parseRouteQuery } from '../../params/route-query'
import { ErrorBody, ResolveBody } from '../schemas'

const ResolveQuery = t.Object({
  kind: t.Union([t.Literal('plane'), t.Literal('airline')]),
  method: t.Union([t.Literal('raw'), t.Literal('iata'), t.Literal('icao')], {
    description: 'how to read value: raw (names, codes, typos), iata or icao',
  }),
  value: t.String({ minLength: 1, maxLength: 200 }),
})

export const resolveRoutes = ({ config, resolver }: ServiceDeps) =>
  new Elysia({ name: 'routes.resolve' }).use(requireKey(config.apiKeys)).get(
    '/v1/resolve',
    ({ query: raw }) => {
      const query = parseRouteQuery(ResolveQuery, raw)
      const method = query.method
      const r =
        query.kind === 'plane'
          ? resolver.plane(query.value, method)
          : resolver.airline(query.value, method)
      const item = r.item ? ('family' in r.item ? planeRef(r.item) : airlineRef(r.item)) : null
      return {
        kind: query.kind,
        method,
        value: query.value,
        matched: item !== null,
        item,
        candidates: r.candidates,
      }
    },
    {
      query: ResolveQuery,
      response: { 200: ResolveBody, 400: ErrorBody, 401: ErrorBody },
      detail: {
        summary: 'Resolve a plane or airline selector, with candidates',
        tags: ['resolve'],
      },
    },
  )
