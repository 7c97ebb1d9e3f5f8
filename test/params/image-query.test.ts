import { describe, expect, test } from 'bun:test'
import { parseImageQuery, problemBody } from '../../src/params/image-query'

const known = (slug: string) => ['airbus-a380-800', 'airbus-a320-200'].includes(slug)
const parse = (q: Record<string, string>) => parseImageQuery(q, known)
const opts = (q: Record<string, string>) => parse(q).options

describe('image query defaults', () => {
  test('uses the documented defaults and does not compose', () => {
    const { options, problems } = parse({ plane: 'a320' })
    expect(problems).toEqual([])
    expect(options).toMatchObject({
      liveryType: 'base',
      format: 'image',
      filetype: 'png',
      angle: '90',
      gear: 'down',
      render: {
        width: 1280,
        zoomType: 'contain',
        zoomLevel: 1,
        marginPercent: 8,
        resolution: null,
      },
      compose: {
        pitch: 0,
        scale: 'none',
        referencePlane: null,
        align: 'center',
        background: null,
        gradient: null,
      },
    })
    expect(options.composeTriggers).toEqual([])
  })
})

describe('aliases', () => {
  test('maps angle 347 to 345', () => expect(opts({ angle: '347' }).angle).toBe('345'))
  test('maps jpeg to jpg', () => expect(opts({ filetype: 'jpeg' }).filetype).toBe('jpg'))
  test.each(['up', 'false', '0', 'without', 'retracted', 'UP'])('reads gear=%s as up', (g) =>
    expect(opts({ gear: g }).gear).toBe('up'),
  )
  test.each([
    ['none', 0],
    ['up45', 45],
    ['down45', -45],
    ['up', 25],
    ['down', -25],
    ['-12.5', -12.5],
  ])('reads pitch=%s as %d degrees', (p, deg) => expect(opts({ pitch: p }).compose.pitch).toBe(deg))
  test('reads verticalAlign as align', () =>
    expect(opts({ verticalAlign: 'bottom' }).compose.align).toBe('bottom'))
})

describe('selectors', () => {
  test('gives plane_icao precedence over plane_iata over plane', () => {
    expect(opts({ plane: 'a', plane_iata: 'b', plane_icao: 'c' }).plane).toEqual({
      value: 'c',
      method: 'icao',
      param: 'plane_icao',
    })
    expect(opts({ plane: 'a', plane_iata: 'b' }).plane).toEqual({
      value: 'b',
      method: 'iata',
      param: 'plane_iata',
    })
    expect(opts({ plane: 'a' }).plane?.method).toBe('raw')
  })
  test('gives airline_icao precedence over airline_iata over airline', () => {
    expect(opts({ airline: 'x', airline_iata: 'LH', airline_icao: 'DLH' }).airline?.param).toBe(
      'airline_icao',
    )
  })
})

describe('composition trigger', () => {
  test.each([
    'pitch',
    'scale',
    'align',
    'background',
    'backgroundGradient',
    'width',
    'zoomLevel',
    'zoomType',
    'resolution',
  ])('composes when %s is sent', (param) =>
    expect(opts({ [param]: 'x' }).composeTriggers).toContain(param),
  )
  test('composes when marginPercent differs from 8, not when it equals 8', () => {
    expect(opts({ marginPercent: '8' }).composeTriggers).toEqual([])
    expect(opts({ marginPercent: '10' }).composeTriggers).toEqual(['marginPercent'])
  })
})

describe('numbers', () => {
  test('rounds zoomLevel to 2 decimals', () =>
    expect(opts({ zoomLevel: '1.234567' }).render.zoomLevel).toBe(1.23))
  test('maps resolution presets to widths', () => {
    expect(opts({ resolution: 'thumb' }).render.width).toBe(512)
    expect(opts({ resolution: 'ultra' }).render.width).toBe(4096)
  })
  test('clamps out-of-range values for image mode and reports them', () => {
    const { options, problems } = parse({ zoomLevel: '9', marginPercent: '-3', width: '99999' })
    expect(options.render).toMatchObject({ zoomLevel: 3, marginPercent: 0, width: 4096 })
    expect(problems.map((p) => p.param).sort()).toEqual(['marginPercent', 'width', 'zoomLevel'])
  })
  test('uses the default width for a non-number', () =>
    expect(opts({ width: 'wide' }).render.width).toBe(1280))
  test('lets resolution win over width and reports the combination', () => {
    const { options, problems } = parse({ resolution: 'card', width: '700' })
    expect(options.render.width).toBe(1024)
    expect(problems.map((p) => p.message)).toContain('resolution and width cannot be combined')
  })
})

describe('colours', () => {
  test.each([
    ['fff', '#ffffff', 1],
    ['#0f08', '#00ff0088', 0x88 / 255],
    ['%23336699'.replace('%23', '#'), '#336699', 1],
    ['11223344', '#11223344', 0x44 / 255],
  ])('reads background %s', (input, hex, alpha) => {
    const bg = opts({ background: input }).compose.background!
    expect(bg.hex).toBe(hex)
    expect(bg.a).toBeCloseTo(alpha, 5)
  })
  test('rejects a non-hex background', () => {
    expect(parse({ background: 'red' }).problems[0].message).toBe('background must be a hex color')
  })
  test('reads a gradient with any number of stops', () => {
    const g = opts({ backgroundGradient: 'linear:90:#ff0000-0,00ff00-0.5,0000ff80-1' }).compose
      .gradient!
    expect(g.angleDeg).toBe(90)
    expect(g.stops.map((s) => s.offset)).toEqual([0, 0.5, 1])
    expect(g.stops[2].colour.a).toBeCloseTo(0x80 / 255)
  })
  test.each([
    'radial:90:fff-0,000-1',
    'linear:abc:fff-0,000-1',
    'linear:90:fff-0',
    'linear:90:fff-0,000-1.5',
    'linear:90:ggg-0,000-1',
    'linear:90',
  ])('rejects the gradient %s', (g) => {
    expect(parse({ backgroundGradient: g }).problems[0].message).toBe(
      'backgroundGradient must be linear:<deg>:<color>-<offset>,...',
    )
  })
})

describe('JSON-mode error bodies', () => {
  const body = (q: Record<string, string>) => problemBody(parse(q).problems)
  test('answers invalid filetype', () =>
    expect(body({ filetype: 'gif' })).toEqual({ error: 'invalid filetype' }))
  test('answers invalid angle', () =>
    expect(body({ angle: '12' })).toEqual({ error: 'invalid angle' }))
  test('answers invalid compose options for pitch', () =>
    expect(body({ pitch: '50' })).toEqual({
      error: 'invalid compose options',
      details: ['pitch must be a number between -45 and 45'],
    }))
  test('answers invalid render options for margin and background, listing every problem', () =>
    expect(body({ marginPercent: '50', background: 'zz' })).toEqual({
      error: 'invalid render options',
      details: [
        'marginPercent must be a number between 0 and 45',
        'background must be a hex color',
      ],
    }))
  test('answers the align message', () =>
    expect(body({ align: 'left' })).toEqual({
      error: 'invalid compose options',
      details: ['align must be top, center or bottom'],
    }))
  test('answers the gear message', () =>
    expect(body({ gear: 'sideways' })).toEqual({
      error: 'invalid render options',
      details: ['gear must be up or down'],
    }))
  test('answers an unknown resolution', () =>
    expect(body({ resolution: 'huge' })?.details).toEqual([
      'resolution must be one of thumb, card, hd, ultra',
    ]))
  test('answers an unknown reference plane as a compose problem', () =>
    expect(body({ scale: 'fleet', referencePlane: 'concorde' })?.error).toBe(
      'invalid compose options',
    ))
  test('answers filetype before angle before render before compose', () => {
    expect(body({ filetype: 'gif', angle: 'x', pitch: '99', gear: 'x' })).toEqual({
      error: 'invalid filetype',
    })
    expect(body({ angle: 'x', pitch: '99', gear: 'x' })).toEqual({ error: 'invalid angle' })
    expect(body({ pitch: '99', gear: 'x' })?.error).toBe('invalid render options')
  })
  test('answers nothing when every value is valid', () =>
    expect(body({ pitch: '10', angle: 'top' })).toBeNull())
})

describe('names of Object members as values (found by fuzzing)', () => {
  test('are bad values, not aliases: filetype, angle, gear and pitch fall back to their defaults', () => {
    for (const value of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const { options, problems } = parse({
        filetype: value,
        angle: value,
        gear: value,
        pitch: value,
      })
      expect(options.filetype).toBe('png')
      expect(options.angle).toBe('90')
      expect(options.gear).toBe('down')
      expect(options.compose.pitch).toBe(0)
      expect(problems.map((p) => p.param).sort()).toEqual(['angle', 'filetype', 'gear', 'pitch'])
    }
  })
})
