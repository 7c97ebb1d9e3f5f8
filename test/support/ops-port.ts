/** The operations ports (/metrics, /health) a running service's workers logged, in the order they listened. */
import type { RunningService } from './service-process'

export async function operationsPorts(
  service: RunningService,
  count = 1,
  timeoutMs = 20_000,
): Promise<number[]> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const ports = [...service.output().matchAll(/"metricsPort":(\d+)/g)].map((m) => Number(m[1]))
    if (ports.length >= count) return ports
    if (performance.now() > deadline)
      throw new Error(`no operations port in the log: ${service.output().slice(-500)}`)
    await Bun.sleep(50)
  }
}
