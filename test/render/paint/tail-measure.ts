/**
 * The near-identical measure of two airlines' tails (tails.test.ts, every-livery.test.ts). Each tail
 * is drawn on one model, the A330-300, so only paint differs, small (CI-fast, still showing each
 * emblem's silhouette): at 90 the rear fifth of the aircraft, fin side-on; at 345 the fin as a card
 * shows it, from ahead and above, its near face foreshortened. Two tails differing by less than
 * DISTINCT are interchangeable. What is compared is the lit picture: a change of light that
 * darkens or pales the paint moves every distance (every-livery.test.ts was calibrated on the
 * renderer of commit 0f2b669).
 */
import type { Angle, LiveryDesign } from '../../../src/catalog/types'
import { measure, render } from '../../../src/render/index'
import { plane } from '../helpers'

export const TAIL_PLANE = plane('airbus-a330-300')
/** the side-on tail's size; at 345 the crop is as tall and as wide as the foreshortened fin needs */
export const TW = 96,
  TH = 80
/** share of visibly different pixels below which two tails read as the same, side-on */
export const DISTINCT = 0.08
/**
 * the same at 345, where a card shows the fin's face foreshortened to a third and turned from the
 * light: tails of one base colour differ there by their emblem's sliver alone (Aer Lingus and
 * Vietnam Airlines, 0.026), so this bar catches tails painted the same, not tails merely alike
 */
export const DISTINCT_345 = DISTINCT / 4
/**
 * side-on alone, under the daylight renderer (sun, sky reflection, tone curve): the bar below which a
 * fin would pass for another's; calibrated on the renderer of the commit that made daylight, where the
 * nearest pairs of the catalog sit at 0.063-0.079
 */
export const DISTINCT_SIDE_ON = 0.06
export type TailAngle = Extract<Angle, '90' | '345'>
type Placement = { metresPerPixel: number; originX: number; originY: number }
interface Crop {
  width: number
  height: number
  placement: Placement
}

/** the rear fifth of the aircraft seen side-on, its tail end 0.3 m inside the left edge */
function sideOn(): Crop {
  const b = measure(TAIL_PLANE, '90', 'down')
  const mpp = (0.22 * (b.maxX - b.minX)) / TW
  return {
    width: TW,
    height: TH,
    placement: {
      metresPerPixel: mpp,
      originX: -(b.minX - 0.3) / mpp,
      originY: (b.maxY + 0.3) / mpp,
    },
  }
}

const white = '#FFFFFF'
/** every surface white */
const WHITE: LiveryDesign = {
  fuselage: white,
  belly: white,
  cheatline: { style: 'none', colors: [] },
  tail: { base: white, style: 'solid', colors: [] },
  engines: white,
  winglets: white,
  wings: white,
  titles: { text: '', color: white },
}

/**
 * the fin at 345 and a margin of rear fuselage around it: found by drawing the fin alone in red on
 * a white aircraft (whatever the camera does, the crop follows the fin)
 */
function finAt345(): Crop {
  const W = 640,
    H = 360,
    b = measure(TAIL_PLANE, '345', 'down')
  const mpp = Math.max((b.maxX - b.minX) / (W - 40), (b.maxY - b.minY) / (H - 40))
  const whole: Placement = {
    metresPerPixel: mpp,
    originX: W / 2 - (b.minX + b.maxX) / 2 / mpp,
    originY: H / 2 + (b.minY + b.maxY) / 2 / mpp,
  }
  const marker: LiveryDesign = { ...WHITE, tail: { ...WHITE.tail, base: '#FF0000' } }
  const d = render({
    plane: TAIL_PLANE,
    livery: marker,
    angle: '345',
    gear: 'down',
    width: W,
    height: H,
    placement: whole,
  }).pixels
  let x0 = W,
    y0 = H,
    x1 = -1,
    y1 = -1
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4
      if (d[i + 3] > 128 && d[i] > 120 && d[i] > 2 * d[i + 1] && d[i] > 2 * d[i + 2]) {
        x0 = Math.min(x0, x)
        x1 = Math.max(x1, x)
        y0 = Math.min(y0, y)
        y1 = Math.max(y1, y)
      }
    }
  if (x1 < 0) throw new Error('the fin is not in sight at 345')
  // the fin and a tenth of its height around it, TH tall: the fin fills the crop, so its paint decides
  const pad = 0.1 * (y1 - y0)
  const left = (x0 - pad - whole.originX) * mpp,
    top = (whole.originY - (y0 - pad)) * mpp
  const scale = ((y1 - y0 + 2 * pad) / TH) * mpp
  const width = Math.ceil(((x1 - x0 + 2 * pad) * mpp) / scale)
  return {
    width,
    height: TH,
    placement: { metresPerPixel: scale, originX: -left / scale, originY: top / scale },
  }
}

const crops = new Map<TailAngle, Crop>()
export const cropAt = (angle: TailAngle): Crop =>
  crops.get(angle) ?? crops.set(angle, angle === '90' ? sideOn() : finAt345()).get(angle)!
/** the tail of a livery at 90 or 345, RGB over a white ground so uncovered pixels compare alike */
export function tail(livery: LiveryDesign, angle: TailAngle): Uint8ClampedArray {
  const { width, height, placement } = cropAt(angle)
  const p = render({
    plane: TAIL_PLANE,
    livery,
    angle,
    gear: 'down',
    width,
    height,
    placement,
  }).pixels
  const out = new Uint8ClampedArray((p.length / 4) * 3)
  for (let i = 0, j = 0; i < p.length; i += 4, j += 3) {
    const al = p[i + 3] / 255
    for (let c = 0; c < 3; c++) out[j + c] = p[i + c] * al + 255 * (1 - al)
  }
  return out
}

/** a channel difference a viewer sees between two paints under the same light */
const VISIBLE = 32
/** the share of pixels drawn in either tail whose colour differs visibly (by more than VISIBLE in a channel) */
export function difference(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let drawn = 0,
    differ = 0
  for (let i = 0; i < x.length; i += 3) {
    if (x[i] + x[i + 1] + x[i + 2] > 762 && y[i] + y[i + 1] + y[i + 2] > 762) continue // ground in both
    drawn++
    if (
      Math.abs(x[i] - y[i]) > VISIBLE ||
      Math.abs(x[i + 1] - y[i + 1]) > VISIBLE ||
      Math.abs(x[i + 2] - y[i + 2]) > VISIBLE
    )
      differ++
  }
  return differ / Math.max(1, drawn)
}

/** every pair of tails closer than the bar, as "a ~ b (d)", nearest first */
export function nearIdentical(
  slugs: readonly string[],
  tails: readonly ArrayLike<number>[],
  bar: number,
): string[] {
  const close: [number, string][] = []
  for (let i = 0; i < slugs.length; i++)
    for (let j = i + 1; j < slugs.length; j++) {
      const d = difference(tails[i], tails[j])
      if (d < bar) close.push([d, `${slugs[i]} ~ ${slugs[j]} (${d.toFixed(3)})`])
    }
  return close.sort((p, q) => p[0] - q[0]).map(([, s]) => s)
}
