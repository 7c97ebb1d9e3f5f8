/**
 * Every repository path the docs and the code's comments cite exists: a moved file must take
 * its mentions along. Paths are read as written (`src/...`, `test/...`, `docs/...`, ...); a
 * pattern (`bench/out/<name>.json`) or a path under an ignored build folder is not a citation.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const TOP = ['src', 'test', 'bench', 'deploy', 'docs', 'assets', 'client', '.ci']
const CITED = new RegExp(
  `(?<![\\w./-])((?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./-]*[\\w])`,
  'g',
)
/** build output and run results: made by commands, never committed */
const GENERATED = [/^dist(\/|$)/, /^bench\/out(\/|$)/, /^var(\/|$)/, /^node_modules(\/|$)/]

function files(dir: string, ext: RegExp, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.git')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files(path, ext, out)
    else if (ext.test(entry.name)) out.push(path)
  }
  return out
}

const sources = [
  join(ROOT, 'README.md'),
  ...files(join(ROOT, 'docs'), /\.md$/),
  ...files(join(ROOT, 'src'), /\.(ts|js)$/),
  ...files(join(ROOT, 'bench'), /\.ts$/),
  ...files(join(ROOT, 'deploy'), /\.(ya?ml|conf)$/),
]

describe('paths cited in docs and comments', () => {
  test('exist in the repository', () => {
    const missing: string[] = []
    for (const file of sources) {
      const text = readFileSync(file, 'utf8')
      for (const [, cited] of text.matchAll(CITED)) {
        const path = cited.replace(/[.]+$/, '')
        if (GENERATED.some((g) => g.test(path)) || path.includes('<') || path.includes('*'))
          continue
        // a cited path may leave out a file's extension (src/render/index for .ts), or name a markdown doc relatively
        const candidates = [
          path,
          `${path}.ts`,
          `${path}.md`,
          join(relative(ROOT, join(file, '..')), path),
        ]
        if (!candidates.some((c) => existsSync(join(ROOT, c))))
          missing.push(`${relative(ROOT, file)}: ${path}`)
      }
    }
    expect(missing).toEqual([])
  })
})
