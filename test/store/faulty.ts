/** A working store that can be made to hang on every call, or to fail its writes with an errno (store fault tests). */
import type { AssetStore } from '../../src/store/types'
import { tempStore } from '../support/app'

const never = () => new Promise<never>(() => {})

export function faultyStore(inner: AssetStore = tempStore()) {
  const state = { frozen: false, writeError: null as string | null }
  const maybe = <T>(call: () => Promise<T>) => (state.frozen ? never() : call())
  const store: AssetStore = {
    kind: inner.kind,
    description: inner.description,
    get: (k) => maybe(() => inner.get(k)),
    has: (k) => maybe(() => inner.has(k)),
    list: (p) => maybe(() => inner.list(p)),
    inventory: (p) => maybe(() => inner.inventory(p)),
    delete: (k) => maybe(() => inner.delete(k)),
    health: () => maybe(() => inner.health()),
    put: (k, b) =>
      maybe(() => {
        if (!state.writeError) return inner.put(k, b)
        return Promise.reject(
          Object.assign(new Error(`${state.writeError}: simulated, write '${k}'`), {
            code: state.writeError,
          }),
        )
      }),
  }
  return { store, state }
}
