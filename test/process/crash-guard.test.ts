import { expect, test } from 'bun:test'
import { join } from 'node:path'

test('an error nobody caught is logged with keys redacted, and the process goes on', async () => {
  const script = `
    import { installCrashGuard } from ${JSON.stringify(join(import.meta.dir, '../../src/process/crash-guard.ts'))}
    import { flushLogs } from ${JSON.stringify(join(import.meta.dir, '../../src/log.ts'))}
    installCrashGuard()
    setTimeout(() => { throw new Error('boom at /v1/images/plane?api-key=secret-key-123') }, 1)
    Promise.reject(new Error('rejected'))
    setTimeout(() => { flushLogs(); console.log('still alive') }, 50)
  `
  const proc = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' })
  const out = await new Response(proc.stdout).text()
  expect(await proc.exited).toBe(0)
  expect(out).toContain('still alive')
  expect(out).toContain('uncaught error; the process goes on')
  expect(out).toContain('unhandled rejection; the process goes on')
  expect(out).not.toContain('secret-key-123')
})
