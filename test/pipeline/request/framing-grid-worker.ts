/** Runs one model's framing grid (framing-grid.ts) off the test's thread and answers its problems. */
import { gridProblems } from './framing-grid'

declare const self: Worker

self.onmessage = async (e: MessageEvent<{ plane: string }>) => {
  self.postMessage({ plane: e.data.plane, problems: await gridProblems(e.data.plane) })
}
