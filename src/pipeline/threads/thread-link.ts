/**
 * A render thread as the request thread sees it: its worker, whether it still answers, and its
 * jobs awaiting answers. A thread that dies or closes fails what it was asked and is not asked
 * again.
 */
import { log } from '../../log'
import type { CacheLimits, Jobs, JobKind, RenderJob, RenderReply } from './messages'

type Answer = Jobs[JobKind]['answer']

export interface RenderThread {
  worker: Worker
  alive: boolean
  pending: Map<number, { resolve: (answer: Answer) => void; reject: (e: Error) => void }>
}

/** `limits`: the thread's cache limits, sent before any job (none: the renderer's own) */
export function startThread(script: URL, limits?: Omit<CacheLimits, 'kind'>): RenderThread {
  const worker = new Worker(script)
  // an idle worker must not keep a finished process (a CLI, a test run) alive
  worker.unref()
  const thread: RenderThread = { worker, alive: true, pending: new Map() }
  const fail = (reason: string) => {
    thread.alive = false
    for (const p of thread.pending.values()) p.reject(new Error(reason))
    thread.pending.clear()
  }
  worker.onmessage = (event: MessageEvent<RenderReply>) => {
    const reply = event.data
    const p = thread.pending.get(reply.id)
    if (!p) return
    thread.pending.delete(reply.id)
    if (reply.kind === 'error') p.reject(new Error(reply.error))
    else p.resolve(reply.answer)
  }
  worker.onerror = (event) => {
    log.error('render thread died', { reason: event.message })
    fail(`render thread died: ${event.message}`)
  }
  worker.addEventListener('close', () => fail('render thread closed'))
  if (limits) worker.postMessage({ kind: 'cache-limits', ...limits } satisfies CacheLimits)
  return thread
}

let nextId = 1

/** a job of `kind` on `thread`, answered with that kind's answer */
export function ask<K extends JobKind>(
  thread: RenderThread,
  kind: K,
  spec: Jobs[K]['spec'],
): Promise<Jobs[K]['answer']> {
  const id = nextId++
  return new Promise((resolve, reject) => {
    thread.pending.set(id, { resolve: resolve as (answer: Answer) => void, reject })
    thread.worker.postMessage({ id, kind, spec } as RenderJob)
  })
}
