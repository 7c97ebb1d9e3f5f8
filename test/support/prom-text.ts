/**
 * A strict parser of the Prometheus text exposition format (0.0.4): every line is a
 * comment, a HELP/TYPE line, or a sample `name{label="value",...} number`; a sample must
 * follow a TYPE for its family; label values are unescaped. Anything else throws, so a
 * malformed exposition fails the test that reads it.
 */
export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}
export interface Exposition {
  types: Map<string, string>
  samples: Sample[]
  /** the value of the one sample with this name whose labels include `labels` */
  value(name: string, labels?: Record<string, string>): number | undefined
  /** the sum over samples with this name whose labels include `labels` */
  sum(name: string, labels?: Record<string, string>): number
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped'])
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created']

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity
  if (text === '-Inf') return -Infinity
  if (text === 'NaN') return NaN
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text))
    throw new Error(`bad value in: ${line}`)
  return Number(text)
}

function parseLabels(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {}
  let i = 0
  while (i < text.length) {
    const eq = text.indexOf('=', i)
    if (eq < 0) throw new Error(`bad labels in: ${line}`)
    const name = text.slice(i, eq)
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(name))
      throw new Error(`bad label name "${name}" in: ${line}`)
    if (text[eq + 1] !== '"') throw new Error(`unquoted label value in: ${line}`)
    let j = eq + 2
    let value = ''
    for (; j < text.length && text[j] !== '"'; j++) {
      if (text[j] === '\\') {
        const next = text[++j]
        value += next === 'n' ? '\n' : next
      } else value += text[j]
    }
    if (j >= text.length) throw new Error(`unterminated label value in: ${line}`)
    if (name in labels) throw new Error(`repeated label ${name} in: ${line}`)
    labels[name] = value
    i = j + 1
    if (text[i] === ',') i++
    else if (i !== text.length) throw new Error(`bad label separator in: ${line}`)
  }
  return labels
}

const includes = (labels: Record<string, string>, want: Record<string, string>) =>
  Object.entries(want).every(([k, v]) => labels[k] === v)

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>()
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line)
      if (!m) continue // a plain comment
      if (!NAME.test(m[2])) throw new Error(`bad metric name in: ${line}`)
      if (m[1] === 'TYPE') {
        if (!TYPES.has(m[3])) throw new Error(`unknown type in: ${line}`)
        if (types.has(m[2])) throw new Error(`second TYPE for ${m[2]}`)
        types.set(m[2], m[3])
      }
      continue
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: (-?\d+))?$/.exec(line)
    if (!m) throw new Error(`not a sample: ${line}`)
    const family = types.has(m[1])
      ? m[1]
      : SUFFIXES.map((s) => (m[1].endsWith(s) ? m[1].slice(0, -s.length) : '')).find(
          (f) => f && types.has(f),
        )
    if (!family) throw new Error(`sample before its TYPE: ${line}`)
    samples.push({
      name: m[1],
      labels: m[2] ? parseLabels(m[2], line) : {},
      value: parseValue(m[3], line),
    })
  }
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((s) => s.name === name && includes(s.labels, labels))
  return {
    types,
    samples,
    value(name, labels = {}) {
      const found = matching(name, labels)
      if (found.length > 1)
        throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`)
      return found[0]?.value
    },
    sum: (name, labels = {}) => matching(name, labels).reduce((a, s) => a + s.value, 0),
  }
}
