/**
 * Structured log lines (one JSON object per line on stdout). Anything that looks
 * like an API key in a URL is redacted here, so no caller has to remember to.
 */
type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }
const threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info
/**
 * Lines are gathered and written in one go a few milliseconds later (or at 64 KB):
 * one write per request would cost a system call on the hot path.
 */
let buffered = ''
let timer: ReturnType<typeof setTimeout> | undefined
export function flushLogs(): void {
  if (timer) clearTimeout(timer)
  timer = undefined
  if (buffered) process.stdout.write(buffered)
  buffered = ''
}
process.on('exit', flushLogs)
let sink: (line: string) => void = (line) => {
  buffered += line + '\n'
  if (buffered.length > 65536) flushLogs()
  else timer ??= setTimeout(flushLogs, 20)
}

/** Replaces the value of every `api-key` query parameter with `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api-key=)[^&#]*/gi, '$1[redacted]')
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold) return
  const record: Record<string, unknown> = { t: new Date().toISOString(), level, msg }
  for (const [k, v] of Object.entries(fields)) record[k] = typeof v === 'string' ? redactUrl(v) : v
  sink(JSON.stringify(record))
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
}

/** Tests capture log lines to assert on them (and on what they must not contain). */
export function captureLogs(): { lines: string[]; restore: () => void } {
  const previous = sink
  const lines: string[] = []
  sink = (line) => lines.push(line)
  return { lines, restore: () => (sink = previous) }
}
