/**
 * The catalog shipped with the service: the JSON in assets/ is imported statically
 * so that `bun build --compile` embeds it in the binary.
 */
import airlines from '../../assets/airlines.json'
import planes from '../../assets/planes.json'
import specials from '../../assets/special-liveries.json'
import { buildCatalog, type Catalog } from './load'

export function loadEmbeddedCatalog(): Catalog {
  return buildCatalog({ planes, airlines, specials })
}
