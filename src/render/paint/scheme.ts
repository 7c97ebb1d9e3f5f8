/**
 * A LiveryDesign with every optional field resolved, or the blank (unpainted) aircraft.
 * Colours stay as hex strings for skia and as 0..255 triples for the shader.
 */
import type { LiveryDesign } from '../../catalog/types'

export type RGB = [number, number, number]

export interface Scheme {
  blank: boolean
  design: LiveryDesign
  bellyLine: number
  nose: string
  wings: RGB
  wingsLower: RGB
  engines: RGB
  engineAccent: RGB
  winglet: RGB
}

export const BLANK: LiveryDesign = {
  fuselage: '#f4f5f7',
  belly: '#e4e7eb',
  bellyLine: 0.3,
  cheatline: { style: 'none', colors: [] },
  tail: { base: '#f4f5f7', style: 'solid', colors: [] },
  engines: '#e3e6ea',
  engineAccent: '#b9c0c8',
  wings: '#c9ced4',
  titles: { text: '', color: '#000000' },
}

export function rgb(hex: string): RGB {
  let h = hex.trim().replace(/^#/, '')
  if (/^[0-9a-f]{3}$/i.test(h)) h = h.replace(/./g, (c) => c + c)
  if (!/^[0-9a-f]{6}$/i.test(h)) return [200, 200, 200]
  const n = parseInt(h, 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

export function mix(a: RGB, b: RGB, t: number): RGB {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

export function hex(c: RGB): string {
  return (
    '#' +
    c
      .map((x) =>
        Math.max(0, Math.min(255, Math.round(x)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  )
}

export function schemeOf(livery: LiveryDesign | null): Scheme {
  const d = livery ?? BLANK
  const wings = rgb(d.wings ?? '#bfc6ce')
  return {
    blank: livery === null,
    design: d,
    bellyLine: Math.min(0.9, Math.max(0, d.bellyLine ?? 0.38)),
    nose: d.nose ?? d.fuselage,
    wings,
    wingsLower: mix(wings, [168, 175, 184], 0.45),
    engines: rgb(d.engines),
    engineAccent: rgb(d.engineAccent ?? '#c3c8ce'),
    // many airlines paint winglets in the tail colour; the blank aircraft keeps them plain
    winglet: livery === null ? wings : rgb(d.winglets ?? d.tail.base),
  }
}
