/**
 * The native heap (glibc's malloc, which skia and the PNG encoder allocate from) keeps what they
 * free mapped, for reuse, unless asked to hand it back: after a burst of compositions and a full
 * collection (which runs their finalizers), malloc_trim hands it back. Where there is no glibc
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
