/** Selector lookups shared by the JSON routes: a miss is a 404 that lists candidates. */
import type { Resolver } from '../../catalog/resolve'
import { ApiError } from '../../errors'

export function planeOr404(resolver: Resolver, value: string) {
  const r = resolver.plane(value)
  if (!r.item)
    throw new ApiError(404, {
      error: 'plane not found',
      requested: value,
      candidates: r.candidates,
    })
  return r.item
}

export function airlineOr404(resolver: Resolver, value: string) {
  const r = resolver.airline(value)
  if (!r.item)
    throw new ApiError(404, {
      error: 'airline not found',
      requested: value,
      candidates: r.candidates,
    })
  return r.item
}
