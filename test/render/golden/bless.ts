/**
 * Writes the golden PNGs from the current renderer: `bun test/render/golden/bless.ts`.
 * Only for an intended change of the look, reviewed by eye first, and committed with a
 * message that says why — never to make a failing comparison pass.
 */
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { encode } from '../../../src/pipeline/pixels/encode'
import { GOLDEN_CASES, GOLDEN_SIZE, renderCase } from './cases'

const catalog = loadEmbeddedCatalog()
for (const c of GOLDEN_CASES) {
  const pixels = renderCase(catalog, c)
  // lossless from the straight RGBA, so the file holds exactly what the renderer drew
  await Bun.write(
    `${import.meta.dir}/${c.name}.png`,
    await encode({ ...GOLDEN_SIZE, pixels }, 'png'),
  )
  console.log(`wrote ${c.name}.png`)
}
