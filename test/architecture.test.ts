/**
 * The dependency rules between the service's worlds, read from the import statements of src/:
 * the renderer imports neither the store nor the server; the pipeline knows no HTTP (no
 * Elysia, no serving code); the parameters draw no pixels; routes never call the renderer.
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const SRC = resolve(import.meta.dir, '../src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [join(dir, e.name)]
        : [],
  )
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g

/** each file of src/ (as "render/index.ts") with what it imports: src paths ("store/index") or package names */
const graph = sourceFiles(SRC).map((file) => {
  const text = readFileSync(file, 'utf8')
  const imports = [...text.matchAll(IMPORT)].map((m) => {
    const spec = m[1] ?? m[2] ?? m[3]
    return spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)) : spec
  })
  return { file: relative(SRC, file), imports }
})

/** "file -> import" for every import of the files under `from` that matches `forbidden` */
const breaches = (from: string, forbidden: (spec: string) => boolean) =>
  graph
    .filter((g) => g.file.startsWith(from))
    .flatMap((g) => g.imports.filter(forbidden).map((spec) => `${g.file} -> ${spec}`))

const under =
  (...dirs: string[]) =>
  (spec: string) =>
    dirs.some((d) => spec === d || spec.startsWith(`${d}/`))
const packages =
  (...names: string[]) =>
  (spec: string) =>
    names.some((n) => spec === n || spec.startsWith(`${n}/`))
const either =
  (...rules: ((spec: string) => boolean)[]) =>
  (spec: string) =>
    rules.some((r) => r(spec))

describe('dependency rules', () => {
  test('the scan sees imports (so the rules below cannot pass on an empty graph)', () => {
    expect(graph.length).toBeGreaterThan(50)
    expect(breaches('serve/app.ts', packages('elysia'))).toEqual(['serve/app.ts -> elysia'])
    expect(breaches('pipeline/pixels/renderer.ts', under('render'))).toEqual([
      'pipeline/pixels/renderer.ts -> render',
    ])
  })
  test('the renderer imports neither the store nor the server (nor the pipeline)', () => {
    expect(
      breaches(
        'render/',
        either(
          under('store', 'serve', 'pipeline', 'process'),
          packages('elysia', '@elysiajs', 'node:http', 'node:fs'),
        ),
      ),
    ).toEqual([])
  })
  test('the pipeline knows no HTTP: no Elysia, no serving code', () => {
    expect(
      breaches(
        'pipeline/',
        either(
          under('serve', 'process'),
          packages('elysia', '@elysiajs', 'node:http', 'node:https'),
        ),
      ),
    ).toEqual([])
  })
  test('the parameters draw no pixels and know neither pipeline nor server', () => {
    expect(
      breaches(
        'params/',
        either(
          under('render', 'pipeline', 'serve', 'store'),
          packages('@napi-rs/canvas', '@napi-rs/image', 'sharp', 'elysia'),
        ),
      ),
    ).toEqual([])
  })
  test('routes never call the renderer themselves', () => {
    expect(
      breaches(
        'serve/',
        either(
          under('render', 'pipeline/pixels/renderer', 'pipeline/threads'),
          packages('@napi-rs/canvas'),
        ),
      ),
    ).toEqual([])
  })
})
