/**
 * The bundled title fonts, registered once at module load from their bytes (read outside the
 * renderer: src/assets-embedded/fonts.ts): skia cannot open the binary's /$bunfs paths
 * (registerFromPath returned null there, so titles and the watermark fell back to whatever the
 * host had, or nothing).
 */
import { GlobalFonts } from '@napi-rs/canvas'
import { BUNDLED_FONTS } from '../../assets-embedded/fonts'
import { FontError } from './font-error'

export const SANS = 'AirTitlesSans'
export const SERIF = 'AirTitlesSerif'
/**
 * glyphs the title faces lack, named after them in every title font: Chinese, Japanese and Korean,
 * then Thai (one family each: skia picks one face per family, then falls back glyph by glyph to
 * the next family of the list)
 */
export const FALLBACK = 'AirTitlesCJK, AirTitlesThai'
const FAMILY = { sans: SANS, serif: SERIF, cjk: 'AirTitlesCJK', thai: 'AirTitlesThai' }

// a picture drawn without its fonts is wrong, silently: refuse to start instead
for (const { path, style, bytes, error } of BUNDLED_FONTS) {
  if (!bytes) throw new FontError(`bundled font ${path} cannot be read: ${error}`)
  const family = FAMILY[style]
  if (!GlobalFonts.register(bytes, family))
    throw new FontError(`bundled font ${path} cannot be registered as ${family}`)
}
