/**
 * srcset and imgHtml: one image at several widths, for responsive pages. The candidates are
 * the service's `resolution` presets by default (a handful of URLs that every page shares in
 * caches), or the widths asked for within the service's bounds.
 */
import { RESOLUTION_WIDTHS, WIDTH, type ImageOptions, type Resolution } from './options.ts'
import { imageUrl } from './url.ts'

export interface Srcset {
  /** the URL at the options' own size: what a browser without srcset shows */
  src: string
  /** "url 512w, url 1024w, ..." from the smallest width up */
  srcset: string
  sizes: string
}

/** the pixel width an image of these options has */
export const widthOf = (options: ImageOptions) =>
  options.resolution ? RESOLUTION_WIDTHS[options.resolution] : (options.width ?? WIDTH.default)
/** the 16:9 frame every image of the service has */
export const heightOf = (width: number) => Math.round((width * 9) / 16)

function candidates(
  widths: readonly number[] | undefined,
): [Pick<ImageOptions, 'resolution' | 'width'>, number][] {
  if (!widths)
    return (Object.entries(RESOLUTION_WIDTHS) as [Resolution, number][])
      .sort(([, a], [, b]) => a - b)
      .map(([resolution, w]) => [{ resolution }, w])
  for (const w of widths)
    if (!Number.isInteger(w) || w < WIDTH.min || w > WIDTH.max)
      throw new RangeError(
        `a srcset width must be a whole number from ${WIDTH.min} to ${WIDTH.max}, not ${w}`,
      )
  if (widths.length === 0) throw new RangeError('srcset needs at least one width')
  return [...new Set(widths)].sort((a, b) => a - b).map((width) => [{ width }, width])
}

/**
 * `widths` (pixels) replaces the presets; `sizes` tells the browser how wide the image is
 * laid out (the full viewport unless said otherwise), so it picks the smallest candidate that is enough.
 */
export function srcset(
  base: string,
  options: ImageOptions = {},
  widths?: readonly number[],
  sizes = '100vw',
): Srcset {
  const { resolution: _, width: __, ...rest } = options
  return {
    src: imageUrl(base, options),
    srcset: candidates(widths)
      .map(([size, w]) => `${imageUrl(base, { ...rest, ...size })} ${w}w`)
      .join(', '),
    sizes,
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
/** text safe inside a double-quoted attribute (and between tags) */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c])

export interface ImgHtmlOptions {
  /** what the image shows, for people who cannot see it; '' marks it decorative */
  alt: string
  widths?: readonly number[]
  sizes?: string
}

/** An <img> with srcset, the 16:9 frame's width and height (no layout shift), lazy and async. */
export function imgHtml(
  base: string,
  options: ImageOptions,
  { alt, widths, sizes }: ImgHtmlOptions,
): string {
  if (typeof alt !== 'string')
    throw new TypeError("imgHtml needs alt text ('' for a decorative image)")
  const set = srcset(base, options, widths, sizes)
  const width = widthOf(options)
  const attributes: [string, string | number][] = [
    ['src', set.src],
    ['srcset', set.srcset],
    ['sizes', set.sizes],
    ['width', width],
    ['height', heightOf(width)],
    ['alt', alt],
    ['loading', 'lazy'],
    ['decoding', 'async'],
  ]
  return `<img ${attributes.map(([name, value]) => `${name}="${escapeHtml(String(value))}"`).join(' ')}>`
}
