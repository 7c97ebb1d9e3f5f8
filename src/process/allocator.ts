/**
 * How the serving processes' allocator (Bun's mimalloc) keeps freed memory. By default it hands
 * freed pages back to the system 100 ms after they are freed, and a composition's big buffers
 * (a 4096 px canvas is 38 MB; a texture, its skia surface and its read-back 10-20 MB each) then
 * come back as fresh pages on the next one. A fresh page costs about 2 µs on a small VM: reading a
 * 19 MB texture back took 29 ms with the default and 6 ms with pages kept for a second
 * (tmp measurement on this 2-core VM, README "Benchmarks"). Kept for a second, memory a burst
 * frees is reused by the next picture; a process that stops drawing still returns it a second
 * later. An operator's own setting wins.
 */
export const ALLOCATOR_DEFAULTS: Record<string, string> = { MIMALLOC_PURGE_DELAY: '1000' }

/** `env` with the allocator defaults added where it does not set them */
export function withAllocatorDefaults(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const out = { ...env }
  for (const [k, v] of Object.entries(ALLOCATOR_DEFAULTS))
    if (out[k] === undefined || out[k] === '') out[k] = v
  return out
}
