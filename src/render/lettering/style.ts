/**
 * What turns the one skeleton set into an airline's wordmark: pen, proportions and ornaments. Every
 * length is in em units (cap height 100). A wordmark names a preset and changes what differs.
 */

export interface Bar {
  /** centre height of the bar (0 baseline, 100 cap height; negative: under the baseline) */
  y: number
  /** its ends as shares of the word's width */
  from: number
  to: number
  weight: number
  /** index into the wordmark's colours */
  colour?: number
  /** sag of a swash at its middle, em units (positive: bows down) */
  bend?: number
}

export interface LetterStyle {
  /** the pen's width */
  weight: number
  /** degrees the letters lean forward (italic) */
  slant: number
  /** horizontal scale of the letter shapes (condensed below 1, extended above) */
  width: number
  case: 'as-is' | 'upper' | 'lower'
  serif: 'sans' | 'serif' | 'slab'
  terminals: 'round' | 'square'
  /** extra space between letters */
  tracking: number
  /** how much thinner horizontal strokes are than vertical ones, 0..0.8 (an elliptical pen) */
  contrast: number
  /** lower-case height as a share of the cap height */
  xHeight: number
  /** single-storey a and g, round forms */
  geometric: boolean
  /** letters joined along the baseline, as a script */
  connect: boolean
  bars: Bar[]
}

const BASE: LetterStyle = {
  weight: 11,
  slant: 0,
  width: 1,
  case: 'as-is',
  serif: 'sans',
  terminals: 'square',
  tracking: 6,
  contrast: 0,
  xHeight: 0.7,
  geometric: false,
  connect: false,
  bars: [],
}

/** the families the wordmarks start from */
export const PRESETS: Record<string, Partial<LetterStyle>> = {
  grotesk: {},
  'grotesk-bold': { weight: 18, tracking: 5 },
  heavy: { weight: 24, tracking: 4 },
  rounded: { weight: 20, terminals: 'round', geometric: true, xHeight: 0.74, tracking: 4 },
  geometric: { weight: 12, geometric: true, terminals: 'square', tracking: 7 },
  condensed: { weight: 14, width: 0.72, tracking: 5 },
  serif: { weight: 13, serif: 'serif', contrast: 0.55, tracking: 6 },
  'serif-bold': { weight: 19, serif: 'serif', contrast: 0.6, tracking: 5 },
  slab: { weight: 16, serif: 'slab', tracking: 6 },
  italic: { weight: 15, slant: 14, tracking: 5 },
  script: { weight: 11, slant: 16, contrast: 0.5, terminals: 'round', connect: true, tracking: 0 },
}

export type StyleSpec = Partial<LetterStyle> & { preset?: string }

export function styleOf(spec: StyleSpec): LetterStyle {
  const { preset, ...own } = spec
  return { ...BASE, ...(preset ? PRESETS[preset] : undefined), ...own }
}

/** a livery's plain titles (family, weight, italic) as a lettering style: no font is involved */
export function styleOfTitles(t: {
  font?: 'sans' | 'serif'
  weight?: 'regular' | 'bold'
  italic?: boolean
}): LetterStyle {
  const bold = t.weight !== 'regular'
  const preset =
    t.font === 'serif' ? (bold ? 'serif-bold' : 'serif') : bold ? 'grotesk-bold' : 'grotesk'
  return styleOf({ preset, ...(t.italic ? { slant: 13 } : {}) })
}
