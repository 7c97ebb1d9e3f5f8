/** The JSON description of how an image request was resolved (format=json). */
import { airlineRef, planeRef } from '../../catalog/liveries'
import type { Encoding, ImageOptions } from '../../params/image-options'
import { ImageQuerySchema } from '../../params/image-schema'
import {
  describedField,
  paramsOf,
  setAt,
  valueAt,
  type QuerySchema,
} from '../../params/option-meta'
import type { Decision } from './cascade'
import type { Frame } from './frame'

export interface DescribeInput {
  decision: Decision
  options: ImageOptions
  /** what would be sent: the type after auto and the composition rule, and its quality */
  encoding: Encoding
  assetKey: string
  manifestVersion: string
  authorized: boolean
  /** the composition's framing; null when the stored image is served */
  frame: Pick<Frame, 'align' | 'overflow'> | null
}

/**
 * The options the query schema reports in the description (x-describe: renderOptions.width,
 * composeOptions.pitch, ...), as parsed, or at their default when the options leave them out;
 * `applied`: what the composition made of an option (by its path), reported instead
 */
export function describedOptions(
  options: ImageOptions,
  applied: Record<string, unknown> = {},
  schema: QuerySchema = ImageQuerySchema,
) {
  const described: Record<string, Record<string, unknown>> = {}
  for (const [, s] of paramsOf(schema)) {
    const field = describedField(s)?.field
    const path = s['x-option']
    if (field && path)
      setAt(
        described,
        field,
        path in applied ? applied[path] : (valueAt(options, path) ?? s.default ?? null),
      )
  }
  return described
}

export function describe({
  decision,
  options,
  encoding,
  assetKey,
  manifestVersion,
  authorized,
  frame,
}: DescribeInput) {
  const runs = options.composeTriggers.length > 0
  // the alignment applied: center when the one asked did not fit
  const align = frame?.align ?? options.compose.align
  return {
    plane: planeRef(decision.plane),
    airline: decision.airline ? airlineRef(decision.airline) : null,
    liveryType: options.liveryType,
    appliedLiveryType: decision.livery.liveryType,
    angle: decision.angle,
    gear: decision.gear,
    filetype: encoding.filetype,
    quality: encoding.quality,
    ...describedOptions(options, { 'compose.align': align }),
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
