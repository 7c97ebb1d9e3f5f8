/**
 * The last step of setting a line: the style's lean and bars applied to the ink, and the ink's
 * extent measured (the pen and dots included), for Latin and right-to-left lines alike.
 */
import type { Lettering, Ink } from './layout'
import type { Bar } from './style'

/** lean the letters (about the baseline), add the bars and find the ink's extent */
export function slantAndBound(l: Lettering, width: number): void {
  const s = l.style
  for (const b of s.bars) l.ink.push(bar(b, width))
  const k = Math.tan((s.slant * Math.PI) / 180)
  let x0 = Infinity,
    x1 = -Infinity,
    y0 = Infinity,
    y1 = -Infinity
  const r = l.pen / 2
  for (const it of l.ink)
    for (let i = 0; i < it.pts.length; i += 2) {
      it.pts[i] += it.pts[i + 1] * k
      const pad = it.kind === 'fill' ? 0 : it.kind === 'dot' ? r * 1.3 : (it.w ?? l.pen) / 2
      x0 = Math.min(x0, it.pts[i] - pad)
      x1 = Math.max(x1, it.pts[i] + pad)
      y0 = Math.min(y0, it.pts[i + 1] - pad)
      y1 = Math.max(y1, it.pts[i + 1] + pad)
    }
  Object.assign(l, isFinite(x0) ? { x0, x1, y0, y1 } : { x0: 0, x1: 0, y0: 0, y1: 0 })
}

function bar(b: Bar, width: number): Ink {
  const pts: number[] = []
  for (let k = 0; k <= 12; k++) {
    const t = k / 12
    pts.push(width * (b.from + (b.to - b.from) * t), b.y - (b.bend ?? 0) * Math.sin(Math.PI * t))
  }
  return { kind: 'stroke', pts, colour: b.colour ?? 0, w: b.weight }
}
