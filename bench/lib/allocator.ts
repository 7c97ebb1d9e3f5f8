/**
 * Imported first by benches that draw in their own process: the serving processes run with the
 * allocator settings of src/process/allocator.ts (the supervisor sets them, and the allocator reads
 * them only when a process starts), so such a bench runs itself again with them, to measure the
 * service as deployed.
 */
import { ALLOCATOR_DEFAULTS, withAllocatorDefaults } from '../../src/process/allocator'

if (Object.keys(ALLOCATOR_DEFAULTS).some((k) => process.env[k] === undefined)) {
  const child = Bun.spawnSync([process.execPath, ...process.argv.slice(1)], {
    env: withAllocatorDefaults(process.env),
    stdio: ['inherit', 'inherit', 'inherit'],
  })
  process.exit(child.exitCode ?? 1)
}
