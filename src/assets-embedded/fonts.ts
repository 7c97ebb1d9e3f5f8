/**
 * The bundled title fonts' bytes (DejaVu, free licence: assets/fonts/LICENSE-DejaVu.txt).
 * Imported as files so `bun build --compile` embeds them in the binary, and read here, once,
 * outside the renderer (which does no I/O): skia cannot open the binary's /$bunfs paths, Bun
 * reads them in source and binary alike.
 */
import { readFileSync } from 'node:fs'
import sansBold from '../../assets/fonts/DejaVuSans-Bold.ttf' with { type: 'file' }
import sans from '../../assets/fonts/DejaVuSans.ttf' with { type: 'file' }
import serifBold from '../../assets/fonts/DejaVuSerif-Bold.ttf' with { type: 'file' }
import serif from '../../assets/fonts/DejaVuSerif.ttf' with { type: 'file' }
// scripts DejaVu lacks, for second-line titles: Chinese, Japanese, Korean (Droid Sans Fallback,
// Apache 2.0) and Thai (Noto Sans Thai, OFL 1.1); licences beside them in assets/fonts/
import cjk from '../../assets/fonts/DroidSansFallbackFull.ttf' with { type: 'file' }
import thaiBold from '../../assets/fonts/NotoSansThai-Bold.ttf' with { type: 'file' }
import thai from '../../assets/fonts/NotoSansThai-Regular.ttf' with { type: 'file' }

export interface BundledFont {
  path: string
  style: 'sans' | 'serif' | 'cjk' | 'thai'
  /** null when the file could not be read (the renderer refuses to start then) */
  bytes: Buffer | null
  error?: string
}

const read = (path: string, style: BundledFont['style']): BundledFont => {
  try {
    return { path, style, bytes: readFileSync(path) }
  } catch (e) {
    return { path, style, bytes: null, error: e instanceof Error ? e.message : String(e) }
  }
}

export const BUNDLED_FONTS: BundledFont[] = [
  read(sans, 'sans'),
  read(sansBold, 'sans'),
  read(serif, 'serif'),
  read(serifBold, 'serif'),
  read(cjk, 'cjk'),
  read(thai, 'thai'),
  read(thaiBold, 'thai'),
]
