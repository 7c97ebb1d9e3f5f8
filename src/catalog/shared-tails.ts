/**
 * A group airline that flies its parent's tail unchanged (`sharesTail`) writes no tail of its own
 * in assets/airlines.json and is given its parent's here, before validation: a redrawn parent takes
 * its group airlines with it, instead of leaving copies on the old artwork.
 */
type Loose = Record<string, unknown>
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null

/**
 * raw records, each group airline without a tail given its parent's; anything else (an unknown
 * parent, a parent without a tail, records that are not objects) is left for validation to name
 */
export function withSharedTails(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw
  const tailOf = new Map<unknown, unknown>()
  for (const r of raw)
    if (isObject(r) && isObject(r.livery) && r.livery.tail !== undefined)
      tailOf.set(r.slug, r.livery.tail)
  return raw.map((r) => {
    if (!isObject(r) || typeof r.sharesTail !== 'string' || !isObject(r.livery)) return r
    const tail = tailOf.get(r.sharesTail)
    if (r.livery.tail !== undefined || tail === undefined) return r
    return { ...r, livery: { ...r.livery, tail } }
  })
}
