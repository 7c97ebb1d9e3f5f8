/** `--name value` and `--flag` command-line options. */
export function readArgs(argv: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {}
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (!a.startsWith('--')) continue
    const [name, inline] = a.slice(2).split('=', 2)
    if (inline !== undefined) out[name] = inline
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[name] = argv[++i]
    else out[name] = true
  }
  return out
}
