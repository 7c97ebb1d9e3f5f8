/**
 * The drawing vocabulary of the glyph skeletons: strokes are polylines in an em box whose cap height
 * is 100, x to the right, y up from the baseline (x-height 70, descender -28). Curves are sampled
 * into points once, so a wordmark's width, slant and serifs are plain arithmetic on numbers, and
 * the same points serve layout, drawing and the tests.
 */

/** one stroke: x0, y0, x1, y1, ... */
export type Stroke = number[]

/** a glyph: its skeleton width (the pen's own width is added by the layout) and its strokes */
export interface Glyph {
  w: number
  s: Stroke[]
  /** single points drawn as dots (i, j, the full stop) */
  dots?: [number, number][]
}

const STEP = Math.PI / 16

/** points along an elliptical arc, degrees counter-clockwise from +x (y up); a1 < a0 runs clockwise */
export function arc(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  a0: number,
  a1: number,
): Stroke {
  const r0 = (a0 * Math.PI) / 180,
    r1 = (a1 * Math.PI) / 180
  const n = Math.max(2, Math.ceil(Math.abs(r1 - r0) / STEP))
  const out: Stroke = []
  for (let i = 0; i <= n; i++) {
    const a = r0 + ((r1 - r0) * i) / n
    out.push(cx + rx * Math.cos(a), cy + ry * Math.sin(a))
  }
  return out
}

/** a stroke joined from pieces: lists of points and sampled arcs, in drawing order */
export function path(...parts: Stroke[]): Stroke {
  const out: Stroke = []
  for (const p of parts)
    for (let i = 0; i < p.length; i += 2) {
      const n = out.length
      // a piece that starts where the last one ended adds no point
      if (n && Math.abs(out[n - 2] - p[i]) < 1e-6 && Math.abs(out[n - 1] - p[i + 1]) < 1e-6)
        continue
      out.push(p[i], p[i + 1])
    }
  return out
}

export const g = (w: number, s: Stroke[], dots?: [number, number][]): Glyph => ({ w, s, dots })

/** a glyph moved right by dx and up by dy, its width grown by dx (marks placed over a letter) */
export function shifted(a: Glyph, dx: number, dy = 0): Glyph {
  return {
    w: a.w,
    s: a.s.map((s) => s.map((v, i) => v + (i % 2 ? dy : dx))),
    dots: a.dots?.map(([x, y]) => [x + dx, y + dy]),
  }
}

/** two glyphs drawn together (a letter and its accent), the first one's width */
export function merged(a: Glyph, b: Glyph): Glyph {
  const dots = [...(a.dots ?? []), ...(b.dots ?? [])]
  return { w: a.w, s: [...a.s, ...b.s], dots: dots.length ? dots : undefined }
}

/** a glyph turned left for right (the Cyrillic И and Я from N and R) */
export function flipped(a: Glyph): Glyph {
  return {
    w: a.w,
    s: a.s.map((s) => s.map((v, i) => (i % 2 ? v : a.w - v))),
    dots: a.dots?.map(([x, y]) => [a.w - x, y]),
  }
}

/**
 * SVG path data (absolute M, L, H, V, C, Q, Z; y up, in the em box) as strokes: each subpath one
 * stroke, curves sampled. Wordmark overrides are written in it.
 */
export function strokesOf(d: string): Stroke[] {
  const t = d.match(/[MLHVCQZmlhvcqz]|[-+]?(?:\d+\.?\d*|\.\d+)/g) ?? []
  const out: Stroke[] = []
  let cur: Stroke = []
  let i = 0,
    cmd = '',
    x = 0,
    y = 0
  const num = () => {
    const v = Number(t[i++])
    if (!Number.isFinite(v)) throw new SyntaxError(`lettering path: a number expected in "${d}"`)
    return v
  }
  const bez = (pts: number[]) => {
    const n = pts.length / 2 - 1
    for (let k = 1; k <= 8; k++) {
      const u = k / 8
      const p = [x, y, ...pts]
      // de Casteljau on the flat list: order 2 or 3
      for (let r = n + 1; r > 0; r--)
        for (let j = 0; j < r; j++) {
          p[2 * j] += (p[2 * j + 2] - p[2 * j]) * u
          p[2 * j + 1] += (p[2 * j + 3] - p[2 * j + 1]) * u
        }
      cur.push(p[0], p[1])
    }
    x = pts[pts.length - 2]
    y = pts[pts.length - 1]
  }
  while (i < t.length) {
    if (/[A-Za-z]/.test(t[i])) cmd = t[i++].toUpperCase()
    else if (!cmd) throw new SyntaxError(`lettering path: numbers without a command in "${d}"`)
    if (cmd === 'M') {
      if (cur.length > 2) out.push(cur)
      x = num()
      y = num()
      cur = [x, y]
      cmd = 'L'
    } else if (cmd === 'L') {
      x = num()
      y = num()
      cur.push(x, y)
    } else if (cmd === 'H') {
      x = num()
      cur.push(x, y)
    } else if (cmd === 'V') {
      y = num()
      cur.push(x, y)
    } else if (cmd === 'C') bez([num(), num(), num(), num(), num(), num()])
    else if (cmd === 'Q') bez([num(), num(), num(), num()])
    else {
      cur.push(cur[0], cur[1])
      cmd = ''
    }
  }
  if (cur.length > 2) out.push(cur)
  return out
}
