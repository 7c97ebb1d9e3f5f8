/**
 * The fin texture, in model (x, z) metres. With letters on the fin it has two halves: the right
 * side's picture on top, the left side's under it (Texture.vLeft sends the left-facing fin faces
 * there). Shapes are the same on both, drawn pointing forward (towards -x), so they point to the nose
 * on both sides as airlines paint them; only letters differ, laid out per side so they read from
 * each (tailText, and emblems that read from both sides: fin-fit.ts). Designs are the project's own
 * drawings, never copied logos.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import type { FinFrame } from '../parts/tail'
import { paintTexture, type Texture } from '../raster/texture'
import type { Scheme } from './scheme'
import { drawEmblem, readsFromBothSides } from './emblems'
import { emblemTransform } from './fin-fit'
import { drawLettering } from '../lettering/draw'
import { partLettering, partPlacement } from '../lettering/part-letters'
import type { LiveryDesign, TailText } from '../../catalog/types'

type TailDesign = LiveryDesign['tail']

type Side = 'R' | 'L'

/** what of a model its fin is painted from: plain numbers, so another thread can paint it without the model */
export interface FinModel {
  fin: FinFrame
  fus: { L: number }
}

export function finTexture(model: FinModel, scheme: Scheme, k: number): Texture {
  const fr = model.fin
  const xA = fr.x0 - 3
  const xB = model.fus.L + 0.5
  const zB = fr.zRoot - 3
  const w = Math.ceil((xB - xA) * k) + 2
  const h = Math.ceil((fr.zTip + 0.5 - zB) * k) + 2
  // only letters differ between the sides: a tail without them paints one picture for both
  const t = scheme.design.tail
  const lettered = !!t.text || (t.emblems ?? []).some((e) => readsFromBothSides(e.shape))
  const sides: Side[] = lettered && !scheme.blank ? ['R', 'L'] : ['R']
  const data = paintTexture(w, sides.length * h, (ctx) => {
    for (const side of sides) {
      // model metres -> texels, z up; the left side's picture h rows lower
      ctx.setTransform(k, 0, 0, -k, -xA * k, (fr.zTip + 0.5) * k + (side === 'L' ? h : 0))
      ctx.fillStyle = scheme.design.tail.base
      ctx.fillRect(xA - 1, zB - 1, xB - xA + 2, fr.zTip - zB + 3)
      if (!scheme.blank) drawDesign(ctx, model, scheme, side)
    }
  })
  return {
    w,
    h: sides.length * h,
    data,
    su: k,
    sv: -k,
    u0: xA,
    v0: fr.zTip + 0.5,
    wrapV: false,
    vLeft: sides.length > 1 ? -h / k : undefined,
  }
}

function drawDesign(ctx: SKRSContext2D, model: FinModel, scheme: Scheme, side: Side): void {
  const fr = model.fin
  const t = scheme.design.tail
  const c = t.colors.length ? t.colors : [t.base]
  const hf = fr.zTip - fr.zRoot
  const leAt = (z: number) => fr.x0 + (z - fr.zRoot) * fr.tanSweep
  const chordAt = (z: number) => fr.rootChord + ((fr.tipChord - fr.rootChord) * (z - fr.zRoot)) / hf
  // fin outline (extended below the root, which hides inside the fuselage)
  const z0 = fr.zRoot - 2.5
  ctx.save()
  ctx.beginPath()
  ctx.moveTo(leAt(z0), z0)
  ctx.lineTo(leAt(fr.zTip), fr.zTip + 0.3)
  ctx.lineTo(leAt(fr.zTip) + fr.tipChord + 0.3, fr.zTip + 0.3)
  ctx.lineTo(leAt(z0) + chordAt(z0) + 0.3, z0)
  ctx.closePath()
  ctx.clip()
  if (t.gradient) finGradient(ctx, fr, t.base, t.gradient)
  const zc = fr.zRoot + 0.52 * hf
  const xc = leAt(zc) + 0.5 * chordAt(zc)
  const R = 0.3 * Math.min(chordAt(zc), hf)
  const fillPoly = (pts: [number, number][], color: string) => {
    ctx.fillStyle = color
    ctx.beginPath()
    pts.forEach(([x, z], i) => (i ? ctx.lineTo(x, z) : ctx.moveTo(x, z)))
    ctx.closePath()
    ctx.fill()
  }
  const along = (f: number, z: number): [number, number] => [leAt(z) + f * chordAt(z), z]
  switch (t.style) {
    case 'stripes': {
      // bands parallel to the leading edge, across the chord
      const n = Math.max(3, c.length)
      for (let i = 0; i < n; i++) {
        const a = 0.2 + i * 0.2,
          b = a + 0.12
        fillPoly(
          [along(a, z0), along(a, fr.zTip + 1), along(b, fr.zTip + 1), along(b, z0)],
          c[i % c.length],
        )
      }
      break
    }
    case 'disc':
      ctx.fillStyle = c[0]
      ctx.beginPath()
      ctx.arc(xc, zc, R, 0, Math.PI * 2)
      ctx.fill()
      if (c[1]) {
        ctx.fillStyle = c[1]
        ctx.beginPath()
        ctx.arc(xc, zc, R * 0.62, 0, Math.PI * 2)
        ctx.fill()
      }
      break
    case 'chevron': {
      const s = R * 1.3
      fillPoly(
        [
          [xc - s, zc],
          [xc + s * 0.4, zc + s],
          [xc + s * 0.9, zc + s],
          [xc - s * 0.1, zc],
          [xc + s * 0.9, zc - s],
          [xc + s * 0.4, zc - s],
        ],
        c[0],
      )
      if (c[1])
        fillPoly(
          [
            [xc, zc],
            [xc + s * 0.9, zc + s * 0.9],
            [xc + s * 1.3, zc + s * 0.9],
            [xc + s * 0.4, zc],
            [xc + s * 1.3, zc - s * 0.9],
            [xc + s * 0.9, zc - s * 0.9],
          ],
          c[1],
        )
      break
    }
    case 'split':
      fillPoly([along(0, z0), along(1.2, fr.zTip + 1), along(1.2, z0)], c[0])
      if (c[1]) fillPoly([along(0.55, z0), along(1.3, fr.zTip - 0.35 * hf), along(1.3, z0)], c[1])
      break
    case 'band': {
      const y0 = fr.zRoot + 0.38 * hf
      ctx.fillStyle = c[0]
      ctx.fillRect(fr.x0 - 5, y0, 40, 0.22 * hf)
      if (c[1]) {
        ctx.fillStyle = c[1]
        ctx.fillRect(fr.x0 - 5, y0 + 0.26 * hf, 40, 0.06 * hf)
      }
      break
    }
    case 'sweep': {
      ctx.fillStyle = c[0]
      ctx.beginPath()
      const [ax, az] = along(1.1, z0)
      ctx.moveTo(ax, az)
      ctx.quadraticCurveTo(...along(0.9, fr.zRoot + 0.5 * hf), ...along(-0.1, fr.zTip + 0.5))
      ctx.lineTo(...along(1.2, fr.zTip + 0.5))
      ctx.closePath()
      ctx.fill()
      if (c[1]) {
        ctx.strokeStyle = c[1]
        ctx.lineWidth = 0.06 * hf
        ctx.beginPath()
        ctx.moveTo(...along(0.85, z0))
        ctx.quadraticCurveTo(
          ...along(0.7, fr.zRoot + 0.45 * hf),
          ...along(-0.1, fr.zTip - 0.1 * hf),
        )
        ctx.stroke()
      }
      break
    }
    case 'star':
      star(ctx, xc, zc, R * 1.15, c[0])
      break
    case 'crescent':
      ctx.fillStyle = c[0]
      ctx.beginPath()
      ctx.arc(xc, zc, R, 0, Math.PI * 2)
      ctx.fill()
      ctx.fillStyle = t.base
      ctx.beginPath()
      ctx.arc(xc + R * 0.38, zc + R * 0.12, R * 0.82, 0, Math.PI * 2)
      ctx.fill()
      if (c[1]) star(ctx, xc + R * 0.35, zc + R * 0.1, R * 0.35, c[1])
      break
    case 'triangle':
      fillPoly(
        [
          [xc - R * 1.1, zc - R * 0.8],
          [xc + R * 0.2, zc + R * 1.1],
          [xc + R * 1.1, zc - R * 0.8],
        ],
        c[0],
      )
      if (c[1])
        fillPoly(
          [
            [xc - R * 0.4, zc - R * 0.8],
            [xc + R * 0.2, zc + R * 0.2],
            [xc + R * 0.7, zc - R * 0.8],
          ],
          c[1],
        )
      break
    case 'bird':
      bird(ctx, xc, zc, R * 1.3, c[0], c[1])
      break
  }
  for (const e of t.emblems ?? []) {
    ctx.save()
    ctx.transform(...emblemTransform(fr, e, side))
    drawEmblem(ctx, e.shape, e.colors)
    ctx.restore()
  }
  if (t.text) tailText(ctx, model, t.text, scheme.design.titles, side)
  ctx.restore()
}

/**
 * Letters on one side of the fin. The right side is seen with the nose to the right, so there the
 * picture is laid out with x mirrored (screen right = -x): in that frame the letters are drawn as
 * read, and the texture, seen from outside, shows them unmirrored. Along the edge they run parallel
 * to the leading edge on both sides.
 */
function tailText(
  ctx: SKRSContext2D,
  model: FinModel,
  tt: TailText,
  titles: LiveryDesign['titles'],
  side: Side,
): void {
  const fr = model.fin
  const hf = fr.zTip - fr.zRoot
  const z = fr.zRoot + (tt.y ?? 0.5) * hf
  const chord = fr.rootChord + ((fr.tipChord - fr.rootChord) * (z - fr.zRoot)) / hf
  const x = fr.x0 + (z - fr.zRoot) * fr.tanSweep + (tt.x ?? 0.5) * chord
  const edge = tt.along === 'edge'
  // the leading edge's direction on the port side's screen (x right, z up)
  const up = Math.atan2(1, fr.tanSweep)
  // up the edge on the left, down it towards the nose on the right: never tipped past upright
  const angle = edge ? (side === 'L' ? up : -up) : 0
  // room: up the leading edge, or across the chord where the letters sit
  const room = edge ? (0.76 * hf) / Math.sin(up) : 0.88 * chord
  const l = partLettering(tt, titles)
  // size is the height of the ink above the baseline, centred on (x, z); a long word is narrowed
  const { fit, at } = partPlacement(l, (tt.size ?? 0.3) * hf, room)
  ctx.save()
  ctx.translate(x, z)
  if (side === 'R') ctx.scale(-1, 1)
  ctx.rotate(angle)
  ctx.scale(fit, 1)
  drawLettering(ctx, l, [tt.color], at)
  ctx.restore()
}

function star(ctx: SKRSContext2D, x: number, z: number, r: number, color: string): void {
  ctx.fillStyle = color
  ctx.beginPath()
  for (let i = 0; i < 10; i++) {
    const a = Math.PI / 2 + (i * Math.PI) / 5
    const rr = i % 2 ? r * 0.42 : r
    const px = x + Math.cos(a) * rr,
      pz = z + Math.sin(a) * rr
    i ? ctx.lineTo(px, pz) : ctx.moveTo(px, pz)
  }
  ctx.closePath()
  ctx.fill()
}

/** a stylised bird in flight, head towards -x (forward) */
function bird(ctx: SKRSContext2D, x: number, z: number, s: number, c0: string, c1?: string): void {
  ctx.fillStyle = c0
  ctx.beginPath()
  ctx.moveTo(x - s, z - 0.1 * s) // head
  ctx.quadraticCurveTo(x - 0.2 * s, z + 0.05 * s, x + 0.1 * s, z + 0.9 * s) // upper wing leading edge
  ctx.quadraticCurveTo(x + 0.15 * s, z + 0.3 * s, x + 0.45 * s, z + 0.05 * s) // wing trailing edge
  ctx.quadraticCurveTo(x + 0.8 * s, z + 0.1 * s, x + s, z + 0.35 * s) // tail
  ctx.quadraticCurveTo(x + 0.7 * s, z - 0.25 * s, x + 0.1 * s, z - 0.3 * s) // belly
  ctx.quadraticCurveTo(x - 0.5 * s, z - 0.35 * s, x - s, z - 0.1 * s)
  ctx.fill()
  if (c1) {
    ctx.fillStyle = c1
    ctx.beginPath()
    ctx.moveTo(x - 0.3 * s, z - 0.05 * s)
    ctx.quadraticCurveTo(x + 0.3 * s, z - 0.2 * s, x + 0.5 * s, z - 0.6 * s)
    ctx.quadraticCurveTo(x + 0.35 * s, z - 0.15 * s, x - 0.3 * s, z - 0.05 * s)
    ctx.fill()
  }
}

/**
 * the fin's base colour fading through the gradient's colours: up the fin (root to tip), aft
 * (leading to trailing edge), or along the sweep (from the root's trailing edge to the tip's
 * leading edge, as a fade that follows the fin's rake)
 */
function finGradient(
  ctx: SKRSContext2D,
  fr: FinFrame,
  base: string,
  g: NonNullable<TailDesign['gradient']>,
): void {
  const hf = fr.zTip - fr.zRoot
  const tipLE = fr.x0 + hf * fr.tanSweep
  const [x0, z0, x1, z1] =
    g.direction === 'aft'
      ? [fr.x0 + 0.2 * hf * fr.tanSweep, fr.zRoot, fr.x0 + fr.rootChord, fr.zRoot]
      : g.direction === 'sweep'
        ? [fr.x0 + fr.rootChord, fr.zRoot, tipLE, fr.zTip]
        : [tipLE, fr.zRoot, tipLE, fr.zTip]
  const lg = ctx.createLinearGradient(x0, z0, x1, z1)
  const stops = [base, ...g.colors]
  stops.forEach((c, i) => lg.addColorStop(i / (stops.length - 1), c))
  ctx.fillStyle = lg
  ctx.fillRect(fr.x0 - 5, fr.zRoot - 3, fr.rootChord + hf * Math.abs(fr.tanSweep) + 10, hf + 4)
}
