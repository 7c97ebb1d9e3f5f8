/**
 * A memory cgroup of our own (v2, else v1) for running the service under a container's
 * limit: where the machine lets a process make one (root, a writable cgroup mount), null
 * elsewhere. Tells the kernel's OOM kills and the peak usage when done.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface MemoryCgroup {
  version: 1 | 2
  /** a command that runs `command` inside the cgroup */
  wrap(command: string[]): string[]
  /** OOM kills inside the cgroup so far */
  oomKills(): number
  /** the highest usage the kernel saw, in bytes */
  peakBytes(): number
  remove(): void
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}
const counter = (text: string, name: string) =>
  Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? 0)

function tryMake(dir: string, files: Record<string, string>): boolean {
  try {
    mkdirSync(dir)
    for (const [file, value] of Object.entries(files)) writeFileSync(join(dir, file), value)
    return true
  } catch {
    try {
      rmdirSync(dir)
    } catch {}
    return false
  }
}

export function makeMemoryCgroup(limitBytes: number): MemoryCgroup | null {
  const name = `aircraft-images-${process.pid}-${Date.now()}`
  const v2 = join('/sys/fs/cgroup', name)
  const v1 = join('/sys/fs/cgroup/memory', name)
  let version: 1 | 2
  let dir: string
  if (
    existsSync('/sys/fs/cgroup/cgroup.controllers') &&
    read('/sys/fs/cgroup/cgroup.subtree_control').includes('memory') &&
    tryMake(v2, { 'memory.max': String(limitBytes), 'memory.swap.max': '0' })
  ) {
    version = 2
    dir = v2
  } else if (
    existsSync('/sys/fs/cgroup/memory/memory.limit_in_bytes') &&
    tryMake(v1, { 'memory.limit_in_bytes': String(limitBytes) })
  ) {
    version = 1
    dir = v1
    try {
      writeFileSync(join(dir, 'memory.memsw.limit_in_bytes'), String(limitBytes)) // no swap to hide in, where the kernel accounts it
    } catch {}
  } else return null
  return {
    version,
    wrap: (command) => [
      'sh',
      '-c',
      `echo $$ > ${join(dir, 'cgroup.procs')} && exec "$0" "$@"`,
      ...command,
    ],
    oomKills: () =>
      version === 2
        ? counter(read(join(dir, 'memory.events')), 'oom_kill')
        : counter(read(join(dir, 'memory.oom_control')), 'oom_kill'),
    peakBytes: () =>
      Number(
        read(join(dir, version === 2 ? 'memory.peak' : 'memory.max_usage_in_bytes')).trim() || 0,
      ),
    remove() {
      try {
        rmdirSync(dir)
      } catch {}
    },
  }
}
