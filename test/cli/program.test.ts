import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { readdirSync } from 'node:fs'
import { runCli as run, tempFolders } from './run'

const folders = tempFolders()
afterAll(() => folders.cleanup())

describe('aircraft-images help and version', () => {
  for (const command of [[], ['serve'], ['bake'], ['render'], ['healthcheck'], ['help']]) {
    test(`${[...command, '--help'].join(' ')} prints its usage on stdout and starts nothing`, async () => {
      const store = folders.make()
      const { out, err, code } = await run([...command, '--help'], { env: { STORE: store } })
      expect(code).toBe(0)
      expect(err).toBe('')
      expect(out).toContain(`Usage: aircraft-images ${command[0] ?? ''}`.trim())
      expect(readdirSync(store)).toEqual([]) // no manifest written: no service, bake or render began
    })
    test(`${[...command, '--version'].join(' ')} prints the version`, async () => {
      const { out, code } = await run([...command, '--version'])
      expect(code).toBe(0)
      expect(out.trim()).toMatch(/^aircraft-images \d+\.\d+\.\d+$/)
    })
  }

  test('help [command] is --help by another name, on stdout with exit 0', async () => {
    const main = await run(['help'])
    expect(main.code).toBe(0)
    expect(main.out).toBe((await run(['--help'])).out)
    for (const command of ['serve', 'bake', 'render', 'healthcheck', 'help'])
      expect(main.out).toContain(`\n  ${command} `)
    const render = await run(['help', 'render'])
    expect(render.code).toBe(0)
    expect(render.out).toBe((await run(['render', '--help'])).out)
  })

  test('bake --help lists every option, --shard included', async () => {
    const { out } = await run(['bake', '--help'])
    for (const option of ['--plane', '--airline', '--types', '--workers', '--shard'])
      expect(out).toContain(option)
  })

  test('render --help lists the image route parameters and its own options', async () => {
    const { out } = await run(['render', '--help'])
    for (const option of [
      '--plane',
      '--airline',
      '--resolution',
      '--pitch',
      '--backgroundGradient',
      '--out',
      '--store',
      '--allow-fallback',
    ])
      expect(out).toContain(option)
    expect(out).not.toContain('--api-key')
  })
})

describe('wrong usage exits 2 with the usage on stderr and nothing on stdout', () => {
  const cases: [string, string[], string][] = [
    ['an unknown command', ['bogus'], 'unknown command "bogus"'],
    ['help on an unknown command', ['help', 'bogus'], 'unknown command "bogus"'],
    ['an unknown option of the service', ['--bogus'], 'unknown option --bogus'],
    ['an option given to serve', ['serve', '--port', '3000'], 'takes no options'],
    ['an unknown bake option', ['bake', '--nope'], 'unknown option --nope'],
    ['a stray bake argument', ['bake', 'a320'], 'unexpected argument "a320"'],
    [
      'bake --workers that is not a number',
      ['bake', '--workers', 'many'],
      '--workers takes a whole number',
    ],
    ['a malformed --shard', ['bake', '--plane', 'a220-100', '--shard', '3/2'], '--shard takes I/N'],
    [
      'an unknown render option',
      ['render', '--plane', 'a320', '--nope', '-o', 'x.png'],
      'unknown option --nope',
    ],
    [
      'a render option without its value',
      ['render', '--plane', '--airline', 'swiss', '-o', 'x.png'],
      '--plane needs a value',
    ],
    [
      'a render option value the service would replace',
      ['render', '--plane', 'a320', '--resolution', 'huge', '-o', 'x.png'],
      'resolution must be one of',
    ],
    ['render without a plane', ['render', '-o', 'x.png'], 'give --plane'],
    ['an unknown healthcheck option', ['healthcheck', '--host', 'x'], 'unknown option --host'],
  ]
  for (const [what, args, message] of cases)
    test(what, async () => {
      const cwd = folders.make()
      const store = folders.make()
      const { code, out, err, lines } = await run(args, { cwd, env: { STORE: store } })
      expect(code).toBe(2)
      expect(out).toBe('')
      expect(lines[0]).toStartWith('aircraft-images')
      expect(lines[0]).toContain(message)
      expect(err).toContain('Usage: aircraft-images')
      expect(lines.at(-1)).toMatch(/^See 'aircraft-images help( \w+)?'\.$/)
      // refused before any work: no bake began, no store was made, no file written
      expect([readdirSync(store), readdirSync(cwd)]).toEqual([[], []])
    })

  test('an unknown command lists the commands', async () => {
    const { err } = await run(['bogus'])
    expect(err).toContain('serve, bake, render, healthcheck, help')
  })
})

describe('startup errors', () => {
  const s3 = {
    STORE: 's3://bucket/prefix',
    AWS_ACCESS_KEY_ID: 'key-id',
    AWS_SECRET_ACCESS_KEY: 'secret',
  }

  test('an unreachable S3 endpoint stops serve with one line naming it', async () => {
    const { lines, code } = await run([], { env: { ...s3, S3_ENDPOINT: 'http://127.0.0.1:4291' } })
    expect(code).toBe(1)
    expect(lines).toEqual([
      'cannot start: store s3://bucket/prefix unusable: nothing answers at the S3 endpoint http://127.0.0.1:4291 (connection refused)',
    ])
  }, 20_000)

  test('a malformed S3 endpoint stops bake with one line, no stack trace', async () => {
    const { lines, err, code } = await run(['bake', '--plane', 'a220-100'], {
      env: { ...s3, S3_ENDPOINT: 'not a url' },
    })
    expect(code).toBe(1)
    expect(lines).toHaveLength(1)
    expect(err).toContain('S3_ENDPOINT is not a valid URL')
    expect(err).not.toContain('    at ')
  }, 20_000)

  test('a store folder that cannot be made stops serve with one line', async () => {
    const file = join(folders.make(), 'a-file')
    await Bun.write(file, 'x')
    const { lines, code } = await run([], { env: { STORE: join(file, 'store') } })
    expect(code).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`cannot start: store ${join(file, 'store')} unusable`)
  }, 20_000)

  test('a bad setting stops serve with one line naming the variable', async () => {
    const { lines, code } = await run([], { env: { WORKERS: 'many' } })
    expect(code).toBe(1)
    expect(lines).toEqual([
      'cannot start: WORKERS must be an integer between 1 and 64 (got "many")',
    ])
  })
})
