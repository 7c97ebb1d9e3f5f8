/**
 * The catalog shipped with the service: the JSON in assets/ is imported statically
 * so that `bun build --compile` embeds it in the binary. The renderer's shapes.json is
 * checked here too, against the planes, so a model without its shape fails the start.
 */
import airlines from '../../assets/airlines.json'
import emblems from '../../assets/emblems/emblems.json'
import planes from '../../assets/planes.json'
import shapes from '../../assets/shapes.json'
import specials from '../../assets/special-liveries.json'
import wordmarks from '../../assets/wordmarks.json'
import { CatalogError, buildCatalog, type Catalog } from './load'
import { checkShapes } from './shapes-schema'

export function loadEmbeddedCatalog(): Catalog {
  const catalog = buildCatalog({ planes, airlines, specials, emblems, wordmarks })
  const problems = checkShapes(shapes, catalog.planes)
  if (problems.length) throw new CatalogError(problems)
  return catalog
}
