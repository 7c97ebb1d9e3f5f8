/** Storage keys of assets, exactly as the spec's `assetKey`. */
import type { Angle, Gear } from '../../catalog/types'
import type { Filetype, ZoomType } from '../../params/image-options'

/** 1 -> "1p00", 0.5 -> "0p50", 12.25 -> "12p25" */
export const keyNumber = (n: number) => n.toFixed(2).replace('.', 'p')

export interface AssetRef {
  plane: string
  airline: string | null // null for blank: the segment is "none"
  liveryType: string
  angle: Angle
  gear: Gear
}

export interface AssetFraming {
  width: number
  zoomType: ZoomType
  zoomLevel: number
  marginPercent: number
}

export const PRERENDER_FRAMING: AssetFraming = {
  width: 1280,
  zoomType: 'contain',
  zoomLevel: 1,
  marginPercent: 8,
}

export function assetKey(ref: AssetRef, framing: AssetFraming, filetype: Filetype): string {
  const airline = ref.liveryType === 'blank' || !ref.airline ? 'none' : ref.airline
  const file = `w-${framing.width}_z-${framing.zoomType}-${keyNumber(framing.zoomLevel)}_m-${keyNumber(framing.marginPercent)}.${filetype}`
  return `liveries/${ref.plane}/${airline}/${ref.liveryType}/${ref.angle}/${ref.gear}/${file}`
}
