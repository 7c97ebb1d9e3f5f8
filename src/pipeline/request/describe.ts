/** The JSON description of how an image request was resolved (format=json). */
import { airlineRef, planeRef } from '../../catalog/liveries'
import type { ImageOptions } from '../../params/image-options'
import type { Decision } from './cascade'
import type { Frame } from './frame'

export interface DescribeInput {
  decision: Decision
  options: ImageOptions
  assetKey: string
  manifestVersion: string
  authorized: boolean
  /** the composition's framing; null when the stored image is served */
  frame: Pick<Frame, 'align' | 'overflow'> | null
}

export function describe({ decision, options, assetKey, manifestVersion, authorized, frame }: DescribeInput) {
  const runs = options.composeTriggers.length > 0
  const align = frame?.align ?? options.compose.align
  return {
    plane: planeRef(decision.plane),
    airline: decision.airline ? airlineRef(decision.airline) : null,
    liveryType: options.liveryType,
    appliedLiveryType: decision.livery.liveryType,
    angle: decision.angle,
    gear: decision.gear,
    filetype: runs ? 'png' : options.filetype,
    renderOptions: {
      width: options.render.width,
      zoomType: options.render.zoomType,
      zoomLevel: options.render.zoomLevel,
      marginPercent: options.render.marginPercent,
    },
    composeOptions: { pitch: options.compose.pitch, scale: options.compose.scale, align },
    compose: {
      runs,
      reason: runs ? `composition options used: ${options.composeTriggers.join(', ')}` : null,
      // whether the aircraft reaches into the margin or past the canvas (a model longer than the
      // fleet reference, a zoom, a fill): 'none', 'margin' or 'canvas'; null when not composed
      overflow: frame?.overflow ?? null,
    },
    assetKey,
    manifestVersion,
    fallbackReason: decision.fallbackReason,
    imageSource: authorized ? decision.source : 'watermark-overlay',
  }
}
