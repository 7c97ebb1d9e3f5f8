import { describe, expect, test } from 'bun:test'
import { airlineRecords } from '../../../src/catalog/airline-records'
import type { Angle, LiveryDesign } from '../../../src/catalog/types'
import { render, texturesFor, type RenderSpec, type Texture } from '../../../src/render/index'
import { LIVERIES, plane } from '../helpers'

const airlines = airlineRecords
const MODELS = [
  'airbus-a320-200',
  'boeing-737-800',
  'boeing-747-8i',
  'airbus-a380-800',
  'boeing-787-9',
  'airbus-a330-300',
]
/**
 * oblique views and the side of the fuselage turned away from each (R: girth rows of the top half).
 * 345 shows most of the far side's upper girth (15 degrees off the nose, 13 from above): every airline
 * is checked there, the others on about twenty airlines spread through the catalog, to keep the test quick.
 */
const FAR: [Angle, 'R' | 'L'][] = [
  ['345', 'R'],
  ['315', 'R'],
  ['45', 'L'],
]
const ALL_ANGLES_EVERY = Math.max(4, Math.round(airlines.length / 20))

function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0
  for (let i = 0; i < a.length; i += 4)
    if (
      Math.abs(a[i] - b[i]) > 24 ||
      Math.abs(a[i + 1] - b[i + 1]) > 24 ||
      Math.abs(a[i + 2] - b[i + 2]) > 24
    )
      n++
  return n
}

const white = (t: Texture): Texture => ({
  ...t,
  data: new Uint8ClampedArray(t.data.length).fill(255),
})
/** what the renderer reads of a livery besides its textures (engines, wings...), the same for every airline */
const WHITE: LiveryDesign = {
  ...LIVERIES.navy,
  fuselage: '#ffffff',
  belly: '#ffffff',
  engines: '#ffffff',
  engineAccent: '#ffffff',
  wings: '#ffffff',
  winglets: '#ffffff',
  nose: '#ffffff',
}
/** the aircraft all white, per model, angle and texture size: what a side with nothing in sight leaves */
const references = new Map<string, Uint8ClampedArray>()

/**
 * how many pixels of the picture show a title or mark of one half of the fuselage's girth (R: the
 * top half of the texture rows, L: the bottom half). The livery's titles and marks are the texels
 * that differ from its bare paint: they are drawn black on that half of an all-white aircraft, and
 * the picture compared with the all-white one (one picture per airline, lighting or not)
 */
function inSight(spec: RenderSpec, half: 'R' | 'L'): number {
  const livery = spec.livery!
  const bare: LiveryDesign = {
    ...livery,
    titles: { ...livery.titles, text: '', second: undefined },
    marks: [],
  }
  const full = texturesFor(spec)
  const plain = texturesFor({ ...spec, livery: bare }).fuselage.data
  const t = full.fuselage
  const mask = new Uint8ClampedArray(t.data.length).fill(255)
  const rows = (t.h / 2) * t.w * 4
  for (let i = half === 'R' ? 0 : rows, end = half === 'R' ? rows : t.data.length; i < end; i += 4)
    if (
      Math.abs(t.data[i] - plain[i]) > 24 ||
      Math.abs(t.data[i + 1] - plain[i + 1]) > 24 ||
      Math.abs(t.data[i + 2] - plain[i + 2]) > 24
    )
      mask[i] = mask[i + 1] = mask[i + 2] = 0
  const blank = {
    fuselage: white(t),
    fin: white(full.fin),
    nacelle: full.nacelle && white(full.nacelle),
  }
  const key = `${spec.plane.slug} ${spec.angle} ${t.w}x${t.h} ${full.fin.w}x${full.fin.h} ${!!full.nacelle}`
  const drawn = { ...spec, livery: WHITE }
  const reference =
    references.get(key) ??
    references.set(key, render({ ...drawn, textures: blank }).pixels).get(key)!
  return differing(
    render({ ...drawn, textures: { ...blank, fuselage: { ...t, data: mask } } }).pixels,
    reference,
  )
}

describe('paint stays on its side', () => {
  // the far side's titles and marks, alone on a white aircraft: if the picture changes, some of them
  // were in sight over the crown
  test('no far-side title or mark is in sight at any oblique angle, for every airline', {
    timeout: 60_000,
  }, () => {
    const seen: string[] = []
    airlines.forEach((a, i) => {
      const p = plane(MODELS[i % MODELS.length])
      for (const [angle, far] of FAR.slice(0, i % ALL_ANGLES_EVERY === 0 ? FAR.length : 1)) {
        const n = inSight(
          {
            plane: p,
            livery: a.livery,
            angle,
            gear: 'down',
            width: 480,
            height: 270,
            marginPx: 12,
          },
          far,
        )
        if (n > 0) seen.push(`${a.slug} on ${p.slug} at ${angle}: ${n} px`)
      }
    })
    expect(seen).toEqual([])
  })

  test('the check sees a far-side title drawn over the crown', () => {
    // the near side's titles, by the same means: they must show, or the test above proves nothing
    const a = airlines.find((x) => x.slug === 'southwest-airlines')!
    expect(
      inSight(
        {
          plane: plane('boeing-737-800'),
          livery: a.livery,
          angle: '345',
          gear: 'down',
          width: 480,
          height: 270,
          marginPx: 12,
        },
        'L',
      ),
    ).toBeGreaterThan(200)
  })
})

describe('colour boundaries at the nose and tail', () => {
  const livery: LiveryDesign = {
    ...LIVERIES.navy,
    fuselage: '#ffffff',
    belly: '#ff0000',
    bellyLine: 0.3,
    nose: undefined,
    cheatline: { style: 'none', colors: [] },
    titles: { text: '', color: '#000000' },
  }
  /** the highest belly-red pixel of each column across the middle of the fuselage, nose-on or tail-on */
  function boundary(slug: string, angle: Angle) {
    const W = 1024,
      H = 576
    const r = render({
      plane: plane(slug),
      livery,
      angle,
      gear: 'up',
      width: W,
      height: H,
      marginPx: 40,
    })
    const d = r.pixels
    const cx = Math.round(r.fuselageCentre.x)
    const half = plane(slug).fuselageWidthM / 2 / r.metresPerPixel
    const tops: number[] = []
    for (let x = Math.round(cx - 0.4 * half); x <= cx + 0.4 * half; x++) {
      for (let y = Math.round(r.fuselageCentre.y); y < H; y++) {
        const i = (y * W + x) * 4
        // red by its hue: in the shade under the tail the sky's and ground's reflections lift green
        // and blue, and the tone curve keeps a shaded colour's channel ratios, so red stays muted there
        if (d[i + 3] > 200 && d[i] > 100 && d[i] - d[i + 1] > 40 && d[i] - d[i + 2] > 40) {
          tops.push(y)
          break
        }
      }
    }
    return {
      spread: Math.max(...tops) - Math.min(...tops),
      height: plane(slug).fuselageHeightM / r.metresPerPixel,
      columns: tops.length,
    }
  }

  for (const slug of ['airbus-a320-200', 'boeing-737-800', 'boeing-787-9']) {
    for (const angle of ['0', '180'] as Angle[]) {
      test(`the belly colour meets in a level line, not a V, on the ${slug} at ${angle}`, () => {
        const b = boundary(slug, angle)
        expect(b.columns).toBeGreaterThan(20)
        expect(b.spread).toBeLessThan(0.06 * b.height)
      })
    }
  }
})
