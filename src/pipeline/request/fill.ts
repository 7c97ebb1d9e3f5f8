/**
 * zoomType=fill: the scale and centre at which the aircraft covers the canvas. Covering is read
 * on the silhouette, not on its bounding box: a side view scaled until its box covers a 16:9
 * canvas shows only its middle, where the fin is not, and would leave sky above the fuselage.
 * So the crop closes in until what it keeps of the aircraft reaches past every edge of the canvas
 * by the margin (the margin as crop offset, decisions.md), and is centred on what it keeps.
 */
import type { Profile } from '../../render/silhouette'
import type { Extent } from './frame'

export interface Cover {
  pxPerM: number
  centreX: number
  centreY: number
}

// the crop closes in by 1% a step, up to 16 times where it starts: the smallest cover within 1%
const STEP = 1.01
const STEPS = 280

/**
 * The cover of a W x H canvas grown by mx, my on each side, at zoomLevel `zoom`: above 1 a
 * tighter crop that still covers (at least `zoom` times the scale of the cover at 1), below 1
 * the cover shrunk about its centre. Horizontally the aircraft stays centred on its box, as in
 * every framing; vertically on the part of it the crop keeps. Without a profile, the bounding
 * box stands for the silhouette.
 */
export function coverOf(
  box: Extent,
  profile: Profile | undefined,
  W: number,
  H: number,
  mx: number,
  my: number,
  zoom: number,
): Cover {
  const centreX = (box.minX + box.maxX) / 2
  const boxCover = Math.max(
    (W + 2 * mx) / (box.maxX - box.minX),
    (H + 2 * my) / (box.maxY - box.minY),
  )
  const atOne = (profile && closeIn(profile, centreX, boxCover, W, H, mx, my)) || {
    pxPerM: boxCover,
    centreX,
    centreY: (box.minY + box.maxY) / 2,
  }
  const shrunk = { ...atOne, pxPerM: atOne.pxPerM * zoom }
  if (zoom <= 1 || !profile) return shrunk
  return closeIn(profile, centreX, shrunk.pxPerM, W, H, mx, my) ?? shrunk
}

/**
 * the first scale from `start` up at which the crop can keep a part of the aircraft that reaches
 * past every edge by the margin, or null. Of the heights that do, the one nearest the middle of
 * what the columns keep: at a front view cropped tight that is the wings' height, where the crop
 * is covered across as well as up and down.
 */
function closeIn(
  profile: Profile,
  centreX: number,
  start: number,
  W: number,
  H: number,
  mx: number,
  my: number,
): Cover | null {
  const rowStep = (profile.y1 - profile.y0) / profile.n
  for (let i = 0, s = start; i < STEPS; i++, s *= STEP) {
    const kept = within(
      profile.colLo,
      profile.colHi,
      profile.x0,
      profile.x1,
      centreX - W / (2 * s),
      centreX + W / (2 * s),
    )
    if (!kept) return null
    // the heights at which the columns the crop keeps reach past its top and bottom by the margin
    const reach = (H / 2 + my) / s
    const low = kept.lo + reach,
      high = kept.hi - reach
    const middle = (low + high) / 2
    for (let k = 0; middle - k * rowStep >= low; k++)
      for (const centreY of k ? [middle - k * rowStep, middle + k * rowStep] : [middle]) {
        const covered = (w: number, h: number) =>
          reaches(profile, centreX, centreY, w / (2 * s), h / (2 * s), s)
        if (covered(W, H) && covered(W + 2 * mx, H + 2 * my)) return { pxPerM: s, centreX, centreY }
      }
  }
  return null
}

/**
 * whether the aircraft runs across each edge of the window x +- hw, y +- hh: the strips on the
 * edge and on either side of it each hold some of it, a pixel (1 / s metres) or more inside the
 * window's span along that edge, so a sliver at a corner or beside the edge does not count
 */
function reaches(p: Profile, x: number, y: number, hw: number, hh: number, s: number): boolean {
  const across = (
    lo: Float64Array,
    hi: Float64Array,
    a0: number,
    a1: number,
    edge: number,
    from: number,
    to: number,
  ) => {
    const step = (a1 - a0) / p.n
    for (const at of [edge - step, edge, edge + step]) {
      const i = Math.floor((at - a0) / step)
      if (i < 0 || i >= p.n || lo[i] > to - 1 / s || hi[i] < from + 1 / s) return false
    }
    return true
  }
  return (
    across(p.colLo, p.colHi, p.x0, p.x1, x - hw, y - hh, y + hh) &&
    across(p.colLo, p.colHi, p.x0, p.x1, x + hw, y - hh, y + hh) &&
    across(p.rowLo, p.rowHi, p.y0, p.y1, y - hh, x - hw, x + hw) &&
    across(p.rowLo, p.rowHi, p.y0, p.y1, y + hh, x - hw, x + hw)
  )
}

/** the extent of the silhouette in the strips wholly inside [a, b], or null when no strip is */
function within(
  lo: Float64Array,
  hi: Float64Array,
  a0: number,
  a1: number,
  a: number,
  b: number,
): { lo: number; hi: number } | null {
  const n = lo.length
  const step = (a1 - a0) / n
  const first = Math.max(0, Math.ceil((a - a0) / step - 1e-9))
  const last = Math.min(n - 1, Math.floor((b - a0) / step + 1e-9) - 1)
  let min = Infinity,
    max = -Infinity
  for (let s = first; s <= last; s++) {
    if (lo[s] < min) min = lo[s]
    if (hi[s] > max) max = hi[s]
  }
  return min <= max ? { lo: min, hi: max } : null
}
