import { describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decode } from '../support/images'

const run = async (args: string[], env: Record<string, string> = {}) => {
  const started = performance.now()
  const proc = Bun.spawn([process.execPath, 'src/main.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'error', PORT: '4290', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => proc.kill(), 20_000)
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  clearTimeout(timer)
  return { out, err, code, ms: performance.now() - started }
}

const emptyStore = () => mkdtempSync(join(tmpdir(), 'program-'))

describe('aircraft-images subcommands', () => {
  for (const command of [[], ['serve'], ['bake'], ['render']]) {
    test(`${[...command, '--help'].join(' ')} prints its usage and starts nothing`, async () => {
      const store = emptyStore()
      const { out, code } = await run([...command, '--help'], { STORE: store })
      expect(code).toBe(0)
      expect(out).toContain(`Usage: aircraft-images ${command[0] ?? ''}`.trim())
      expect(readdirSync(store)).toEqual([]) // no manifest written: no service, bake or render began
    })
    test(`${[...command, '--version'].join(' ')} prints the version`, async () => {
      const { out, code } = await run([...command, '--version'])
      expect(code).toBe(0)
      expect(out.trim()).toMatch(/^aircraft-images \d+\.\d+\.\d+$/)
    })
  }

  test('bake --help lists every option, --shard included', async () => {
    const { out } = await run(['bake', '--help'])
    for (const option of ['--plane', '--airline', '--types', '--workers', '--shard']) expect(out).toContain(option)
  })

  test('render --help lists the image route parameters', async () => {
    const { out } = await run(['render', '--help'])
    for (const option of ['--plane', '--airline', '--resolution', '--pitch', '--backgroundGradient', '--out']) expect(out).toContain(option)
  })

  test('an unknown command is refused with the list of commands', async () => {
    const { err, code } = await run(['bogus'])
    expect(code).toBe(2)
    expect(err).toContain('serve, bake, render')
  })

  test('render writes one composed image to a file, the size the route would serve', async () => {
    const file = join(emptyStore(), 'a.png')
    const { code, err } = await run(['render', '--plane', 'a320', '--airline', 'lufthansa', '--resolution', 'thumb', '--pitch', '5', '--out', file], { STORE: emptyStore() })
    expect(code).toBe(0)
    expect(err).toContain('composed-runtime')
    const png = await decode(new Uint8Array(readFileSync(file)))
    expect([png.width, png.height]).toEqual([512, 288])
  }, 30_000)

  test('render writes to stdout with --out -, and format=json prints the description', async () => {
    const json = await run(['render', '--plane', 'a320', '--format', 'json', '--out', '-'], { STORE: emptyStore() })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.out).plane.slug).toBe('airbus-a320-200')
  }, 30_000)

  test('bake refuses a malformed --shard', async () => {
    const { code, err } = await run(['bake', '--plane', 'a220-100', '--shard', '3/2'], { STORE: emptyStore() })
    expect(code).toBe(2)
    expect(err).toContain('--shard')
  })
})

describe('startup errors', () => {
  const oneLine = (err: string) => err.trim().split('\n').filter((l) => l.trim())
  const s3 = { STORE: 's3://bucket/prefix', AWS_ACCESS_KEY_ID: 'key-id', AWS_SECRET_ACCESS_KEY: 'secret' }

  test('an unreachable S3 endpoint stops serve with one line naming it', async () => {
    const { err, code } = await run([], { ...s3, S3_ENDPOINT: 'http://127.0.0.1:4291' })
    expect(code).toBe(1)
    expect(oneLine(err)).toEqual(['cannot start: store s3://bucket/prefix unusable: nothing answers at the S3 endpoint http://127.0.0.1:4291 (connection refused)'])
  }, 20_000)

  test('a malformed S3 endpoint stops bake with one line, no stack trace', async () => {
    const { err, code } = await run(['bake', '--plane', 'a220-100'], { ...s3, S3_ENDPOINT: 'not a url' })
    expect(code).toBe(1)
    expect(oneLine(err)).toHaveLength(1)
    expect(err).toContain('S3_ENDPOINT is not a valid URL')
    expect(err).not.toContain('    at ')
  }, 20_000)

  test('a store folder that cannot be made stops serve with one line', async () => {
    const file = join(emptyStore(), 'a-file')
    await Bun.write(file, 'x')
    const { err, code } = await run([], { STORE: join(file, 'store') })
    expect(code).toBe(1)
    expect(oneLine(err)).toHaveLength(1)
    expect(err).toContain(`cannot start: store ${join(file, 'store')} unusable`)
  }, 20_000)

  test('a bad setting stops serve with one line naming the variable', async () => {
    const { err, code } = await run([], { WORKERS: 'many' })
    expect(code).toBe(1)
    expect(oneLine(err)).toEqual(['cannot start: WORKERS must be an integer between 1 and 64 (got "many")'])
  })
})
