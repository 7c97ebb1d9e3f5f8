/** Hex colours as the API takes them: 3, 4, 6 or 8 digits, `#` optional; 4 and 8 carry alpha. */
export interface Rgba {
  r: number
  g: number
  b: number
  a: number // 0..1
  /** normalised `#rrggbb` or `#rrggbbaa` (only when alpha was given) */
  hex: string
}

export function parseHexColour(input: string): Rgba | null {
  const digits = input.trim().replace(/^#/, '')
  if (!/^[0-9a-fA-F]+$/.test(digits) || ![3, 4, 6, 8].includes(digits.length)) return null
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits
  const byte = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16)
  const hasAlpha = full.length === 8
  return {
    r: byte(0),
    g: byte(1),
    b: byte(2),
    a: hasAlpha ? byte(3) / 255 : 1,
    hex: `#${full.toLowerCase()}`,
  }
}

export const cssColour = (c: Rgba) =>
  `rgba(${c.r}, ${c.g}, ${c.b}, ${Math.round(c.a * 1000) / 1000})`
