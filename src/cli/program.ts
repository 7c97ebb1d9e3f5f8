/**
 * The program's command line: `aircraft-images [serve|bake|render] [options]`. Each
 * subcommand's code is loaded only when it runs, so --help and --version answer at once.
 */
import { describeStartupError } from '../process/startup-error'
import { HELP, PROGRAM, VERSION } from './help'

const COMMANDS = ['serve', 'bake', 'render'] as const
type Command = (typeof COMMANDS)[number]

const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h')
const wantsVersion = (args: string[]) => args.includes('--version') || args.includes('-v')

async function helpFor(command: Command | 'main'): Promise<string> {
  if (command !== 'render') return HELP[command]
  // the image route's own parameter list (its TypeBox schema is the single source)
  const { ImageQuerySchema: ImageQuery } = await import('../params/image-schema')
  const params = Object.entries(ImageQuery.properties as Record<string, { description?: string }>)
    .filter(([name]) => name !== 'api-key')
    .map(([name, s]) => `  --${name.padEnd(19)} ${s.description ?? ''}`)
  return HELP.render.replace('{{parameters}}', `\nImage options:\n${params.join('\n')}`)
}

/** runs the command line; resolves when the command has finished (serve: once it listens) */
export async function runProgram(argv: string[]): Promise<void> {
  const first = argv[0]
  const named = COMMANDS.includes(first as Command)
  if (first !== undefined && !named && !first.startsWith('-')) {
    console.error(`${PROGRAM}: unknown command "${first}"; commands: ${COMMANDS.join(', ')} (see --help)`)
    process.exit(2)
  }
  const command: Command = named ? (first as Command) : 'serve'
  const args = named ? argv.slice(1) : argv
  if (wantsHelp(args)) {
    console.log(await helpFor(named ? command : 'main'))
    return
  }
  if (wantsVersion(args)) {
    console.log(`${PROGRAM} ${VERSION}`)
    return
  }
  try {
    await run(command, args)
  } catch (e) {
    // a subcommand that cannot start says why in one line (serve catches its own start errors)
    console.error(`${PROGRAM} ${command}: cannot start: ${describeStartupError(e)}`)
    process.exit(1)
  }
}

async function run(command: Command, args: string[]): Promise<void> {
  if (command === 'serve') {
    if (args.length) {
      console.error(`${PROGRAM} serve takes no options (got ${args.join(' ')}); configure it with environment variables (see --help)`)
      process.exit(2)
    }
    const { startServer } = await import('../process/serve')
    await startServer()
  } else if (command === 'bake') {
    const { bake } = await import('./bake')
    await bake(args)
  } else {
    const { renderCommand } = await import('./render')
    await renderCommand(args)
  }
}
