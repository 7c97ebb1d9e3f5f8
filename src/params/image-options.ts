/** The typed options of GET /v1/images/plane, as the parser produces them. */
import type { Angle, Gear } from '../catalog/types'
import type { Rgba } from './colour'
import type { LinearGradient } from './gradient'
import { ImageQuerySchema, RESOLUTION_WIDTHS, type ALIGNS, type FILETYPES, type RESOLUTIONS, type SCALE_MODES, type ZOOM_TYPES } from './image-schema'

export type Filetype = (typeof FILETYPES)[number]
export type ZoomType = (typeof ZOOM_TYPES)[number]
export type ScaleMode = (typeof SCALE_MODES)[number]
export type Align = (typeof ALIGNS)[number]
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
  filetype: Filetype
  angle: Angle
  gear: Gear
  render: { width: number; zoomType: ZoomType; zoomLevel: number; marginPercent: number; resolution: Resolution | null }
  compose: {
    pitch: number
    scale: ScaleMode
    referencePlane: string | null
    align: Align
    background: Rgba | null
    gradient: LinearGradient | null
  }
  /** the composition parameters that were used; composition runs when this is not empty */
  composeTriggers: string[]
}

export type ProblemGroup = 'filetype' | 'angle' | 'render' | 'compose'
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
