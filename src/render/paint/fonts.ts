/**
 * The bundled title fonts (DejaVu, free licence: assets/fonts/LICENSE-DejaVu.txt), registered once
 * at module load. Imported as files so `bun build --compile` embeds them in the binary.
 */
import { GlobalFonts } from '@napi-rs/canvas'
import sansBold from '../../../assets/fonts/DejaVuSans-Bold.ttf' with { type: 'file' }
import sans from '../../../assets/fonts/DejaVuSans.ttf' with { type: 'file' }
import serifBold from '../../../assets/fonts/DejaVuSerif-Bold.ttf' with { type: 'file' }
import serif from '../../../assets/fonts/DejaVuSerif.ttf' with { type: 'file' }

export const SANS = 'AirTitlesSans'
export const SERIF = 'AirTitlesSerif'

GlobalFonts.registerFromPath(sans, SANS)
GlobalFonts.registerFromPath(sansBold, SANS)
GlobalFonts.registerFromPath(serif, SERIF)
GlobalFonts.registerFromPath(serifBold, SERIF)
