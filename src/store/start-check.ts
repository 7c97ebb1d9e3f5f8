/**
 * A store that is misconfigured stops the start with one line naming the cause (issue 11:
 * nothing answers at the endpoint, a bad key id, a folder that cannot be made), while a
 * store that is only unwell (frozen, full, read-only) does not: the service starts, serves
 * from renders, and health says degraded (issue 10). One read and one small write, each
 * bounded, tell the two apart.
 */
import { log } from '../log'
import type { AssetStore } from './types'

const PROBE_KEY = 'health/start-probe.txt'
/** faults of a store that works but cannot take writes now */
const UNWELL = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EBUSY'])

class StartProbeTimeout extends Error {}

function bounded<T>(call: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StartProbeTimeout(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
  })
  return Promise.race([call, deadline]).finally(() => clearTimeout(timer))
}

/** `serving`: a server starts on a store merely unwell; a bake, whose whole work is writing, does not */
export async function checkStoreAtStart(
  store: AssetStore,
  timeoutMs: number,
  serving = true,
): Promise<void> {
  try {
    await bounded(store.get(PROBE_KEY), timeoutMs)
    await bounded(
      store.put(PROBE_KEY, new TextEncoder().encode(new Date().toISOString())),
      timeoutMs,
    )
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (
      serving &&
      (error instanceof StartProbeTimeout || (typeof code === 'string' && UNWELL.has(code)))
    ) {
      log.warn('fallback: the store is unwell at start; serving from renders until it recovers', {
        error: String(error),
      })
      return
    }
    throw error
  }
}
