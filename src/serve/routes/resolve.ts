/** GET /v1/resolve: checks user input against plane and airline names (keyed). */
import { Elysia, t } from 'elysia'
import { airlineRef, planeRef } from '../../catalog/liveries'
import type { ServiceDeps } from '../deps'
import { requireKey } from '../plugins/auth'
import { ResolveBody } from '../schemas'

export const resolveRoutes = ({ config, resolver }: ServiceDeps) =>
  new Elysia({ name: 'routes.resolve' }).use(requireKey(config.apiKeys)).get(
    '/v1/resolve',
    ({ query }) => {
      const method = query.method ?? 'raw'
      const r = query.kind === 'plane' ? resolver.plane(query.value, method) : resolver.airline(query.value, method)
      const item = r.item ? ('family' in r.item ? planeRef(r.item) : airlineRef(r.item)) : null
      return { kind: query.kind, method, value: query.value, matched: item !== null, item, candidates: r.candidates }
    },
    {
      query: t.Object({
        kind: t.Union([t.Literal('plane'), t.Literal('airline')]),
        method: t.Optional(t.Union([t.Literal('raw'), t.Literal('iata'), t.Literal('icao')])),
        value: t.String({ minLength: 1, maxLength: 200 }),
      }),
      response: { 200: ResolveBody },
      detail: { summary: 'Resolve a plane or airline selector, with candidates', tags: ['resolve'] },
    },
  )
