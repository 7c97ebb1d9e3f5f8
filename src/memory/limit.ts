/**
 * The memory this service may use: MEMORY_LIMIT_MB when set, else the limit of the memory
 * cgroup it runs in (v2 `memory.max`, v1 `memory.limit_in_bytes`), else a share of the
 * machine. A container's limit is the one that matters: the kernel kills the process at it,
 * whatever the machine has free.
 */
import { readFileSync } from 'node:fs'
import { totalmem } from 'node:os'

export type LimitSource = 'MEMORY_LIMIT_MB' | 'cgroup-v2' | 'cgroup-v1' | 'machine'
export interface MemoryLimit {
  bytes: number
  source: LimitSource
}

const MB = 1024 * 1024
/** without a limit, the service takes at most this share of the machine: it is rarely alone on it */
export const MACHINE_SHARE = 0.5
/** v1 reports "no limit" as a huge number near 2^63 rounded to pages */
const UNLIMITED_ABOVE = 2 ** 60

type ReadText = (path: string) => string | null
const readText: ReadText = (path) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** the cgroup path of this process for a controller, from /proc/self/cgroup ('' for the root) */
function cgroupPath(read: ReadText, v1Controller: string | null): string | null {
  const text = read('/proc/self/cgroup')
  if (!text) return null
  for (const line of text.split('\n')) {
    const [, controllers, path] = line.split(':')
    if (path === undefined) continue
    if (v1Controller === null ? controllers === '' : controllers.split(',').includes(v1Controller))
      return path
  }
  return null
}

/**
 * Where a cgroup's file may be: its path under the mount, or, when the mount is a namespace's
 * own root (a container, or a nested cgroup of one), a tail of that path; the mount's root,
 * an ancestor of every cgroup under it, last.
 */
function candidates(mount: string, path: string, file: string): string[] {
  const parts = path.split('/').filter(Boolean)
  return [...parts.map((_, i) => `/${parts.slice(i).join('/')}`), ''].map(
    (tail) => `${mount}${tail}/${file}`,
  )
}

/** the cgroup's limit in bytes, or null when there is none (or it cannot be read) */
export function cgroupLimit(
  read: ReadText = readText,
): { bytes: number; source: 'cgroup-v2' | 'cgroup-v1' } | null {
  const v2 = cgroupPath(read, null)
  for (const path of v2 === null ? [] : candidates('/sys/fs/cgroup', v2, 'memory.max')) {
    const text = read(path)?.trim()
    if (text && /^\d+$/.test(text)) return { bytes: Number(text), source: 'cgroup-v2' }
  }
  const v1 = cgroupPath(read, 'memory')
  for (const path of v1 === null
    ? []
    : candidates('/sys/fs/cgroup/memory', v1, 'memory.limit_in_bytes')) {
    const text = read(path)?.trim()
    if (text && /^\d+$/.test(text) && Number(text) < UNLIMITED_ABOVE)
      return { bytes: Number(text), source: 'cgroup-v1' }
  }
  return null
}

/** `configuredMb`: MEMORY_LIMIT_MB as read by the config (null when unset) */
export function memoryLimit(
  configuredMb: number | null,
  read: ReadText = readText,
  machineBytes = totalmem(),
): MemoryLimit {
  if (configuredMb !== null) return { bytes: configuredMb * MB, source: 'MEMORY_LIMIT_MB' }
  return cgroupLimit(read) ?? { bytes: Math.floor(machineBytes * MACHINE_SHARE), source: 'machine' }
}
