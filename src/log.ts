/**
 * Structured log lines (one JSON object per line; on stdout for the service, on stderr
 * for the other commands). Anything that looks like an API key in a URL is redacted
 * here, so no caller has to remember to.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

/** The request a line is written for (src/serve/request-id.ts): every line written while it runs carries its id. */
export const logContext = new AsyncLocalStorage<{ requestId: string }>()

type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 }
const threshold = order[(process.env.LOG_LEVEL as Level) ?? 'info'] ?? order.info
/**
 * Lines are gathered and written in one go a few milliseconds later (or at 64 KB):
 * one write per request would cost a system call on the hot path.
 */
let buffered = ''
let timer: ReturnType<typeof setTimeout> | undefined
let destination: NodeJS.WriteStream = process.stdout
export function flushLogs(): void {
  if (timer) clearTimeout(timer)
  timer = undefined
  if (buffered) destination.write(buffered)
  buffered = ''
}

/** A command whose stdout is its output (an image, a JSON summary) logs on stderr instead. */
export function logToStderr(): void {
  destination = process.stderr
}
process.on('exit', flushLogs)
let sink: (line: string) => void = (line) => {
  buffered += line + '\n'
  if (buffered.length > 65536) flushLogs()
  else timer ??= setTimeout(flushLogs, 20)
}

/** The query parameter that carries a key, in any spelling a URL parser would accept. */
export function isApiKeyParam(rawName: string): boolean {
  // padded names (`api-key%20`) too: redacting one parameter too many costs nothing
  return rawName.length < 64 && decodeComponent(rawName).trim().toLowerCase() === 'api-key'
}

/** Percent-decoding as URLSearchParams does it ('+' is a space); a malformed escape is kept as written. */
export function decodeComponent(raw: string): string {
  const plus = raw.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(plus)
  } catch {
    return plus
  }
}

/**
 * Replaces the value of every `api-key` query parameter with `[redacted]`, wherever a URL
 * appears in the text (a stack trace, a JSON line) and however the name is spelt:
 * `API-KEY`, `api%2Dkey`, `%61pi-key` are the same parameter to the parser and to auth.
 * A value ends where a URL's query value ends, or at a double quote or space (the end of
 * the URL inside a JSON string or a message); JSON escapes (\") are part of the value.
 */
export function redactUrl(text: string): string {
  return text.replace(
    /([?&;])([^=&#?\s"'\\]{1,63})=(?:\\.|[^&#\s"\\])*/g,
    (whole, sep: string, name: string) =>
      isApiKeyParam(name) ? `${sep}${name}=[redacted]` : whole,
  )
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold) return
  const record: Record<string, unknown> = { t: new Date().toISOString(), level, msg }
  const context = logContext.getStore()
  if (context) record.requestId = context.requestId
  Object.assign(record, fields)
  // The whole line, not each field: a URL nested in an object or an error's text is redacted too.
  sink(redactUrl(JSON.stringify(record)))
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
