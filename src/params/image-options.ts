/** The typed options of GET /v1/images/plane, as the parser produces them. */
import type { Angle, Gear } from '../catalog/types'
import type { Rgba } from './colour'
import type { LinearGradient } from './gradient'
import {
  FILETYPES,
  ImageQuerySchema,
  QUALITY_DEFAULTS,
  RESOLUTION_WIDTHS,
  type ALIGNS,
  type ProblemGroup,
  type RESOLUTIONS,
  type SCALE_MODES,
  type SHADOWS,
  type ZOOM_TYPES,
} from './image-schema'

export type { ProblemGroup }

/** a filetype as asked: one that is encoded, or auto (negotiated from the Accept header) */
export type RequestedFiletype = (typeof FILETYPES)[number]
/** a type that is encoded and sent */
export type Filetype = Exclude<RequestedFiletype, 'auto'>
export type LossyFiletype = Exclude<Filetype, 'png'>
export const OUTPUT_FILETYPES = FILETYPES.filter((f): f is Filetype => f !== 'auto')
export type ZoomType = (typeof ZOOM_TYPES)[number]
export type ScaleMode = (typeof SCALE_MODES)[number]
export type Align = (typeof ALIGNS)[number]
export type Shadow = (typeof SHADOWS)[number]
export type Resolution = (typeof RESOLUTIONS)[number]
export type SelectorMethod = 'raw' | 'iata' | 'icao'

export interface Selector {
  value: string
  method: SelectorMethod
  param: string
}

export interface ImageOptions {
  plane: Selector | null
  airline: Selector | null
  liveryType: string
  format: 'image' | 'json'
  filetype: RequestedFiletype
  /** as asked, null when not: the default is the sent type's, known once auto is negotiated */
  quality: number | null
  /** the manifest version the URL is pinned to (v), null when none */
  version: string | null
  angle: Angle
  gear: Gear
  render: {
    width: number
    zoomType: ZoomType
    zoomLevel: number
    marginPercent: number
    resolution: Resolution | null
  }
  compose: {
    pitch: number
    scale: ScaleMode
    referencePlane: string | null
    align: Align
    background: Rgba | null
    gradient: LinearGradient | null
    /**
     * ground: a soft shadow painted under the aircraft; absent for none (x-cache-key
     * picture-unless-default), so the cache keys of compositions without one are what they were
     */
    shadow?: Exclude<Shadow, 'none'>
  }
  /** the composition parameters that were used; composition runs when this is not empty */
  composeTriggers: string[]
}

export interface Problem {
  group: ProblemGroup
  param: string
  message: string
}

export interface ParsedImageQuery {
  options: ImageOptions
  problems: Problem[]
}

export const DEFAULT_WIDTH = ImageQuerySchema.properties.width.default as number
export const DEFAULT_MARGIN = ImageQuerySchema.properties.marginPercent.default as number
export { RESOLUTION_WIDTHS }

/** what is sent: the type, and its quality (null for PNG, which is lossless) */
export interface Encoding {
  filetype: Filetype
  quality: number | null
}

/** the encoding of a type at the quality asked, or at the type's default */
export function encodingOf(filetype: Filetype, asked: number | null): Encoding {
  return { filetype, quality: filetype === 'png' ? null : (asked ?? QUALITY_DEFAULTS[filetype]) }
}

/** whether an encoding is the one its type is stored in (its default quality) */
export const isStoredQuality = (e: Encoding) =>
  e.filetype === 'png' || e.quality === QUALITY_DEFAULTS[e.filetype]
