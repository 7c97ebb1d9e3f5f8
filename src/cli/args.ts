/**
 * Command-line options against each command's declared list, as git reads them: `--name value`,
 * `--name=value`, `--flag`, a few short aliases. Anything else (an unknown option, a stray
 * argument, a missing value) is a UsageError, which the program answers with exit 2 and the
 * command's usage, before any work starts.
 */

/** a mistake in how the command was called: exit 2 with the usage */
export class UsageError extends Error {}

/** option name -> whether it takes a value */
export type OptionSpec = Record<string, 'value' | 'flag'>

export type Options = Record<string, string | true>

export function parseArgs(
  argv: string[],
  spec: OptionSpec,
  short: Record<string, string> = {},
): Options {
  const out: Options = {}
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    const long = short[arg] !== undefined ? `--${short[arg]}` : arg
    if (!long.startsWith('--') || long === '--')
      throw new UsageError(`unexpected argument "${arg}"`)
    const eq = long.indexOf('=')
    const name = eq < 0 ? long.slice(2) : long.slice(2, eq)
    const kind = spec[name]
    if (kind === undefined) throw new UsageError(`unknown option --${name}`)
    if (kind === 'flag') {
      if (eq >= 0) throw new UsageError(`--${name} takes no value`)
      out[name] = true
      continue
    }
    // a value may start with one dash (-5, - for stdout) but not two: `--plane --airline x` lacks one
    const next = argv[i + 1]
    const value =
      eq >= 0
        ? long.slice(eq + 1)
        : next !== undefined && !next.startsWith('--')
          ? argv[++i]
          : undefined
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`)
    out[name] = value
  }
  return out
}

/** a whole number from `min` up, or a UsageError naming the option */
export function positiveInteger(
  name: string,
  value: string | true | undefined,
  min = 1,
): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < min)
    throw new UsageError(`--${name} takes a whole number from ${min} (got "${value}")`)
  return n
}
