/** A render worker that refuses every job (for render-threads.test.ts). */
declare const self: Worker
self.onmessage = (event: MessageEvent<{ id: number }>) =>
  self.postMessage({ id: event.data.id, kind: 'error', error: 'refused for the test' })
export {}
