/** The typed options of GET /v1/images/plane, as the parser produces them. */
import type { Angle, Gear } from '../catalog/types'
import type { Rgba } from './colour'
import type { LinearGradient } from './gradient'

export type Filetype = 'png' | 'jpg' | 'webp'
export type ZoomType = 'contain' | 'fill'
export type ScaleMode = 'none' | 'fleet' | 'absolute'
export type Align = 'bottom' | 'center' | 'top'
export type Resolution = 'thumb' | 'card' | 'hd' | 'ultra'
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

export const DEFAULT_WIDTH = 1280
export const DEFAULT_MARGIN = 8
export const RESOLUTION_WIDTHS: Record<Resolution, number> = { thumb: 512, card: 1024, hd: 2048, ultra: 4096 }
