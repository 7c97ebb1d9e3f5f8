/** A render worker that crashes on its first job (for render-threads.test.ts). */
declare const self: Worker
self.onmessage = () => {
  throw new Error('crashed for the test')
}
export {}
