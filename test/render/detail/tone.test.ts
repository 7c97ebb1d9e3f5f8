/**
 * The tone curve keeps a colour's hue: a saturated blue, red or green comes out at the hue it
 * went in with (the curve per channel turned a bright blue cyan and an orange yellow), and white
 * paint in the sun keeps its shading instead of clipping flat.
 */
import { describe, expect, test } from 'bun:test'
import { tone, toneRGB } from '../../../src/render/light/tone'

function hue(r: number, g: number, b: number): number {
  const mx = Math.max(r, g, b),
    mn = Math.min(r, g, b),
    d = mx - mn
  if (d <= 0) return 0
  const h = mx === r ? ((g - b) / d) % 6 : mx === g ? (b - r) / d + 2 : (r - g) / d + 4
  return (h * 60 + 360) % 360
}

const hex = (s: string) => [1, 3, 5].map((i) => parseInt(s.slice(i, i + 2), 16) / 255)
const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
const gap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b))

describe('tone curve', () => {
  const out = new Float64Array(3)
  const toned = (c: number[], light: number) => {
    toneRGB(linear(c[0]) * light, linear(c[1]) * light, linear(c[2]) * light, out, 0)
    return [...out]
  }

  // deep airline blues, a bright sky blue, red, green, orange; from shade to full sun
  for (const c of ['#002157', '#0033A0', '#00A1E4', '#E4002B', '#1B8A3A', '#FF6600'])
    test(`${c} keeps its hue from shade to full sun`, () => {
      const [r, g, b] = hex(c)
      const h0 = hue(r, g, b)
      for (const light of [0.6, 1, 2, 3.5]) {
        const [tr, tg, tb] = toned([r, g, b], light)
        expect(gap(hue(tr, tg, tb), h0)).toBeLessThan(5)
      }
    })

  test('the curve per channel alone would fail that: a sunlit sky blue turns cyan', () => {
    const [r, g, b] = hex('#00A1E4').map((c) => tone(linear(c) * 3.5))
    expect(gap(hue(r, g, b), hue(...(hex('#00A1E4') as [number, number, number])))).toBeGreaterThan(
      8,
    )
  })

  test('a glint far past sunlit paint runs towards white', () => {
    const [r, g, b] = toned(hex('#0033A0'), 60)
    expect(Math.min(r, g, b)).toBeGreaterThan(180)
  })

  test('white paint keeps its shading in the sun: never flat, never clipped', () => {
    // sunlit white paint lies about 2.5 to 3.3 in the renderer's linear light (light.ts)
    const steps = [2.4, 2.7, 3, 3.3].map((v) => toned([1, 1, 1], v)[1])
    for (let i = 1; i < steps.length; i++) expect(steps[i]).toBeGreaterThan(steps[i - 1] + 1)
    expect(steps[steps.length - 1]).toBeLessThan(254)
    // a grey takes the curve exactly as before
    for (const v of [0.05, 0.5, 2, 6])
      expect(Math.abs(toned([1, 1, 1], v)[0] - tone(v))).toBeLessThan(0.5)
  })
})
