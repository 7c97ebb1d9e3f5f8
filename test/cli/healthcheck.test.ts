import { afterAll, describe, expect, test } from 'bun:test'
import { startService } from '../support/service-process'
import { runCli } from './run'

/** a stand-in for the service: answers /v1/health/ready with `status` (or never, when null) */
function fakeService(status: number | null) {
  const seen: string[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      seen.push(new URL(req.url).pathname)
      if (status === null) return new Promise<Response>(() => {})
      return new Response(status === 200 ? '{"status":"ready"}' : '{"status":"not-ready"}', {
        status,
      })
    },
  })
  return { port: String(server.port), seen, server }
}

const ready = fakeService(200)
const unready = fakeService(503)
const hung = fakeService(null)
afterAll(() => {
  for (const s of [ready, unready, hung]) s.server.stop(true)
})

/** a port nothing listens on: one the system gave out and took back */
function closedPort(): string {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = String(s.port)
  s.stop(true)
  return port
}

describe('aircraft-images healthcheck', () => {
  test('exits 0, silently, when the instance answers /v1/health/ready with 200 (port from --port)', async () => {
    const { code, out, err } = await runCli(['healthcheck', '--port', ready.port])
    expect([code, out, err]).toEqual([0, '', ''])
    expect(ready.seen.at(-1)).toBe('/v1/health/ready')
  })

  test('reads PORT when --port is absent, and --port wins over it', async () => {
    expect((await runCli(['healthcheck'], { env: { PORT: ready.port } })).code).toBe(0)
    expect(
      (await runCli(['healthcheck', '--port', ready.port], { env: { PORT: unready.port } })).code,
    ).toBe(0)
    expect(
      (await runCli(['healthcheck', '--port', unready.port], { env: { PORT: ready.port } })).code,
    ).toBe(1)
  })

  test('defaults to port 3000 when neither is given', async () => {
    const { code, lines } = await runCli(['healthcheck'], { unset: ['PORT'] })
    // whether or not something runs on 3000 here, the answer must be that of port 3000
    const onDefault = await fetch('http://127.0.0.1:3000/v1/health/ready', {
      signal: AbortSignal.timeout(2_000),
    }).then(
      (r) => r.status,
      () => null,
    )
    if (onDefault === 200) expect(code).toBe(0)
    else
      expect([code, lines.at(-1)]).toEqual([
        1,
        expect.stringContaining('http://127.0.0.1:3000/v1/health/ready'),
      ])
  })

  test('exits 1 with one line when the instance is not ready', async () => {
    const { code, out, lines } = await runCli(['healthcheck', '--port', unready.port])
    expect([code, out]).toEqual([1, ''])
    expect(lines).toEqual([
      `healthcheck: http://127.0.0.1:${unready.port}/v1/health/ready answered 503`,
    ])
  })

  test('exits 1 with one line when nothing listens', async () => {
    const port = closedPort()
    const { code, lines } = await runCli(['healthcheck', '--port', port])
    expect(code).toBe(1)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toStartWith(
      `healthcheck: http://127.0.0.1:${port}/v1/health/ready unreachable`,
    )
  })

  test('gives up after 2 s on an instance that never answers', async () => {
    const started = performance.now()
    const { code, lines } = await runCli(['healthcheck', '--port', hung.port])
    const seconds = (performance.now() - started) / 1000
    expect(code).toBe(1)
    expect(lines).toEqual([
      `healthcheck: http://127.0.0.1:${hung.port}/v1/health/ready no answer within 2 s`,
    ])
    expect(seconds).toBeGreaterThanOrEqual(2)
    expect(seconds).toBeLessThan(15) // it gave up, not hung: the rest is the process start
  })

  test('a PORT the service would refuse fails the check (exit 1); a bad --port is a usage error (exit 2)', async () => {
    const env = await runCli(['healthcheck'], { env: { PORT: 'http' } })
    expect([env.code, env.lines]).toEqual([
      1,
      ['healthcheck: PORT must be a port number (got "http")'],
    ])
    for (const port of ['0', '70000', 'x'])
      expect((await runCli(['healthcheck', '--port', port])).code).toBe(2)
  })

  test('a real instance passes once it has warmed, and fails once it has stopped', async () => {
    const service = await startService()
    const port = String(service.port)
    try {
      const deadline = performance.now() + 60_000
      let code = 1
      while (code !== 0 && performance.now() < deadline) {
        code = (await runCli(['healthcheck', '--port', port])).code
        if (code !== 0) await Bun.sleep(250)
      }
      expect(code).toBe(0)
    } finally {
      await service.stop()
    }
    expect((await runCli(['healthcheck', '--port', port])).code).toBe(1)
  }, 150_000)
})
