/** `--name value` options of a bench, with the value's default. */
const args = process.argv.slice(2)

export const numberArg = (name: string, fallback: number): number => {
  const i = args.indexOf(name)
  return i >= 0 ? Number(args[i + 1]) : fallback
}

export const flagArg = (name: string): boolean => args.includes(name)

export const stringArg = (name: string, fallback: string): string => {
  const i = args.indexOf(name)
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback
}
