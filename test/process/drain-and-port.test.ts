/** Leaving and arriving as deployed: a drain that cuts no keep-alive client, and a port one service owns. */
import { describe, expect, test } from 'bun:test'
import { operationsPorts } from '../support/ops-port'
import { startService } from '../support/service-process'

interface LoopResult {
  answered: number
  sawClose: boolean
  /** a request written on this connection that never got an answer */
  cut: boolean
}

/** one keep-alive connection that sends /v1/health again as soon as each answer is whole */
function keepAliveLoop(port: number): { done: Promise<LoopResult> } {
  const result: LoopResult = { answered: 0, sawClose: false, cut: false }
  let buffer = ''
  let waiting = false
  let finish: (r: LoopResult) => void
  const done = new Promise<LoopResult>((resolve) => (finish = resolve))
  const send = (socket: { write(s: string): number }) => {
    waiting = true
    socket.write('GET /v1/health HTTP/1.1\r\nHost: drain.example\r\n\r\n')
  }
  void Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      open: send,
      data(socket, chunk) {
        buffer += new TextDecoder().decode(chunk)
        const end = buffer.indexOf('\r\n\r\n')
        if (end < 0) return
        const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0)
        if (buffer.length < end + 4 + length) return
        const head = buffer.slice(0, end).toLowerCase()
        buffer = buffer.slice(end + 4 + length)
        waiting = false
        result.answered++
        if (/^connection: close$/m.test(head)) {
          result.sawClose = true
          socket.end()
          return
        }
        send(socket)
      },
      close() {
        result.cut = waiting
        finish(result)
      },
      error() {
        result.cut = waiting
        finish(result)
      },
    },
  })
  return { done }
}

describe('draining on SIGTERM', () => {
  test('answers every keep-alive request in transit, each last one with Connection: close', async () => {
    const service = await startService({ SHUTDOWN_GRACE_MS: '10000', DRAIN_LINGER_MS: '1500' })
    const loops = Array.from({ length: 30 }, () => keepAliveLoop(service.port))
    await Bun.sleep(400)
    service.proc.kill('SIGTERM')
    const results = await Promise.all(
      loops.map((l) => Promise.race([l.done, Bun.sleep(20_000).then(() => null)])),
    )
    await service.stop()
    expect(results.every((r) => r !== null)).toBe(true)
    const done = results as LoopResult[]
    expect(done.filter((r) => r.cut)).toEqual([])
    expect(done.every((r) => r.sawClose)).toBe(true)
    expect(done.every((r) => r.answered > 1)).toBe(true)
    expect(await service.proc.exited).toBe(0)
  }, 60_000)
})

describe('the port', () => {
  test("is one service's alone: a second copy on it exits 1 with one line, and the first keeps every request", async () => {
    for (const workers of ['1', '2']) {
      const first = await startService({ API_KEYS: 'port-owner-key-0001' })
      const second = Bun.spawn([process.execPath, 'src/main.ts'], {
        env: {
          ...process.env,
          PORT: String(first.port),
          WORKERS: workers,
          API_KEYS: '',
          METRICS_PORT: '0',
          STORE: '/nonexistent-unused',
        },
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const code = await Promise.race([second.exited, Bun.sleep(30_000).then(() => -1)])
      if (code === -1) second.kill('SIGKILL')
      const stderr = await new Response(second.stderr).text()
      expect([workers, code]).toEqual([workers, 1])
      expect(
        stderr
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('cannot start')),
      ).toHaveLength(1)
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(first.url('/v1/catalog/planes'), {
            headers: { 'x-api-key': 'port-owner-key-0001' },
          }).then((r) => r.status),
        ),
      )
      expect(statuses.every((s) => s === 200)).toBe(true)
      await first.stop()
    }
  }, 90_000)
})

describe('the operations port', () => {
  test('serves /metrics and the detailed health on loopback, and the public port serves neither in any spelling', async () => {
    const service = await startService()
    try {
      const [ops] = await operationsPorts(service)
      expect(ops).not.toBe(service.port)
      const metrics = await fetch(`http://127.0.0.1:${ops}/metrics`)
      expect(metrics.status).toBe(200)
      expect(await metrics.text()).toContain('http_requests_total')
      expect(
        (
          (await (await fetch(`http://127.0.0.1:${ops}/health`)).json()) as {
            store: { location: string }
          }
        ).store.location,
      ).toContain('svc-store-')
      for (const path of ['/metrics', '/metrics/', '/metrics/?x', '/metrics?x', '/%6detrics'])
        expect((await fetch(service.url(path))).status).toBe(404)
      expect(JSON.stringify(await (await fetch(service.url('/v1/health'))).json())).not.toContain(
        'svc-store-',
      )
    } finally {
      await service.stop()
    }
  }, 60_000)
})
