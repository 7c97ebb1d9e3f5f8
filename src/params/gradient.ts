/**
 * `backgroundGradient=linear:<angleDegrees>:<colour>-<offset>,<colour>-<offset>[,...]`.
 * Angle convention of the spec: 0 = bottom to top, 90 = left to right,
 * 180 = top to bottom, 270 = right to left.
 */
import { parseHexColour, type Rgba } from './colour'

export interface GradientStop {
  colour: Rgba
  offset: number
}
export interface LinearGradient {
  type: 'linear'
  angleDeg: number
  stops: GradientStop[]
}

export const GRADIENT_PROBLEM = 'backgroundGradient must be linear:<deg>:<color>-<offset>,...'

export function parseGradient(input: string): LinearGradient | null {
  const match = /^([a-z]+):([^:]+):(.+)$/i.exec(input.trim())
  if (!match || match[1].toLowerCase() !== 'linear') return null
  const angleDeg = Number(match[2])
  if (match[2].trim() === '' || !Number.isFinite(angleDeg)) return null
  const stops: GradientStop[] = []
  for (const part of match[3].split(',')) {
    const dash = part.lastIndexOf('-')
    if (dash <= 0) return null
    const colour = parseHexColour(part.slice(0, dash))
    const offsetText = part.slice(dash + 1).trim()
    const offset = Number(offsetText)
    if (!colour || offsetText === '' || !Number.isFinite(offset) || offset < 0 || offset > 1)
      return null
    stops.push({ colour, offset })
  }
  if (stops.length < 2) return null
  return { type: 'linear', angleDeg, stops }
}

/**
 * Start and end points of the gradient line on a width x height canvas, so that
 * angle 0 runs bottom to top and 90 left to right, and the line spans the canvas.
 */
export function gradientLine(angleDeg: number, width: number, height: number) {
  const rad = (angleDeg * Math.PI) / 180
  const dx = Math.sin(rad)
  const dy = -Math.cos(rad)
  const half = (Math.abs(dx) * width + Math.abs(dy) * height) / 2
  const cx = width / 2
  const cy = height / 2
  return { x0: cx - dx * half, y0: cy - dy * half, x1: cx + dx * half, y1: cy + dy * half }
}
