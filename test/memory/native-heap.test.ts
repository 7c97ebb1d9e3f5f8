import { expect, test } from 'bun:test'
import { createCanvas } from '@napi-rs/canvas'
import { trimNativeHeap } from '../../src/memory/native-heap'

const glibc =
  process.platform === 'linux' &&
  (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } })?.header
    ?.glibcVersionRuntime !== undefined

/** a skia canvas whose pixels are allocated (drawing is deferred until they are read) */
function painted(size: number) {
  const canvas = createCanvas(size, size)
  const ctx = canvas.getContext('2d')
  ctx.fillRect(0, 0, size, size)
  ctx.getImageData(0, 0, 1, 1)
  return canvas
}

test('hands the native heap’s freed pages back to the system (on glibc)', async () => {
  // 300 canvases of 90 KB (below glibc's mmap threshold: from the heap), each followed by a small
  // one that stays: freed, the large ones leave holes the heap cannot shrink past, mapped until trimmed
  const kept: ReturnType<typeof painted>[] = []
  let freed: ReturnType<typeof painted>[] = []
  for (let i = 0; i < 300; i++) {
    freed.push(painted(150))
    kept.push(painted(8))
  }
  freed = []
  // the canvases' finalizers run after the collection, on a later turn
  Bun.gc(true)
  await Bun.sleep(10)
  Bun.gc(true)
  const before = process.memoryUsage.rss()
  expect(trimNativeHeap()).toBe(glibc)
  if (glibc) expect(before - process.memoryUsage.rss()).toBeGreaterThan(12 * 1024 * 1024)
  expect(kept.length + freed.length).toBe(300)
})
