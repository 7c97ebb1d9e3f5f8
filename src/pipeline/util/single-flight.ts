/**
 * Concurrent calls for the same key share one run of the work. The work gets a signal
 * that aborts only when every caller that joined has gone (their own signals aborted):
 * one client leaving must not cancel the answer another is waiting for.
 */
interface Flight<V> {
  promise: Promise<V>
  interested: number
  controller: AbortController
}

export function singleFlight<V>() {
  const running = new Map<string, Flight<V>>()

  function follow(flight: Flight<V>, signal?: AbortSignal) {
    if (!signal) {
      flight.interested = Infinity // a caller that cannot leave keeps the work alive
      return
    }
    flight.interested++
    const leave = () => {
      if (--flight.interested === 0) flight.controller.abort()
    }
    if (signal.aborted) leave()
    else signal.addEventListener('abort', leave, { once: true })
  }

  return {
    run(key: string, work: (signal: AbortSignal) => Promise<V>, signal?: AbortSignal): Promise<V> {
      const existing = running.get(key)
      if (existing) {
        follow(existing, signal)
        return existing.promise
      }
      const controller = new AbortController()
      const flight: Flight<V> = {
        promise: undefined as unknown as Promise<V>,
        interested: 0,
        controller,
      }
      follow(flight, signal)
      flight.promise = work(controller.signal).finally(() => running.delete(key))
      running.set(key, flight)
      return flight.promise
    },
    get size() {
      return running.size
    },
  }
}
