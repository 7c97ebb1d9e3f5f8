import { describe, expect, test } from 'bun:test'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { geometryFor, render, texturesFor, type RenderSpec } from '../../src/render'

const catalog = loadEmbeddedCatalog()
const a320 = catalog.plane('airbus-a320-200')!
const b777 = catalog.plane('boeing-777-300er')!

describe('geometry handed to a render', () => {
  const spec: RenderSpec = {
    plane: a320,
    livery: catalog.airline('lufthansa')!.livery,
    angle: '315',
    gear: 'down',
    width: 480,
    height: 270,
    marginPx: 10,
  }

  test('is all in shared memory, so a render thread reads it without a copy', () => {
    const g = geometryFor(spec)
    for (const a of [...Object.values(g.mesh), g.adj, g.faces.skip, g.faces.code, g.faces.contour])
      expect(a.buffer).toBeInstanceOf(SharedArrayBuffer)
  })

  test('carries plain bounds: posting them to a render thread makes no silhouette on the way', () => {
    // the view's silhouette is made on first use for framing; a structured clone would call its getters
    const bounds = geometryFor({ ...spec, pitch: 7.25 }).bounds
    for (const d of Object.values(Object.getOwnPropertyDescriptors(bounds)))
      expect(d.get).toBeUndefined()
    expect(Object.keys(bounds)).not.toContain('profile')
    expect(structuredClone(bounds)).toEqual(bounds)
  })

  test("is what the render draws: no model is looked up for the spec's plane", () => {
    const own = render(spec).pixels
    // the spec names another plane; the geometry and textures handed over are the A320's
    const handed = render({
      ...spec,
      plane: b777,
      geometry: geometryFor(spec),
      textures: texturesFor(spec),
    }).pixels
    expect(Buffer.compare(Buffer.from(handed), Buffer.from(own))).toBe(0)
    expect(
      Buffer.compare(Buffer.from(render({ ...spec, plane: b777 }).pixels), Buffer.from(own)),
    ).not.toBe(0)
  })
})
