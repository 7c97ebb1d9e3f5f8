/**
 * The native heap (glibc's malloc, which skia and the PNG encoder allocate from) keeps what they
 * free mapped, for reuse, unless asked to hand it back. After a burst of compositions and a full
 * collection (which runs their finalizers), 26 MB more of one process went back to the system
 * with malloc_trim, in 3 ms (tmp measurement, this VM: 407 -> 381 MB). Where there is no glibc
 * (another libc, another system) there is nothing to call and nothing is done.
 */
import { dlopen, FFIType } from 'bun:ffi'

let trim: (() => void) | null | undefined

function loadTrim(): (() => void) | null {
  if (process.platform !== 'linux') return null
  try {
    const libc = dlopen('libc.so.6', { malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 } })
    return () => void libc.symbols.malloc_trim(0)
  } catch {
    return null
  }
}

/** hands the native heap's free pages back to the system; false where it cannot */
export function trimNativeHeap(): boolean {
  if (trim === undefined) trim = loadTrim()
  if (!trim) return false
  trim()
  return true
}
