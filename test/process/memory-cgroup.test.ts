/**
 * Under a 1 GiB memory cgroup, as the shipped Kubernetes limit gives a pod: a flood of distinct
 * first renders and compositions meets 503s, never the kernel's OOM killer. Where this machine
 * cannot make a cgroup, test/memory/budget.test.ts still checks that every budget follows the
 * limit; this test says so rather than pass.
 */
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { makeMemoryCgroup } from '../../bench/lib/cgroup'
import { flood } from '../../bench/lib/flood'
import { startService } from '../support/service-process'

const GiB = 1024 ** 3
const ROOT = join(import.meta.dir, '../..')
const cgroup = makeMemoryCgroup(GiB)

describe.if(cgroup !== null)('under a 1 GiB memory cgroup', () => {
  test('600 distinct first renders and a composition flood: no OOM kill, no empty reply, only 200/304/429/503', async () => {
    const group = cgroup!
    try {
      // no MEMORY_LIMIT_MB: the service must find the limit in its cgroup
      const service = await startService(
        { RENDER_THREADS: '2' },
        60_000,
        group.wrap([process.execPath, join(ROOT, 'src/main.ts')]),
      )
      try {
        expect(service.output()).toContain(`"memoryLimitSource":"cgroup-v${group.version}"`)
        const result = await flood(service.url(''), { views: 600, connections: 100, seconds: 15 })
        const workersAfter = service.workers()
        expect(result.noAnswer).toBe(0)
        expect(
          Object.keys(result.statuses).filter((s) => !['200', '304', '429', '503'].includes(s)),
        ).toEqual([])
        expect(result.statuses['200']).toBeGreaterThan(0)
        expect(result.statuses['503']).toBeGreaterThan(0)
        expect(group.oomKills()).toBe(0)
        expect(service.output()).not.toContain('worker exited')
        expect(workersAfter).toHaveLength(1)
        expect(group.peakBytes()).toBeLessThan(GiB)
      } finally {
        await service.stop()
      }
    } finally {
      group.remove()
    }
  }, 180_000)
})

if (cgroup === null)
  console.warn(
    'memory-cgroup.test.ts: no writable memory cgroup on this machine; test/memory/budget.test.ts checks the derived budgets',
  )
