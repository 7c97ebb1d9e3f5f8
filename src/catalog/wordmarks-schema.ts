/**
 * The schema of assets/wordmarks.json: each airline's titles as lettering of our own (the glyph
 * skeletons of src/render/lettering bent by a style), its colours, its own letters where the real
 * wordmark's shapes differ, a second part in another script, and where the scheme puts it. A livery
 * names its entry in `titles.wordmark`; without one the titles' own fields choose a style.
 */
import { Type as T, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { HexColour, oneOf, Slug } from './schema'

const strict = { additionalProperties: false }
const num = (minimum: number, maximum: number) => T.Number({ minimum, maximum })

/** the lettering families a style starts from (src/render/lettering/style.ts PRESETS) */
export const LETTER_PRESETS = [
  'grotesk',
  'grotesk-bold',
  'heavy',
  'rounded',
  'geometric',
  'condensed',
  'serif',
  'serif-bold',
  'slab',
  'italic',
  'script',
] as const

const BarSchema = T.Object(
  {
    y: num(-60, 160),
    from: num(0, 1),
    to: num(0, 1),
    weight: num(1, 40),
    colour: T.Optional(T.Integer({ minimum: 0, maximum: 7 })),
    bend: T.Optional(num(-60, 60)),
  },
  strict,
)

/** every field but preset changes the preset's value; em units: the cap height is 100 */
export const LetterStyleSchema = T.Object(
  {
    preset: T.Optional(oneOf(LETTER_PRESETS)),
    weight: T.Optional(num(4, 34)),
    slant: T.Optional(num(-5, 30)),
    width: T.Optional(num(0.5, 1.8)),
    case: T.Optional(oneOf(['as-is', 'upper', 'lower'] as const)),
    serif: T.Optional(oneOf(['sans', 'serif', 'slab'] as const)),
    terminals: T.Optional(oneOf(['round', 'square'] as const)),
    tracking: T.Optional(num(-20, 60)),
    contrast: T.Optional(num(0, 0.8)),
    xHeight: T.Optional(num(0.5, 0.9)),
    geometric: T.Optional(T.Boolean()),
    connect: T.Optional(T.Boolean()),
    bars: T.Optional(T.Array(BarSchema)),
  },
  strict,
)

/** where the title goes, as the real scheme puts it */
const PlacementFields = {
  /** the title's length over the fuselage's length */
  length: T.Optional(num(0.03, 0.8)),
  /** its forward end, aft of the first door, as a share of the fuselage length (may be negative) */
  start: T.Optional(num(-0.2, 0.7)),
  /** its centre along the fuselage, a share of the length from the nose (wins over start) */
  x: T.Optional(num(0, 1)),
  /**
   * above: the baseline on the windows' top (letters may dip over them when the room is short);
   * windows: centred on the window line (big titles); belly: on the lower fuselage;
   * a number: the centre of the caps, a share of the fuselage height above the belly
   */
  y: T.Optional(T.Union([oneOf(['above', 'windows', 'belly'] as const), num(0.05, 0.95)])),
}

export const WordmarkPlacementSchema = T.Object(
  {
    ...PlacementFields,
    /** per model family (A380, 747, A320...), plane slug, or narrow / wide: what differs there */
    types: T.Optional(T.Record(T.String({ minLength: 2 }), T.Object(PlacementFields, strict))),
  },
  strict,
)

/** a letter of the wordmark's own: SVG path data (M L H V C Q Z, absolute, y up) in the em box */
const OverrideSchema = T.Object(
  { d: T.String({ minLength: 3 }), w: num(0, 200), fill: T.Optional(T.Boolean()) },
  strict,
)

export const WordmarkSchema = T.Object(
  {
    text: T.String({ minLength: 1 }),
    style: LetterStyleSchema,
    /** colour 0 paints the letters; a split hands the later characters on to the next colour */
    colours: T.Array(HexColour, { minItems: 1, maxItems: 8 }),
    /** character indices where the next colour starts ("wizz|air": [4]) */
    split: T.Optional(T.Array(T.Integer({ minimum: 1 }))),
    overrides: T.Optional(T.Record(T.String({ minLength: 1, maxLength: 2 }), OverrideSchema)),
    /** a second part, in any script our lettering draws (Latin, Cyrillic, Arabic, Hebrew, Han, Thai) */
    second: T.Optional(
      T.Object(
        {
          text: T.String({ minLength: 1 }),
          style: T.Optional(LetterStyleSchema),
          colour: T.Optional(HexColour),
          /** its height over the title's cap height */
          size: num(0.2, 2),
          at: oneOf(['after', 'below', 'before'] as const),
        },
        strict,
      ),
    ),
    /**
     * an emblem of assets/emblems/emblems.json set just before the first letter in reading order,
     * its foot on the letters' foot, never mirrored (Delta's widget ahead of DELTA)
     */
    lead: T.Optional(
      T.Object(
        {
          shape: T.String({ minLength: 1 }),
          colours: T.Array(HexColour, { minItems: 1, maxItems: 8 }),
          /** its drawn height over the letters' (foot to top of the ink) */
          size: num(0.3, 3),
          /** its drawn width over its height (the shape's own by default) */
          aspect: T.Optional(num(0.2, 5)),
          /** the space before the first letter, over the letters' height (0.25 by default) */
          gap: T.Optional(num(0, 2)),
        },
        strict,
      ),
    ),
    placement: WordmarkPlacementSchema,
  },
  strict,
)

export const WordmarksSchema = T.Record(Slug, WordmarkSchema)
export type Wordmark = Static<typeof WordmarkSchema>
export type WordmarkPlacement = Static<typeof WordmarkPlacementSchema>

/**
 * problems of the wordmarks: the schema, every key an airline, every livery's `titles.wordmark` an
 * entry, a split within the text
 */
export function checkWordmarks(
  raw: unknown,
  airlines: { slug: string; livery: { titles: { wordmark?: string } } }[],
): string[] {
  const problems: string[] = []
  for (const e of Value.Errors(WordmarksSchema, raw))
    problems.push(`wordmarks: ${e.path || '/'} ${e.message}`)
  if (problems.length) return problems
  const marks = raw as Record<string, Wordmark>
  const slugs = new Set(airlines.map((a) => a.slug))
  for (const [slug, w] of Object.entries(marks)) {
    if (!slugs.has(slug)) problems.push(`wordmarks (${slug}): no airline has this slug`)
    if (w.split?.some((i) => i >= [...w.text].length))
      problems.push(`wordmarks (${slug}): a split is past the end of the text`)
  }
  for (const a of airlines) {
    const ref = a.livery.titles.wordmark
    if (ref !== undefined && !marks[ref])
      problems.push(`airlines (${a.slug}): titles.wordmark names no wordmark "${ref}"`)
  }
  return problems
}
