/**
 * The single binary as a new user runs it: built by `bun run build`, copied alone into an
 * empty folder and started there in a mount namespace where the font folders are empty
 * tmpfs (a slim container's view), with nothing set but PORT, API_KEYS and STORE. It must
 * draw the watermark on an unkeyed image and, keyed, exactly the pixels the source draws.
 * Needs `unshare` (util-linux) and root: without them this fails, it does not skip.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decode, type Pixels } from '../support/images'

const ROOT = join(import.meta.dir, '..', '..')
const KEY = 'binary-test-key-01'
const FONT_DIRS = [
  '/usr/share/fonts',
  '/usr/local/share/fonts',
  '/etc/fonts',
  '/root/.fonts',
  '/root/.local/share/fonts',
]
const BINARY_PORT = 4251
const SOURCE_PORT = 4252
// a composition (titles on the fuselage, pitch, gradient) and a pre-rendered view
const COMPOSED =
  '/v1/images/plane?plane=a320&airline=lufthansa&angle=315&resolution=card&pitch=6&backgroundGradient=linear:180:%2387ceeb-0,%23ffffff-1'
const PRERENDERED = '/v1/images/plane?plane=boeing-787-9&airline=klm&angle=90'

/** a shell line that hides every font folder of the host behind an empty tmpfs, then runs `command` */
const withoutFonts = (command: string) =>
  `set -e; for d in ${FONT_DIRS.join(' ')}; do if [ -d "$d" ]; then mount -t tmpfs none "$d"; fi; done; ${command}`

const started: Bun.Subprocess[] = []
const folders: string[] = []
let binary = ''

async function waitForHealth(port: number, proc: Bun.Subprocess) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`exited with ${proc.exitCode} before listening`)
    const ok = await fetch(`http://127.0.0.1:${port}/v1/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return
    await Bun.sleep(100)
  }
  throw new Error(`nothing listening on ${port} after 60 s`)
}

function emptyFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'binary-'))
  folders.push(dir)
  return dir
}

const env = (port: number, dir: string) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  PORT: String(port),
  API_KEYS: KEY,
  STORE: join(dir, 'store'),
  LOG_LEVEL: 'error',
  METRICS_PORT: '0',
})

async function image(port: number, path: string, keyed: boolean): Promise<Pixels> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: keyed ? { 'x-api-key': KEY } : {},
  })
  expect(res.status).toBe(200)
  return decode(new Uint8Array(await res.arrayBuffer()))
}

/** share of pixels that differ by more than `tolerance` in any channel */
function differing(a: Pixels, b: Pixels, tolerance = 8): number {
  expect([a.width, a.height]).toEqual([b.width, b.height])
  let n = 0
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.max(
        Math.abs(a.data[i] - b.data[i]),
        Math.abs(a.data[i + 1] - b.data[i + 1]),
        Math.abs(a.data[i + 2] - b.data[i + 2]),
        Math.abs(a.data[i + 3] - b.data[i + 3]),
      ) > tolerance
    )
      n++
  }
  return n / (a.width * a.height)
}

beforeAll(async () => {
  const build = Bun.spawnSync(['bun', 'run', 'build'], {
    cwd: ROOT,
    stdout: 'ignore',
    stderr: 'pipe',
  })
  if (build.exitCode !== 0) throw new Error(`bun run build failed: ${build.stderr.toString()}`)
  const dir = emptyFolder()
  binary = join(dir, 'aircraft-images')
  copyFileSync(join(ROOT, 'dist', 'aircraft-images'), binary)
  const alone = Bun.spawn(['unshare', '-m', 'sh', '-c', withoutFonts(`exec "${binary}"`)], {
    cwd: dir,
    env: env(BINARY_PORT, dir),
    stdout: 'ignore',
    stderr: 'inherit',
  })
  started.push(alone)
  const sourceDir = emptyFolder()
  const source = Bun.spawn([process.execPath, join(ROOT, 'src', 'main.ts')], {
    cwd: sourceDir,
    env: env(SOURCE_PORT, sourceDir),
    stdout: 'ignore',
    stderr: 'inherit',
  })
  started.push(source)
  await Promise.all([waitForHealth(BINARY_PORT, alone), waitForHealth(SOURCE_PORT, source)])
}, 120_000)

afterAll(async () => {
  for (const p of started) p.kill()
  await Promise.all(started.map((p) => p.exited))
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

describe('the single binary, alone, on a host without fonts', () => {
  test('the namespace it runs in shows no font files', () => {
    const probe = Bun.spawnSync([
      'unshare',
      '-m',
      'sh',
      '-c',
      withoutFonts(`find ${FONT_DIRS.join(' ')} -type f 2>/dev/null | wc -l`),
    ])
    expect(probe.exitCode).toBe(0)
    expect(probe.stdout.toString().trim()).toBe('0')
    expect(existsSync('/usr/share/fonts') || existsSync('/etc/fonts')).toBe(true) // there was something to hide
  })

  test('an unkeyed image carries the watermark text, not an empty badge', async () => {
    const [marked, clean] = [
      await image(BINARY_PORT, COMPOSED, false),
      await image(BINARY_PORT, COMPOSED, true),
    ]
    // a badge without its text changed about 0.1% of the pixels; the caption and badge text change several percent
    expect(differing(marked, clean)).toBeGreaterThan(0.04)
  }, 30_000)

  const alike: [string, string, boolean][] = [
    ['a keyed composition', COMPOSED, true],
    ['a keyed pre-rendered view', PRERENDERED, true],
    ['an unkeyed composition', COMPOSED, false],
  ]
  for (const [what, path, keyed] of alike)
    test(`${what} is pixel-identical to the one the source serves`, async () => {
      const [binary, source] = [
        await image(BINARY_PORT, path, keyed),
        await image(SOURCE_PORT, path, keyed),
      ]
      expect(differing(binary, source, 0)).toBe(0)
    }, 30_000)

  test("judges a keyed route's query as the source does: bounds, integers, required parameters", async () => {
    const get = (path: string) =>
      fetch(`http://127.0.0.1:${BINARY_PORT}${path}`, { headers: { 'x-api-key': KEY } })
    for (const q of ['limit=0', 'limit=1000', 'offset=-3', 'limit=abc'])
      expect([q, (await get(`/v1/catalog/planes?${q}`)).status]).toEqual([q, 400])
    const page = (await (await get('/v1/catalog/airlines?limit=5&offset=2')).json()) as {
      limit: unknown
      offset: unknown
      items: unknown[]
    }
    expect([page.limit, page.offset, page.items.length]).toEqual([5, 2, 5])
    expect((await get('/v1/resolve?kind=plane&value=a320')).status).toBe(400)
    expect((await get('/v1/resolve?kind=plane&method=raw&value=a320')).status).toBe(200)
  })

  test('bakes with worker processes of its own, and answers --version at once', async () => {
    const dir = emptyFolder()
    const version = Bun.spawnSync([binary, 'bake', '--version'], { cwd: dir, env: env(0, dir) })
    expect(version.stdout.toString().trim()).toMatch(/^aircraft-images \d+\.\d+\.\d+$/)
    const bake = Bun.spawn(
      [
        'unshare',
        '-m',
        'sh',
        '-c',
        withoutFonts(
          `exec "${binary}" bake --plane a220-100 --airline swiss --types png --workers 2`,
        ),
      ],
      {
        cwd: dir,
        env: env(0, dir),
        stdout: 'pipe',
        stderr: 'ignore',
      },
    )
    const [out, code] = await Promise.all([new Response(bake.stdout).text(), bake.exited])
    expect(code).toBe(0)
    expect(JSON.parse(out.trim().split('\n').pop()!)).toMatchObject({
      views: 20,
      filesWritten: 20,
      workers: 2,
    })
  }, 90_000)
})
