/**
 * The emblem vocabulary (assets/emblems/emblems.json), checked with the catalog at start: each shape
 * against its schema, and every emblem and mark a livery places against the vocabulary. The renderer
 * draws an unknown or colourless shape as nothing, silently: here it stops the start instead.
 */
import { Type as T, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Slug } from './schema'
import type { LiveryDesign } from './types'

/**
 * A shape: what it depicts, and its layers in a 100 x 100 box, each an SVG path in the commands the
 * renderer parses (absolute M L H V C Q A Z) filled with the placement's colour of index c.
 * facing: how the two sides of a fin show it. nose (the default): drawn with its front to the left,
 * it faces the nose on both sides, as airlines paint a kangaroo or a bird (the right side's is its
 * mirror image); reader: never mirrored, it reads the same from both sides (letters, a b of dots).
 */
export const EmblemShapeSchema = T.Object({
  subject: T.String({ minLength: 1 }),
  facing: T.Optional(T.Union([T.Literal('nose'), T.Literal('reader')])),
  layers: T.Array(
    T.Object({
      d: T.String({ pattern: '^\\s*M[MLHVCQAZ0-9.eE+\\-\\s,]*$' }),
      c: T.Integer({ minimum: 0 }),
      rule: T.Optional(T.Literal('evenodd')),
    }),
    { minItems: 1 },
  ),
})
export type EmblemShape = Static<typeof EmblemShapeSchema>

/** the names of the shapes, with a problem for each invalid one (named still: its placements are not also missing) */
export function checkVocabulary(raw: unknown, problems: string[]): Set<string> {
  const names = new Set<string>()
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    problems.push('emblems: expected an object of shapes by name')
    return names
  }
  for (const [name, shape] of Object.entries(raw)) {
    if (!Value.Check(Slug, name)) problems.push(`emblems: "${name}" is not a slug`)
    for (const e of Value.Errors(EmblemShapeSchema, shape))
      problems.push(`emblems (${name}): ${e.path || '/'} ${e.message}`)
    names.add(name)
  }
  return names
}

/** a problem for each emblem or mark of the design that names no shape or gives it no colour */
export function checkPlacements(
  label: string,
  design: LiveryDesign,
  names: ReadonlySet<string>,
  problems: string[],
): void {
  const placed = [
    ...(design.tail.emblems ?? []).map((e) => ['tail emblem', e] as const),
    ...(design.marks ?? []).map((m) => ['mark', m] as const),
    ...(design.engineEmblem ? [['engine emblem', design.engineEmblem] as const] : []),
    ...(design.wingletEmblem ? [['winglet emblem', design.wingletEmblem] as const] : []),
  ]
  for (const [where, e] of placed) {
    if (!names.has(e.shape))
      problems.push(`${label}: ${where} "${e.shape}" is not in assets/emblems/emblems.json`)
    if (e.colors.length === 0)
      problems.push(`${label}: ${where} "${e.shape}" has no colour (it would draw nothing)`)
  }
}
