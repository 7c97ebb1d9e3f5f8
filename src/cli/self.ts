/**
 * This program, as a command another process can run: the compiled binary is its own
 * entry; from source it is bun with src/main.ts (whatever script started this process,
 * a test or `bun src/cli/bake.ts`), so a subcommand can start copies of itself.
 */
import { join } from 'node:path'

export const compiled = import.meta.path.startsWith('/$bunfs')

export function selfCommand(...args: string[]): string[] {
  return compiled
    ? [process.execPath, ...args]
    : [process.execPath, join(import.meta.dir, '..', 'main.ts'), ...args]
}
