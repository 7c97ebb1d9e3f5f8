/** Concurrent calls for the same key share one run of the work. */
export function singleFlight<V>() {
  const running = new Map<string, Promise<V>>()
  return {
    run(key: string, work: () => Promise<V>): Promise<V> {
      const existing = running.get(key)
      if (existing) return existing
      const promise = work().finally(() => running.delete(key))
      running.set(key, promise)
      return promise
    },
    get size() {
      return running.size
    },
  }
}
