import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { imageUrl, PARAMS } from '../../client/src'
import { parseImageQuery } from '../../src/params/image-query'
import { imageOptions } from './arbitrary'

const BASE = 'https://images.example.com'
const queryOf = (url: string) => Object.fromEntries(new URL(url, BASE).searchParams)

describe('imageUrl', () => {
  test('writes only what differs from the defaults, in the schema order whatever the order given', () => {
    const url = imageUrl(`${BASE}/`, {
      angle: '45',
      pitch: 0,
      marginPercent: 8,
      filetype: 'png',
      airline: 'klm',
      plane: 'boeing-787-9',
      gear: 'down',
      width: 1280,
    })
    expect(url).toBe(`${BASE}/v1/images/plane?plane=boeing-787-9&airline=klm&angle=45`)
    expect(imageUrl('', {})).toBe('/v1/images/plane')
    expect(imageUrl(BASE, { liveryType: 'base', zoomLevel: 1, plane: undefined })).toBe(
      `${BASE}/v1/images/plane`,
    )
  })

  test('encodes as the signature does: %20 for a space, %23 for #, %2C for a comma', () => {
    const url = imageUrl('', {
      airline: 'Singapore Airlines',
      background: '#0b1d3a',
      backgroundGradient: 'linear:180:87ceeb-0,ffffff-1',
    })
    expect(url).toBe(
      '/v1/images/plane?airline=Singapore%20Airlines&background=%230b1d3a&backgroundGradient=linear%3A180%3A87ceeb-0%2Cffffff-1',
    )
  })

  test('rounds to the step the service rounds to, so equal images share one URL', () => {
    expect(imageUrl('', { pitch: 0.1 + 0.2 })).toBe(imageUrl('', { pitch: 0.3 }))
    expect(imageUrl('', { zoomLevel: 1.004 })).toBe('/v1/images/plane')
    expect(imageUrl('', { marginPercent: 12.346 })).toBe('/v1/images/plane?marginPercent=12.35')
    expect(imageUrl('', { pitch: -0.001 })).toBe('/v1/images/plane')
  })

  test('refuses what the service would refuse or silently change', () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ pitch: 46 }, /pitch must be from -45 to 45/],
      [{ width: 100 }, /width must be from 256 to 4096/],
      [{ width: 1000.5 }, /whole number/],
      [{ zoomLevel: Number.NaN }, /finite number/],
      [{ angle: '46' }, /angle must be one of/],
      [{ background: 'skyblue' }, /background does not match/],
      [{ resolution: 'card', width: 800 }, /exclude each other/],
      [{ 'api-key': 'secret' }, /unknown image parameter: api-key/],
      [{ zoomlevel: 2 }, /unknown image parameter: zoomlevel/],
    ]
    for (const [options, message] of bad)
      expect(() => imageUrl('', options as never)).toThrow(message)
  })

  test('the service reads back every option it wrote, without a problem', () => {
    fc.assert(
      fc.property(imageOptions, (options) => {
        const query = queryOf(imageUrl(BASE, options))
        const { options: read, problems } = parseImageQuery(query, () => true)
        expect(problems).toEqual([])
        for (const name of Object.keys(query)) expect(PARAMS).toHaveProperty(name)
        if (options.angle) expect(read.angle).toBe(options.angle)
        if (options.pitch !== undefined) expect(read.compose.pitch).toBeCloseTo(options.pitch, 2)
        if (options.zoomLevel !== undefined)
          expect(read.render.zoomLevel).toBeCloseTo(options.zoomLevel, 2)
        if (options.width !== undefined) expect(read.render.width).toBe(options.width)
        if (options.resolution) expect(read.render.resolution).toBe(options.resolution)
        if (options.plane_icao)
          expect(read.plane).toEqual({
            value: options.plane_icao.trim(),
            method: 'icao',
            param: 'plane_icao',
          })
        // what the service takes as the default, the URL leaves out
        for (const [name, spec] of Object.entries(PARAMS))
          if (spec.default !== undefined) expect(query[name]).not.toBe(String(spec.default))
      }),
      { numRuns: 300 },
    )
  })

  test('equal options give one URL: the order of the keys does not matter', () => {
    fc.assert(
      fc.property(imageOptions, (options) => {
        const reversed = Object.fromEntries(Object.entries(options).reverse())
        expect(imageUrl(BASE, reversed)).toBe(imageUrl(BASE, options))
      }),
    )
  })
})
