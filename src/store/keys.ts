/**
 * Store keys are relative, slash-separated paths. Both backends map them onto a
 * namespace (a folder, a bucket prefix), so anything that could climb out of it,
 * or that two backends could read differently, is refused up front.
 */

/** Throws `invalid store key: ...` unless `key` is a safe relative path. */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key)
  if (problem) throw new Error(`invalid store key ${JSON.stringify(key)}: ${problem}`)
}

export function isValidKey(key: string): boolean {
  return keyProblem(key) === null
}

/** A list prefix is a key, a key's start ("liveries/airbus"), a folder ("liveries/") or "" for everything. */
export function assertValidPrefix(prefix: string): void {
  if (prefix === '') return
  // A trailing slash names a folder; the rest must be a valid key on its own.
  const body = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix
  const problem = keyProblem(body)
  if (problem) throw new Error(`invalid store key prefix ${JSON.stringify(prefix)}: ${problem}`)
}

function keyProblem(key: string): string | null {
  if (typeof key !== 'string' || key === '') return 'empty'
  if (key.includes('\\')) return 'backslash'
  // Control characters (NUL above all) are cut or refused by file systems and S3 alike.
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'control character'
  if (key.startsWith('/')) return 'absolute path'
  if (/^[A-Za-z]:/.test(key)) return 'drive letter'
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment'
    if (segment === '..' || segment === '.') return 'dot segment'
    // Dot-names are reserved for the local backend's temp files, so a key can never name one.
    if (segment.startsWith('.')) return 'segment starts with a dot'
  }
  return null
}
