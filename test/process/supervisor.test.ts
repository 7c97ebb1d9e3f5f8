import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { childrenOf, isAlive, startService } from '../support/service-process'

/** The process tree as deployed: a supervisor and its serving workers. */

const waitFor = async (what: () => boolean, timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs
  while (!what()) {
    if (performance.now() > deadline) return false
    await Bun.sleep(20)
  }
  return true
}

/** gone, or a zombie whose sockets are closed already */
const hasExited = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')
  } catch {
    return true
  }
}

/**
 * A GET whose connection is refused or reset before an answer is tried again, as a load
 * balancer does (nginx's `proxy_next_upstream error`): for about 100 ms after a worker is
 * killed, Linux refuses or resets a few connections although the other worker listens.
 * An answer other than 200 is never retried, and five connection errors in a row fail.
 */
async function healthRetryingRefusals(url: string): Promise<Response | null> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(url, { headers: { connection: 'close' } })
    } catch (error) {
      if (!/ECONNREFUSED|ECONNRESET/.test(String(error)) || attempt === 4) return null
      await Bun.sleep(50)
    }
  }
}

describe('supervised process tree', () => {
  test('replaces a worker killed with SIGKILL within 2 s, and no request fails meanwhile', async () => {
    const service = await startService({ WORKERS: '2' })
    try {
      expect(await waitFor(() => service.workers().length === 2, 10_000)).toBe(true)
      const before = service.workers()
      const victim = before[0]
      process.kill(victim, 'SIGKILL')
      const killedAt = performance.now()
      // the kill takes effect once the process is gone (its listening socket with it): until then
      // the kernel may still hand it connections, which die with it
      expect(await waitFor(() => hasExited(victim), 2000)).toBe(true)
      let failed = 0
      let answered = 0
      let replacedAfter = Infinity
      while (performance.now() - killedAt < 3000) {
        const res = await healthRetryingRefusals(service.url('/v1/health'))
        if (res?.status === 200) answered++
        else failed++
        const now = service.workers()
        if (replacedAfter === Infinity && now.length === 2 && !now.includes(victim))
          replacedAfter = performance.now() - killedAt
      }
      expect(failed).toBe(0)
      expect(answered).toBeGreaterThan(5)
      expect(replacedAfter).toBeLessThan(2000)
      expect(service.output()).toContain('worker exited; restarting it')
    } finally {
      await service.stop()
    }
  }, 30_000)

  test('on SIGTERM finishes the 20 slow requests in flight, then exits 0 with its whole tree', async () => {
    const service = await startService({
      API_KEYS: 'drain-test-key-0001',
      QUEUE_WAIT_MS: '60000',
      SHUTDOWN_GRACE_MS: '60000',
    })
    const tree = [service.proc.pid, ...service.workers()]
    // 20 distinct compositions: each is new work, one at a time per process
    const requests = Array.from({ length: 20 }, (_, i) =>
      fetch(service.url(`/v1/images/plane?plane=a320&resolution=card&pitch=${i + 1}`), {
        headers: { 'x-api-key': 'drain-test-key-0001' },
      }).then(
        async (r) => ({ status: r.status, bytes: (await r.arrayBuffer()).byteLength }),
        () => ({ status: 0, bytes: 0 }),
      ),
    )
    await Bun.sleep(300) // every request is read by the server
    service.proc.kill('SIGTERM')
    const results = await Promise.all(requests)
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(results.every((r) => r.bytes > 1000)).toBe(true)
    expect(await service.proc.exited).toBe(0)
    expect(await waitFor(() => tree.every((pid) => !isAlive(pid)), 3000)).toBe(true)
    expect(service.output()).toContain('"msg":"draining"')
  }, 60_000)

  test('its workers leave when the supervisor is killed, so no orphan keeps serving', async () => {
    const service = await startService({ WORKERS: '2' })
    expect(await waitFor(() => service.workers().length === 2, 10_000)).toBe(true)
    const workers = service.workers()
    service.proc.kill('SIGKILL')
    expect(await waitFor(() => workers.every((pid) => !isAlive(pid)), 3000)).toBe(true)
    const answer = await fetch(service.url('/v1/health')).catch(() => null)
    expect(answer).toBeNull()
  }, 30_000)

  const environOf = (pid: number) =>
    new Map(
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    )

  test('starts its workers with the allocator keeping freed pages a second, unless the operator says otherwise', async () => {
    const defaults = await startService({ WORKERS: '1', MIMALLOC_PURGE_DELAY: '' })
    const chosen = await startService({ WORKERS: '1', MIMALLOC_PURGE_DELAY: '250' })
    try {
      expect(
        await waitFor(
          () => defaults.workers().length === 1 && chosen.workers().length === 1,
          10_000,
        ),
      ).toBe(true)
      expect(environOf(defaults.workers()[0]).get('MIMALLOC_PURGE_DELAY')).toBe('1000')
      expect(environOf(chosen.workers()[0]).get('MIMALLOC_PURGE_DELAY')).toBe('250')
    } finally {
      await Promise.all([defaults.stop(), chosen.stop()])
    }
  }, 60_000)

  test('a start that cannot succeed exits non-zero with one line, instead of restarting forever', async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, '../../src/main.ts')], {
      env: { ...process.env, PORT: '0', DEFAULT_PLANE: 'no-such-plane', WORKERS: '2' },
      stdout: 'ignore',
      stderr: 'pipe',
    })
    const code = await Promise.race([proc.exited, Bun.sleep(15_000).then(() => 'timeout')])
    expect(code).toBe(1)
    const stderr = (await new Response(proc.stderr).text()).trim()
    expect(stderr).toContain('cannot start: DEFAULT_PLANE "no-such-plane"')
    expect(stderr).not.toContain('    at ')
    expect(childrenOf(proc.pid)).toEqual([])
  }, 30_000)
})
