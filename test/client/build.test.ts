/** The published module: `bun build` of the source, standing alone (no import of anything) and saying the same. */
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as source from '../../client/src'

describe('the built client', () => {
  test('is one dependency-free module that gives what the source gives', async () => {
    const build = await Bun.build({
      entrypoints: [join(import.meta.dir, '../../client/src/index.ts')],
      target: 'browser',
      format: 'esm',
    })
    expect(build.success).toBe(true)
    expect(build.outputs).toHaveLength(1)
    const code = await build.outputs[0].text()
    expect(code).not.toMatch(/^\s*import\b|\brequire\(|from\s*["']/m)
    const dir = mkdtempSync(join(tmpdir(), 'client-build-'))
    try {
      writeFileSync(join(dir, 'index.js'), code)
      const built = (await import(join(dir, 'index.js'))) as typeof source
      expect(Object.keys(built).sort()).toEqual(Object.keys(source).sort())
      const options = {
        plane: 'a320',
        airline: 'Air France',
        pitch: 12.5,
        resolution: 'card',
      } as const
      expect(built.imgHtml('https://x.test', options, { alt: 'A "plane"' })).toBe(
        source.imgHtml('https://x.test', options, { alt: 'A "plane"' }),
      )
      const key = {
        keyId: 'k1',
        secret: 'a-test-secret-of-32-characters!!',
        expires: 2_000_000_000,
      }
      expect(await built.signUrl('/v1/images/plane?plane=a320', key)).toBe(
        await source.signUrl('/v1/images/plane?plane=a320', key),
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
