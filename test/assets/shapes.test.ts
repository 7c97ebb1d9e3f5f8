/**
 * assets/shapes.json against its schema and the catalog: one entry per plane and none for an
 * unknown one, every field typed and bounded, and the check where the catalog is built refuses
 * each kind of fault (else a model would borrow a sibling's shape without a word).
 */
import { describe, expect, test } from 'bun:test'
import type { Static } from '@sinclair/typebox'
import shapes from '../../assets/shapes.json'
import { loadEmbeddedCatalog } from '../../src/catalog/embedded'
import { checkShapes, type PlaneShapeSchema } from '../../src/catalog/shapes-schema'
import type { PlaneShape } from '../../src/render/parts/shape'

const catalog = loadEmbeddedCatalog()
type Table = Record<string, Record<string, Record<string, unknown>>>
const copy = () => structuredClone(shapes) as unknown as Table
const [first, second] = catalog.planes.map((p) => p.slug)

// what the schema admits, the renderer can read (a field the renderer drops fails tsc here)
const readable: PlaneShape = {} as Static<typeof PlaneShapeSchema>
void readable

describe('assets/shapes.json', () => {
  test('has exactly one sound entry per plane of the catalog', () => {
    expect(checkShapes(shapes, catalog.planes)).toEqual([])
    expect(Object.keys(shapes).sort()).toEqual(catalog.planes.map((p) => p.slug).sort())
  })
  test('refuses a plane without an entry and an entry without a plane', () => {
    const t = copy()
    t['boeing-797-100'] = t[first]
    delete t[first]
    expect(checkShapes(t, catalog.planes)).toEqual([
      `shapes: no entry for plane "${first}"`,
      'shapes: entry for unknown plane "boeing-797-100"',
    ])
  })
  test('refuses a field spelt wrong, missing, of the wrong type or out of its bounds', () => {
    const t = copy()
    t[first].wing.flx = 1
    delete t[first].fin.sweep
    t[second].nose.cockpit = 'concorde'
    t[second].wing.rootLE = 1.3
    const problems = checkShapes(t, catalog.planes).join('\n')
    expect(problems).toContain(`shapes (${first}): /wing/flx`)
    expect(problems).toContain(`shapes (${first}): /fin/sweep`)
    expect(problems).toContain(`shapes (${second}): /nose/cockpit`)
    expect(problems).toContain(`shapes (${second}): /wing/rootLE`)
  })
  test('refuses what the Plane record contradicts: an engine without its place, a hump on a plane without one', () => {
    const four = catalog.planes.find((p) => p.engines.count === 4)!
    const flat = catalog.planes.find((p) => p.upperDeck === 'none')!
    const t = copy()
    t[four.slug].engines.span = [0.3]
    t[flat.slug].hump = { length: 20, height: 2, narrow: 0.3 }
    expect(checkShapes(t, catalog.planes).sort()).toEqual(
      [
        `shapes (${flat.slug}): hump is set for upperDeck none`,
        `shapes (${four.slug}): engines.span has 1 entries for 4 engines`,
      ].sort(),
    )
  })
})
