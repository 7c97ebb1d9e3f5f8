import { expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import wordmarks from '../../../assets/wordmarks.json'
import { loadEmbeddedCatalog } from '../../../src/catalog/embedded'
import { missingGlyphs } from '../../../src/render/lettering/glyphs'

const ROOT = join(import.meta.dir, '../../..')

test('every second title line, in whatever script, is drawn by our own lettering', () => {
  const lines = [
    ...loadEmbeddedCatalog().airlines.map((a) => [a.slug, a.livery.titles?.second?.text] as const),
    ...Object.entries(wordmarks).map(
      ([slug, w]) => [slug, (w as { second?: { text?: string } }).second?.text] as const,
    ),
  ].filter((l): l is readonly [string, string] => !!l[1])
  expect(lines.length).toBeGreaterThan(80)
  for (const [slug, text] of lines)
    expect({ slug, missing: missingGlyphs(text) }).toEqual({ slug, missing: [] })
})

test('no font file ships with the service: titles, labels and the watermark are our own drawing', () => {
  const fonts = readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ttf|otf|woff2?|ttc)$/i.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((p) => !/\/(node_modules|\.git|dist|var)\//.test(p))
  expect(fonts).toEqual([])
})
