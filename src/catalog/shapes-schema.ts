/**
 * The schema of assets/shapes.json, the per-model proportions the renderer reads
 * (render/parts/shape.ts says what each field means). Checked where the catalog is built:
 * a model without an entry would silently borrow a sibling's shape, and a field spelt wrong
 * would silently draw its default, so both fail the start instead.
 */
import { Type as T, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { oneOf } from './schema'
import type { Plane } from './types'

/** 0..1 of a length: the body (from the nose tip), the semispan, the fuselage height */
const fraction = T.Number({ minimum: 0, maximum: 1 })
/** metres, more than nothing and at most `max` */
const metres = (max: number) => T.Number({ exclusiveMinimum: 0, maximum: max })
const degrees = (min: number, max: number) => T.Number({ minimum: min, maximum: max })
const strict = { additionalProperties: false }

export const COCKPIT_STYLES = [
  'airbus',
  'a330',
  'a350',
  'a380',
  'a220',
  'boeing',
  'b737ng',
  'b777',
  'b747',
  'b787',
] as const

export const PlaneShapeSchema = T.Object(
  {
    nose: T.Object(
      {
        length: metres(30),
        bottomLength: metres(30),
        widthLength: metres(30),
        tipHeight: fraction,
        bluntness: T.Number({ minimum: 1, maximum: 4 }),
        cockpit: oneOf(COCKPIT_STYLES),
        crown: T.Optional(T.Array(T.Tuple([fraction, fraction]), { minItems: 1, maxItems: 8 })),
      },
      strict,
    ),
    tail: T.Object(
      { length: metres(40), endHeight: fraction, endWidth: fraction, endZ: fraction },
      strict,
    ),
    bellyClearance: metres(5),
    hump: T.Optional(
      T.Object(
        {
          length: metres(80),
          height: metres(5),
          narrow: fraction,
          fairing: T.Optional(metres(30)),
        },
        strict,
      ),
    ),
    wing: T.Object(
      {
        rootLE: fraction,
        rootChord: metres(30),
        kink: fraction,
        kinkChord: metres(30),
        tipChord: metres(10),
        dihedral: degrees(-10, 15),
        height: fraction,
        thickness: fraction,
        device: T.Number({ minimum: 0, maximum: 10 }),
        flex: T.Optional(T.Number({ minimum: 0, maximum: 5 })),
        fold: T.Optional(metres(10)),
      },
      strict,
    ),
    stab: T.Object(
      {
        rootLE: fraction,
        semiSpan: metres(30),
        rootChord: metres(20),
        tipChord: metres(10),
        sweep: degrees(0, 60),
        dihedral: degrees(-10, 15),
        height: fraction,
      },
      strict,
    ),
    fin: T.Object(
      { rootLE: fraction, rootChord: metres(25), tipChord: metres(10), sweep: degrees(0, 60) },
      strict,
    ),
    engines: T.Object(
      {
        span: T.Array(fraction, { minItems: 1, maxItems: 2 }),
        length: T.Number({ minimum: 1, maximum: 4 }), // nacelle length over its diameter
        overhang: fraction,
        drop: T.Number({ minimum: -1, maximum: 2 }), // m; negative: the nacelle tucked into the wing
        flatBottom: T.Optional(T.Boolean()),
        chevrons: T.Optional(T.Boolean()),
        cowl: T.Optional(fraction),
        taper: T.Optional(fraction),
        longDuct: T.Optional(T.Boolean()),
      },
      strict,
    ),
    gear: T.Object(
      {
        nose: fraction,
        main: fraction,
        track: metres(10),
        bodyTrack: T.Number({ minimum: 0, maximum: 10 }),
        bodyMain: fraction,
        wheel: metres(3),
      },
      strict,
    ),
    windows: T.Object(
      {
        from: fraction,
        to: fraction,
        pitch: metres(2),
        height: fraction,
        w: metres(1),
        h: metres(1),
        upper: T.Optional(T.Object({ from: fraction, to: fraction, height: fraction }, strict)),
      },
      strict,
    ),
    doors: T.Array(fraction, { minItems: 1 }),
    fairing: T.Object({ from: fraction, to: fraction, depth: metres(2) }, strict),
  },
  strict,
)

export const ShapesSchema = T.Record(T.String(), PlaneShapeSchema)
export type PlaneShapeRecord = Static<typeof PlaneShapeSchema>

/** what the schema cannot say: one entry per plane, and the facts the renderer pairs with the Plane record */
function crossCheck(slug: string, shape: PlaneShapeRecord, plane: Plane): string[] {
  const problems: string[] = []
  const at = `shapes (${slug})`
  // the renderer hangs span[i] on each side for count / 2 engines: a missing one is an engine not drawn
  if (shape.engines.span.length !== plane.engines.count / 2)
    problems.push(
      `${at}: engines.span has ${shape.engines.span.length} entries for ${plane.engines.count} engines`,
    )
  if ((plane.upperDeck === 'hump') !== (shape.hump !== undefined))
    problems.push(
      `${at}: hump is ${shape.hump ? 'set' : 'missing'} for upperDeck ${plane.upperDeck}`,
    )
  if (shape.windows.from >= shape.windows.to)
    problems.push(`${at}: windows.from is not before windows.to`)
  if (shape.fairing.from >= shape.fairing.to)
    problems.push(`${at}: fairing.from is not before fairing.to`)
  return problems
}

/** every problem of shapes.json against the catalog's planes; none when it is sound */
export function checkShapes(shapes: unknown, planes: readonly Plane[]): string[] {
  if (!Value.Check(T.Record(T.String(), T.Unknown()), shapes))
    return ['shapes: expected an object keyed by plane slug']
  const table = shapes as Record<string, unknown>
  const bySlug = new Map(planes.map((p) => [p.slug, p]))
  const problems: string[] = []
  for (const p of planes)
    if (!(p.slug in table)) problems.push(`shapes: no entry for plane "${p.slug}"`)
  for (const [slug, shape] of Object.entries(table)) {
    const plane = bySlug.get(slug)
    if (!plane) problems.push(`shapes: entry for unknown plane "${slug}"`)
    const errors = [...Value.Errors(PlaneShapeSchema, shape)].map(
      (e) => `shapes (${slug}): ${e.path || '/'} ${e.message}`,
    )
    problems.push(...errors)
    if (plane && errors.length === 0)
      problems.push(...crossCheck(slug, shape as PlaneShapeRecord, plane))
  }
  return problems
}
