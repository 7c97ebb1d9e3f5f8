import { afterAll, describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { decode } from '../support/images'
import { runCli, tempFolders } from './run'

const folders = tempFolders()
afterAll(() => folders.cleanup())

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const SMALL = ['--resolution', 'thumb']

/** render in a fresh folder, with no STORE set: what a user's shell would do */
async function render(args: string[], env: Record<string, string> = {}) {
  const cwd = folders.make('render-')
  const ran = await runCli(['render', ...args], {
    cwd,
    env: { LOG_LEVEL: 'info', ...env },
    unset: ['STORE'],
  })
  return { ...ran, cwd, left: readdirSync(cwd) }
}

describe('aircraft-images render', () => {
  test('piped to stdout, the bytes are the PNG alone (logs on stderr), and nothing is left on disk', async () => {
    const { code, bytes, lines, left } = await render([
      '--plane',
      'a320',
      '--airline',
      'lufthansa',
      ...SMALL,
      '--pitch',
      '5',
    ])
    expect(code).toBe(0)
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE)
    const png = await decode(bytes)
    expect([png.width, png.height]).toEqual([512, 288])
    // at LOG_LEVEL=info the service's JSON lines are written, and they went to stderr
    expect(lines.some((l) => l.startsWith('{"t":'))).toBe(true)
    expect(lines.at(-1)).toContain('render: airbus-a320-200 lufthansa 90 (composed-runtime)')
    expect(left).toEqual([]) // no ./var/store
  }, 120_000)

  test('--out FILE writes the file and only the file', async () => {
    const { code, bytes, left, cwd } = await render([
      '--plane',
      'a220-100',
      '--airline',
      'swiss',
      ...SMALL,
      '-o',
      'plane.png',
    ])
    expect(code).toBe(0)
    expect(bytes.length).toBe(0)
    expect(left).toEqual(['plane.png'])
    const png = await decode(new Uint8Array(readFileSync(join(cwd, 'plane.png'))))
    expect(png.width).toBe(512)
  }, 120_000)

  test('--store keeps what is drawn in the store named, and only there', async () => {
    const store = folders.make('render-store-')
    const { code, left } = await render([
      '--plane',
      'a320',
      ...SMALL,
      '--store',
      store,
      '-o',
      'a.png',
    ])
    expect(code).toBe(0)
    expect(left).toEqual(['a.png'])
    expect(readdirSync(store)).toContain('manifests')
  }, 120_000)

  test('a plane that matches nothing fails with one line and no image, instead of the A320', async () => {
    const { code, bytes, lines, left } = await render(['--plane', 'concorde', ...SMALL])
    expect(code).toBe(1)
    expect(bytes.length).toBe(0)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toStartWith('render: no plane matches "concorde"')
    expect(lines[0]).toContain('--allow-fallback')
    expect(left).toEqual([])
  }, 120_000)

  test('an airline that matches nothing fails the same way, with the close ones it knows', async () => {
    const { code, bytes, lines } = await render(['--plane', 'a320', '--airline', 'lufth', ...SMALL])
    expect(code).toBe(1)
    expect(bytes.length).toBe(0)
    expect(lines).toEqual([
      expect.stringMatching(
        /^render: no airline matches "lufth" \(closest: .*lufthansa.*\); --allow-fallback/,
      ),
    ])
  }, 120_000)

  test('a livery the airline lacks fails too, rather than a blank or its base livery', async () => {
    const missing = await render(['--plane', 'a380', '--airline', 'swiss', ...SMALL])
    expect([missing.code, missing.bytes.length, missing.lines]).toEqual([
      1,
      0,
      ['render: swiss has no livery on airbus-a380-800; --allow-fallback draws it blank instead'],
    ])
    const special = await render([
      '--plane',
      'a320',
      '--airline',
      'lufthansa',
      '--liveryType',
      'retro',
      ...SMALL,
    ])
    expect([special.code, special.bytes.length, special.lines.length]).toEqual([1, 0, 1])
    expect(special.lines[0]).toContain('lufthansa has no "retro" livery')
  }, 120_000)

  test('--allow-fallback draws what the service would serve, and says so', async () => {
    const { code, bytes, lines } = await render(
      ['--plane', 'concorde', ...SMALL, '--allow-fallback'],
      { LOG_LEVEL: 'error' },
    )
    expect(code).toBe(0)
    expect((await decode(bytes)).width).toBe(512)
    expect(lines.at(-1)).toContain('fallback: plane-not-found')
  }, 120_000)

  test('--format json prints the description on stdout', async () => {
    const { code, out } = await render(['--plane', 'a320', '--format', 'json'])
    expect(code).toBe(0)
    expect(JSON.parse(out).plane.slug).toBe('airbus-a320-200')
  }, 120_000)
})
