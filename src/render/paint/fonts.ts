/**
 * The bundled title fonts (DejaVu, free licence: assets/fonts/LICENSE-DejaVu.txt), registered once
 * at module load. Imported as files so `bun build --compile` embeds them in the binary, and
 * registered from their bytes: skia cannot open the binary's /$bunfs paths (registerFromPath
 * returned null there, so titles and the watermark fell back to whatever the host had, or nothing),
 * while Bun reads them in source and binary alike.
 */
import { GlobalFonts } from '@napi-rs/canvas'
import { readFileSync } from 'node:fs'
import { FontError } from './font-error'
import sansBold from '../../../assets/fonts/DejaVuSans-Bold.ttf' with { type: 'file' }
import sans from '../../../assets/fonts/DejaVuSans.ttf' with { type: 'file' }
import serifBold from '../../../assets/fonts/DejaVuSerif-Bold.ttf' with { type: 'file' }
import serif from '../../../assets/fonts/DejaVuSerif.ttf' with { type: 'file' }

export const SANS = 'AirTitlesSans'
export const SERIF = 'AirTitlesSerif'

const BUNDLED_FONTS: [path: string, family: string][] = [
  [sans, SANS],
  [sansBold, SANS],
  [serif, SERIF],
  [serifBold, SERIF],
]

// a picture drawn without its fonts is wrong, silently: refuse to start instead
for (const [path, family] of BUNDLED_FONTS) {
  let key: unknown = null
  try {
    key = GlobalFonts.register(readFileSync(path), family)
  } catch (e) {
    throw new FontError(`bundled font ${path} cannot be read: ${e instanceof Error ? e.message : e}`)
  }
  if (!key) throw new FontError(`bundled font ${path} cannot be registered as ${family}`)
}
