/** One memory limit, and every memory-bound setting derived from it (src/memory/). */
import { describe, expect, test } from 'bun:test'
import { readConfig } from '../../src/config'
import { BASE_BYTES, DRAWING_BYTES, deriveBudget } from '../../src/memory/budget'
import { cgroupLimit, memoryLimit } from '../../src/memory/limit'
import { budgetFor } from '../../src/service'

const MB = 1024 * 1024
const fakeFs = (files: Record<string, string>) => (path: string) => files[path] ?? null

describe('the memory limit', () => {
  test('is MEMORY_LIMIT_MB when set, whatever the cgroup says', () => {
    const read = fakeFs({
      '/proc/self/cgroup': '0::/pod\n',
      '/sys/fs/cgroup/pod/memory.max': String(512 * MB),
    })
    expect(memoryLimit(1024, read)).toEqual({ bytes: 1024 * MB, source: 'MEMORY_LIMIT_MB' })
  })

  test('is the cgroup v2 limit of the process, read under its own path', () => {
    const read = fakeFs({
      '/proc/self/cgroup': '0::/kubepods/pod1/c1\n',
      '/sys/fs/cgroup/kubepods/pod1/c1/memory.max': '1073741824\n',
    })
    expect(memoryLimit(null, read)).toEqual({ bytes: 1024 * MB, source: 'cgroup-v2' })
    // inside a container, the cgroup is the mount's root
    expect(
      cgroupLimit(
        fakeFs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/memory.max': '536870912' }),
      ),
    ).toEqual({ bytes: 512 * MB, source: 'cgroup-v2' })
  })

  test('is the cgroup v1 limit, ignoring the "unlimited" figure', () => {
    const v1 = (limit: string) =>
      fakeFs({
        '/proc/self/cgroup': '4:memory:/docker/abc\n3:cpu:/docker/abc\n',
        '/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes': limit,
      })
    expect(memoryLimit(null, v1('805306368'))).toEqual({ bytes: 768 * MB, source: 'cgroup-v1' })
    expect(memoryLimit(null, v1('9223372036854771712'), 8192 * MB)).toEqual({
      bytes: 4096 * MB,
      source: 'machine',
    })
  })

  test('is half the machine where there is no cgroup limit ("max" or no cgroup at all)', () => {
    expect(
      memoryLimit(
        null,
        fakeFs({ '/proc/self/cgroup': '0::/\n', '/sys/fs/cgroup/memory.max': 'max\n' }),
        16384 * MB,
      ),
    ).toEqual({ bytes: 8192 * MB, source: 'machine' })
    expect(memoryLimit(null, fakeFs({}), 2048 * MB)).toEqual({
      bytes: 1024 * MB,
      source: 'machine',
    })
  })

  test('is read from MEMORY_LIMIT_MB by the config, and refused when absurd', () => {
    expect(readConfig({ MEMORY_LIMIT_MB: '768' }).memoryLimitMb).toBe(768)
    expect(readConfig({}).memoryLimitMb).toBeNull()
    for (const bad of ['0', '64', '-1', '1.5', 'lots'])
      expect(() => readConfig({ MEMORY_LIMIT_MB: bad })).toThrow('MEMORY_LIMIT_MB')
  })
})

describe('the budget derived from it', () => {
  const at = (limitMb: number, over: Partial<Parameters<typeof deriveBudget>[0]> = {}) =>
    deriveBudget({ limitBytes: limitMb * MB, workers: 1, cores: 2, renderThreads: 2, ...over })

  test('grows every cache, the queue and the high-water mark with the limit', () => {
    const small = at(768)
    const large = at(4096)
    expect(small.imageCacheBytes).toBeLessThan(large.imageCacheBytes)
    expect(small.responseMemoBytes).toBeLessThan(large.responseMemoBytes)
    expect(small.highWaterBytes).toBeLessThan(large.highWaterBytes)
    expect(small.queueMax).toBeLessThanOrEqual(large.queueMax)
    expect(small.responseMemoBytes).toBe(Math.floor(small.imageCacheBytes / 2))
  })

  test('keeps what it allows in flight under the high-water mark', () => {
    for (const limitMb of [768, 1024, 1536, 2048, 8192]) {
      for (const cores of [1, 2, 8, 32]) {
        const b = at(limitMb, { cores, renderThreads: 1 })
        expect(b.highWaterBytes).toBeLessThan(b.processBytes)
        if (b.drawingsAtOnce > 1)
          expect(
            BASE_BYTES + b.imageCacheBytes * 1.5 + b.drawingsAtOnce * DRAWING_BYTES,
          ).toBeLessThanOrEqual(b.highWaterBytes)
        expect(b.drawingsAtOnce).toBeGreaterThanOrEqual(1)
      }
    }
  })

  test("sizes the pixel pool and the render threads' caches from the limit, up to what a 1 GiB process gets", () => {
    const small = at(512)
    const gib = at(1024)
    expect(small.pixelPoolBytes).toBeLessThan(gib.pixelPoolBytes)
    expect(small.renderThreadCaches.models).toBeLessThan(gib.renderThreadCaches.models)
    expect(small.renderThreadCaches.textures).toBeLessThan(gib.renderThreadCaches.textures)
    expect(gib.pixelPoolBytes).toBe(24 * MB)
    expect(gib.renderThreadCaches).toEqual({ models: 48 * MB, textures: 12 * MB })
    expect(at(8192)).toMatchObject({
      pixelPoolBytes: 24 * MB,
      renderThreadCaches: { models: 48 * MB, textures: 12 * MB },
    })
    expect(at(2048, { workers: 2 }).pixelPoolBytes).toBe(gib.pixelPoolBytes)
  })

  test('splits the limit between the workers', () => {
    expect(at(2048, { workers: 2 }).processBytes).toBe(1024 * MB)
    expect(at(2048, { workers: 2 }).imageCacheBytes).toBe(at(1024).imageCacheBytes)
  })

  test("lets an operator's CACHE_MAX_BYTES win over the derived cache", () => {
    expect(at(1024, { imageCacheBytes: 5 * MB }).imageCacheBytes).toBe(5 * MB)
    expect(
      budgetFor(readConfig({ CACHE_MAX_BYTES: String(7 * MB), MEMORY_LIMIT_MB: '1024' }))
        .imageCacheBytes,
    ).toBe(7 * MB)
  })

  test('follows MEMORY_LIMIT_MB through the config', () => {
    const b = budgetFor(readConfig({ MEMORY_LIMIT_MB: '1024', RENDER_THREADS: '1' }))
    expect(b.processBytes).toBe(1024 * MB)
    expect(b.highWaterBytes).toBe(Math.floor(0.85 * 1024 * MB))
    expect(b.imageCacheBytes).toBeLessThan(256 * MB)
  })
})

describe('the cgroup of a nested or namespaced process', () => {
  test("is found under a tail of its path when the mount is the namespace's own root", () => {
    const read = fakeFs({
      '/proc/self/cgroup': '4:memory:/host/slice/test-cg\n',
      '/sys/fs/cgroup/memory/test-cg/memory.limit_in_bytes': String(1024 * MB),
      '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712',
    })
    expect(cgroupLimit(read)).toEqual({ bytes: 1024 * MB, source: 'cgroup-v1' })
  })
})
