/**
 * A livery's titles as a wordmark: its entry of assets/wordmarks.json when the titles name one,
 * otherwise one made from the titles' own fields (family, weight, italic, colour, size, position),
 * lettered all the same by our glyphs: no title is set in a font.
 */
import data from '../../../assets/wordmarks.json'
import type { LiveryDesign } from '../../catalog/types'
import type { Wordmark, WordmarkPlacement } from '../../catalog/wordmarks-schema'
import { type LetterStyle, styleOf, styleOfTitles } from './style'

type Titles = LiveryDesign['titles']
const MARKS = data as unknown as Record<string, Wordmark>

export interface Resolved {
  text: string
  style: LetterStyle
  colours: string[]
  colourAt: (i: number) => number
  overrides: NonNullable<Wordmark['overrides']>
  second?: Wordmark['second']
  /** an emblem before the first letter */
  lead?: Wordmark['lead']
  /** from an entry: its placement; from plain titles: their size multiple and position */
  placement: WordmarkPlacement
  /** plain titles keep their own scale: letter height as a multiple of the default */
  size?: number
}

export function wordmarkEntry(slug: string): Wordmark | undefined {
  return MARKS[slug]
}

export function wordmarkSlugs(): string[] {
  return Object.keys(MARKS)
}

export function resolveWordmark(t: Titles): Resolved {
  const w = t.wordmark ? MARKS[t.wordmark] : undefined
  if (w) {
    const split = w.split ?? []
    return {
      text: w.text,
      style: styleOf(w.style),
      colours: w.colours,
      colourAt: (i) => Math.min(w.colours.length - 1, split.filter((s) => s <= i).length),
      overrides: w.overrides ?? {},
      second: w.second,
      lead: w.lead,
      placement: w.placement,
    }
  }
  const second = t.second?.text.trim()
    ? {
        text: t.second.text,
        colour: t.second.color,
        size: t.second.size ?? 0.8,
        at: 'after' as const,
      }
    : undefined
  return {
    text: t.text,
    style: styleOfTitles(t),
    colours: [t.color],
    colourAt: () => 0,
    overrides: {},
    second,
    placement: {
      ...(t.x !== undefined ? { x: t.x } : {}),
      ...(t.y !== undefined ? { y: t.y } : {}),
    },
    size: t.size ?? 1,
  }
}

/** the placement on one model: its family's or slug's changes over the general one */
export function placementOn(
  p: WordmarkPlacement,
  plane: { slug: string; family: string },
  wide: boolean,
): Omit<WordmarkPlacement, 'types'> {
  const { types, ...base } = p
  return {
    ...base,
    ...types?.[wide ? 'wide' : 'narrow'],
    ...types?.[plane.family],
    ...types?.[plane.slug],
  }
}
