/**
 * SVG path data (absolute M, L, H, V, C, Q, A, Z: what assets/emblems/emblems.json uses) parsed
 * once into plain numbers and replayed onto a 2D context's current path.
 * Why not Path2D: in a process where @napi-rs/canvas's class check for Path2D has gone wrong,
 * every Path2D (a cached one, a fresh one) is refused with "parameter 1 is not of type 'Path2D'"
 * while `instanceof Path2D` still holds: about one fresh process in twenty here, which then failed
 * every livery with an emblem. The context's own path methods take only numbers.
 */

/** the commands as numbers: an op code, then its operands */
export type PathOps = Float64Array

const MOVE = 0,
  LINE = 1,
  CUBIC = 2,
  QUAD = 3,
  ELLIPSE = 4,
  CLOSE = 5
const ARGS: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, Q: 4, A: 7, Z: 0 }

/** the path as ops; throws on a command outside the set above (the emblem catalogue test parses every one) */
export function parsePath(d: string): PathOps {
  const tokens = d.match(/[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []
  const ops: number[] = []
  let i = 0,
    cmd = '',
    x = 0,
    y = 0,
    sx = 0,
    sy = 0
  const num = () => {
    const t = tokens[i++]
    if (t === undefined || !/[\d.]/.test(t))
      throw new SyntaxError(`svg path: a number expected in "${d.slice(0, 40)}"`)
    return Number(t)
  }
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i])) {
      cmd = tokens[i++]
      if (!(cmd in ARGS)) throw new SyntaxError(`svg path: command ${cmd} is not supported`)
    } else if (cmd === '' || cmd === 'Z')
      throw new SyntaxError(`svg path: numbers without a command in "${d.slice(0, 40)}"`)
    switch (cmd) {
      case 'M':
        x = sx = num()
        y = sy = num()
        ops.push(MOVE, x, y)
        cmd = 'L'
        break // further pairs are lines
      case 'L':
        x = num()
        y = num()
        ops.push(LINE, x, y)
        break
      case 'H':
        x = num()
        ops.push(LINE, x, y)
        break
      case 'V':
        y = num()
        ops.push(LINE, x, y)
        break
      case 'C': {
        const a = [num(), num(), num(), num(), num(), num()]
        ops.push(CUBIC, ...a)
        x = a[4]
        y = a[5]
        break
      }
      case 'Q': {
        const a = [num(), num(), num(), num()]
        ops.push(QUAD, ...a)
        x = a[2]
        y = a[3]
        break
      }
      case 'A': {
        const rx = num(),
          ry = num(),
          rot = num(),
          large = num(),
          sweep = num(),
          ex = num(),
          ey = num()
        arc(ops, x, y, rx, ry, rot, large !== 0, sweep !== 0, ex, ey)
        x = ex
        y = ey
        break
      }
      case 'Z':
        ops.push(CLOSE)
        x = sx
        y = sy
        break
    }
  }
  return Float64Array.from(ops)
}

/** the SVG endpoint arc as a centre arc (SVG 1.1, appendix F.6), or a line where it is degenerate */
function arc(
  ops: number[],
  x1: number,
  y1: number,
  rx: number,
  ry: number,
  deg: number,
  large: boolean,
  sweep: boolean,
  x2: number,
  y2: number,
): void {
  if (x1 === x2 && y1 === y2) return
  rx = Math.abs(rx)
  ry = Math.abs(ry)
  if (rx === 0 || ry === 0) {
    ops.push(LINE, x2, y2)
    return
  }
  const phi = (deg * Math.PI) / 180,
    c = Math.cos(phi),
    s = Math.sin(phi)
  const dx = (x1 - x2) / 2,
    dy = (y1 - y2) / 2
  const xp = c * dx + s * dy,
    yp = -s * dx + c * dy
  // radii too small to reach are scaled up until they just do
  const lam = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry)
  if (lam > 1) {
    rx *= Math.sqrt(lam)
    ry *= Math.sqrt(lam)
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
  const den = rx * rx * yp * yp + ry * ry * xp * xp
  const k = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den))
  const cxp = (k * rx * yp) / ry,
    cyp = (-k * ry * xp) / rx
  const cx = c * cxp - s * cyp + (x1 + x2) / 2,
    cy = s * cxp + c * cyp + (y1 + y2) / 2
  const a1 = Math.atan2((yp - cyp) / ry, (xp - cxp) / rx)
  let da = Math.atan2((-yp - cyp) / ry, (-xp - cxp) / rx) - a1
  if (sweep && da < 0) da += 2 * Math.PI
  else if (!sweep && da > 0) da -= 2 * Math.PI
  ops.push(ELLIPSE, cx, cy, rx, ry, phi, a1, a1 + da, sweep ? 0 : 1)
}

/** the ops as the context's current path (after a beginPath) */
export interface PathSink {
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  bezierCurveTo(a: number, b: number, c: number, d: number, e: number, f: number): void
  quadraticCurveTo(a: number, b: number, c: number, d: number): void
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rot: number,
    a0: number,
    a1: number,
    ccw?: boolean,
  ): void
  closePath(): void
}

export function tracePath(ctx: PathSink, o: PathOps): void {
  for (let i = 0; i < o.length; ) {
    switch (o[i]) {
      case MOVE:
        ctx.moveTo(o[i + 1], o[i + 2])
        i += 3
        break
      case LINE:
        ctx.lineTo(o[i + 1], o[i + 2])
        i += 3
        break
      case CUBIC:
        ctx.bezierCurveTo(o[i + 1], o[i + 2], o[i + 3], o[i + 4], o[i + 5], o[i + 6])
        i += 7
        break
      case QUAD:
        ctx.quadraticCurveTo(o[i + 1], o[i + 2], o[i + 3], o[i + 4])
        i += 5
        break
      case ELLIPSE:
        ctx.ellipse(
          o[i + 1],
          o[i + 2],
          o[i + 3],
          o[i + 4],
          o[i + 5],
          o[i + 6],
          o[i + 7],
          o[i + 8] === 1,
        )
        i += 9
        break
      default:
        ctx.closePath()
        i += 1
    }
  }
}

/**
 * points along the path's outline (curves and arcs sampled): what bounds its filled extent, for
 * fitting a shape inside the fin (a curve stays within its samples to a fraction of a unit)
 */
export function outlinePoints(o: PathOps, steps = 8): [number, number][] {
  const pts: [number, number][] = []
  let x = 0,
    y = 0
  for (let i = 0; i < o.length; ) {
    switch (o[i]) {
      case MOVE:
      case LINE:
        x = o[i + 1]
        y = o[i + 2]
        pts.push([x, y])
        i += 3
        break
      case CUBIC:
        for (let k = 1; k <= steps; k++) {
          const t = k / steps,
            u = 1 - t
          const a = u * u * u,
            b = 3 * u * u * t,
            c = 3 * u * t * t,
            d = t * t * t
          pts.push([
            a * x + b * o[i + 1] + c * o[i + 3] + d * o[i + 5],
            a * y + b * o[i + 2] + c * o[i + 4] + d * o[i + 6],
          ])
        }
        x = o[i + 5]
        y = o[i + 6]
        i += 7
        break
      case QUAD:
        for (let k = 1; k <= steps; k++) {
          const t = k / steps,
            u = 1 - t
          pts.push([
            u * u * x + 2 * u * t * o[i + 1] + t * t * o[i + 3],
            u * u * y + 2 * u * t * o[i + 2] + t * t * o[i + 4],
          ])
        }
        x = o[i + 3]
        y = o[i + 4]
        i += 5
        break
      case ELLIPSE: {
        const [cx, cy, rx, ry, rot, a0, a1] = o.subarray(i + 1, i + 8)
        const n = Math.max(2, Math.ceil((Math.abs(a1 - a0) / Math.PI) * 2 * steps))
        const c = Math.cos(rot),
          s = Math.sin(rot)
        for (let k = 0; k <= n; k++) {
          const a = a0 + ((a1 - a0) * k) / n
          const ex = rx * Math.cos(a),
            ey = ry * Math.sin(a)
          pts.push([cx + c * ex - s * ey, cy + s * ex + c * ey])
        }
        ;[x, y] = pts[pts.length - 1]
        i += 9
        break
      }
      default:
        i += 1
    }
  }
  return pts
}
