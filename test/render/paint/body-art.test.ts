import { describe, expect, test } from 'bun:test'
import { Value } from '@sinclair/typebox/value'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { LiveryDesignSchema } from '../../../src/catalog/schema'
import type { Angle, LiveryDesign } from '../../../src/catalog/types'
import { decide } from '../../../src/pipeline/request/cascade'
import { render, texturesFor, type RenderSpec } from '../../../src/render/index'
import { hasEmblem } from '../../../src/render/paint/emblems'
import { LIVERIES, plane } from '../helpers'

/** a plain white aircraft with a navy tail: what each test adds one piece of art to */
const PLAIN: LiveryDesign = {
  ...LIVERIES.navy,
  fuselage: '#ffffff',
  belly: '#ffffff',
  cheatline: { style: 'none', colors: [] },
  tail: { base: '#0b3d91', style: 'solid', colors: [] },
  engines: '#0b3d91',
  titles: { text: '', color: '#000000' },
}

const spec = (slug: string, livery: LiveryDesign, angle: Angle, width = 1024): RenderSpec => ({
  plane: plane(slug),
  livery,
  angle,
  gear: 'down',
  width,
  height: Math.round((width * 9) / 16),
})

/** pixels that differ by more than 40 in a channel */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let n = 0
  for (let i = 0; i < a.length; i += 4)
    if (
      Math.abs(a[i] - b[i]) > 40 ||
      Math.abs(a[i + 1] - b[i + 1]) > 40 ||
      Math.abs(a[i + 2] - b[i + 2]) > 40
    )
      n++
  return n
}

/** the mean column of the pixels that pass `is` (NaN without any) */
function meanX(
  p: Uint8ClampedArray,
  W: number,
  is: (p: Uint8ClampedArray, i: number) => boolean,
): number {
  let sum = 0,
    n = 0
  for (let i = 0; i < p.length; i += 4)
    if (p[i + 3] > 200 && is(p, i)) {
      sum += (i / 4) % W
      n++
    }
  return sum / n
}

describe('livery schema: gradients, engine and winglet art', () => {
  const ok: LiveryDesign = {
    ...PLAIN,
    cheatline: { style: 'tail-sweep', colors: ['#00b5c8'], gradient: ['#0085ca', '#00579c'] },
    fuselageGradient: { colors: ['#e3d3ae', '#c9a45a'], direction: 'aft', from: 0.6, to: 0.93 },
    engineEmblem: { shape: 'crane-ring', colors: ['#ffffff'], x: 0.45, size: 0.5 },
    wingletEmblem: { shape: 'kangaroo', colors: ['#ffffff'], y: 0.5, size: 0.6 },
  }
  test('accepts the new fields', () => {
    expect(Value.Check(LiveryDesignSchema, ok)).toBe(true)
    expect(
      Value.Check(LiveryDesignSchema, { ...ok, fuselageGradient: { colors: ['#000000'] } }),
    ).toBe(true)
  })
  test.each([
    ['a gradient without colours', { fuselageGradient: { colors: [] } }],
    ['an unknown direction', { fuselageGradient: { colors: ['#000000'], direction: 'down' } }],
    ['a start past the tail', { fuselageGradient: { colors: ['#000000'], from: 1.2 } }],
    ['a named colour', { fuselageGradient: { colors: ['red'] } }],
    [
      'an empty cheatline fade',
      { cheatline: { style: 'swoosh', colors: ['#000000'], gradient: [] } },
    ],
    [
      'an engine emblem of no size',
      { engineEmblem: { shape: 'koru', colors: ['#ffffff'], size: 0 } },
    ],
    ['an engine emblem without colour', { engineEmblem: { shape: 'koru', colors: [] } }],
    [
      'a winglet emblem past the tip',
      { wingletEmblem: { shape: 'koru', colors: ['#ffffff'], y: 1.5 } },
    ],
    ['a winglet emblem without shape', { wingletEmblem: { shape: '', colors: ['#ffffff'] } }],
  ])('rejects %s', (_, bad) => {
    expect(Value.Check(LiveryDesignSchema, { ...ok, ...bad })).toBe(false)
  })
})

describe('fuselage gradient', () => {
  test('the fuselage turns from white to blue along the body as declared', () => {
    const livery: LiveryDesign = {
      ...PLAIN,
      fuselageGradient: { colors: ['#0000ff'], direction: 'aft', from: 0.25, to: 0.75 },
    }
    const r = render(spec('airbus-a321-200', livery, '90'))
    const { x, width } = r.bbox
    const y = Math.round(r.fuselageCentre.y)
    // blueness along the centre line, nose (right) to tail (left): the body runs nearly the whole box
    const blue = (f: number) => {
      const i = 4 * (y * r.canvas.width + Math.round(x + width * (1 - f)))
      return r.pixels[i + 2] - r.pixels[i]
    }
    expect(blue(0.12)).toBeLessThan(25)
    expect(blue(0.5)).toBeGreaterThan(blue(0.12) + 40)
    expect(blue(0.85)).toBeGreaterThan(blue(0.5) + 40)
  })

  test('an upward gradient changes the texture from belly to crown, not along the body', () => {
    const livery: LiveryDesign = {
      ...PLAIN,
      fuselageGradient: { colors: ['#ff0000'], direction: 'up' },
    }
    const t = texturesFor(spec('airbus-a321-200', livery, '90', 512)).fuselage
    // rows of the right side run crown (0) to belly (h / 2): red at the crown, white at the belly
    const at = (col: number, row: number) => 4 * (row * t.w + col)
    for (const col of [Math.round(t.w * 0.3), Math.round(t.w * 0.6)]) {
      const crown = at(col, 1)
      const belly = at(col, Math.round(t.h / 2) - 2)
      expect(t.data[crown + 1]).toBeLessThan(60)
      expect(t.data[belly + 1]).toBeGreaterThan(200)
    }
  })
})

describe('engine and winglet art', () => {
  test('the engine emblem shows on the nacelles from both sides', { timeout: 30_000 }, () => {
    const art: LiveryDesign = {
      ...PLAIN,
      engineEmblem: { shape: 'crane-ring', colors: ['#ffffff'], size: 0.5 },
    }
    for (const angle of ['90', '270'] as Angle[]) {
      const a = render(spec('airbus-a350-900', PLAIN, angle)).pixels
      const b = render(spec('airbus-a350-900', art, angle)).pixels
      expect(differing(a, b)).toBeGreaterThan(60)
    }
  })

  test('the winglet emblem shows where the winglets are seen, and only on models that have them', {
    timeout: 30_000,
  }, () => {
    const art: LiveryDesign = {
      ...PLAIN,
      wingletEmblem: { shape: 'widget', colors: ['#c8102e', '#862633'], size: 0.6 },
    }
    for (const angle of ['90', '270', '45'] as Angle[]) {
      const a = render(spec('boeing-737-800', PLAIN, angle, 2048)).pixels
      const b = render(spec('boeing-737-800', art, angle, 2048)).pixels
      expect(differing(a, b)).toBeGreaterThan(15)
    }
    expect(texturesFor(spec('boeing-737-800', art, '90')).winglet).toBeDefined()
    // its front (the first colour's half) towards the nose from either side: the right at 90
    const sided: LiveryDesign = {
      ...PLAIN,
      winglets: '#ffffff',
      wingletEmblem: { shape: 'widget', colors: ['#00ff00', '#ff00ff'], size: 0.6 },
    }
    for (const [angle, noseRight] of [
      ['90', true],
      ['270', false],
    ] as const) {
      const r = render(spec('boeing-737-800', sided, angle, 2048))
      const front = meanX(
        r.pixels,
        r.canvas.width,
        (p, i) => p[i + 1] - Math.max(p[i], p[i + 2]) > 80,
      )
      const back = meanX(
        r.pixels,
        r.canvas.width,
        (p, i) => Math.min(p[i], p[i + 2]) - p[i + 1] > 80,
      )
      expect(noseRight ? front - back : back - front).toBeGreaterThan(0.5)
    }
    // a raked tip has no winglet to paint
    expect(texturesFor(spec('boeing-777-300er', art, '90')).winglet).toBeUndefined()
  })
})

describe('every airline with body art', () => {
  const catalog = loadEmbeddedCatalog()
  const withArt = catalog.airlines.filter(
    (a) =>
      a.livery.fuselageGradient ||
      a.livery.cheatline.gradient ||
      a.livery.engineEmblem ||
      a.livery.wingletEmblem,
  )

  test('names shapes the engines and winglets can draw', () => {
    expect(withArt.length).toBeGreaterThan(5)
    const unknown = withArt.flatMap((a) => [
      ...(a.livery.engineEmblem && !hasEmblem(a.livery.engineEmblem.shape) ? [a.slug] : []),
      ...(a.livery.wingletEmblem && !hasEmblem(a.livery.wingletEmblem.shape) ? [a.slug] : []),
    ])
    expect(unknown).toEqual([])
  })

  test('draws each of its models in its own livery, with no fallback', { timeout: 60_000 }, () => {
    const wrong: string[] = []
    for (const airline of withArt)
      for (const slug of airline.fleet) {
        const p = catalog.plane(slug)!
        const d = decide(catalog, catalog.largestPlane(), {
          plane: p,
          airlineRequested: true,
          airline,
          liveryType: 'base',
          angle: '345',
          gear: 'down',
        })
        if (d.state !== 'livery' || d.livery.design !== airline.livery) {
          wrong.push(`${airline.slug} on ${slug}: ${d.state}`)
          continue
        }
        const s = spec(slug, d.livery.design, '345', 256)
        const t = texturesFor(s)
        if (airline.livery.engineEmblem && !t.nacelle)
          wrong.push(`${airline.slug} on ${slug}: no nacelle art`)
        const hasDevice = ['sharklet', 'winglet', 'blended', 'split-scimitar'].includes(p.wing.tip)
        if (airline.livery.wingletEmblem && hasDevice !== !!t.winglet)
          wrong.push(
            `${airline.slug} on ${slug}: winglet art ${t.winglet ? 'without' : 'missing on'} a winglet`,
          )
        const r = render({ ...s, textures: t })
        if (r.bbox.width < 100) wrong.push(`${airline.slug} on ${slug}: drew ${r.bbox.width} px`)
      }
    expect(wrong).toEqual([])
  })
})
