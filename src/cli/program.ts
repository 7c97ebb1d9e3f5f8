/**
 * The program's command line: `aircraft-images [command] [options]`, answered as git answers:
 * exit 0 done, 1 failed, 2 wrong usage (with the usage on stderr, before any work starts).
 * Each command's code is loaded only when it runs, so --help and --version answer at once.
 */
import { logToStderr } from '../log'
import { describeStartupError } from '../process/startup-error'
import { UsageError } from './args'
import { COMMANDS, HELP, PROGRAM, VERSION, type Command } from './help'

const wantsHelp = (args: string[]) => args.includes('--help') || args.includes('-h')
const wantsVersion = (args: string[]) => args.includes('--version') || args.includes('-v')
const isCommand = (word: string | undefined): word is Command => COMMANDS.includes(word as Command)

async function helpFor(command: Command | 'main'): Promise<string> {
  if (command !== 'render') return HELP[command]
  // the image route's own parameter list (its TypeBox schema is the single source)
  const { ImageQuerySchema: ImageQuery } = await import('../params/image-schema')
  const params = Object.entries(ImageQuery.properties as Record<string, { description?: string }>)
    .filter(([name]) => name !== 'api-key')
    .map(([name, s]) => `  --${name.padEnd(19)} ${s.description ?? ''}`)
  return HELP.render.replace('{{parameters}}', `\nImage options:\n${params.join('\n')}`)
}

/** the Usage lines of a command's help, what a usage error repeats */
function usageOf(command: Command | 'main'): string {
  const text = HELP[command]
  const start = text.indexOf('Usage:')
  const end = text.indexOf('\n\n', start)
  return text.slice(start, end < 0 ? undefined : end)
}

function usageError(command: Command | 'main', message: string): never {
  const who = command === 'main' ? PROGRAM : `${PROGRAM} ${command}`
  const more = command === 'main' ? `${PROGRAM} help` : `${PROGRAM} help ${command}`
  console.error(`${who}: ${message}\n${usageOf(command)}\nSee '${more}'.`)
  process.exit(2)
}

/** runs the command line; resolves when the command has finished (serve: once it listens) */
export async function runProgram(argv: string[]): Promise<void> {
  const first = argv[0]
  if (first !== undefined && !isCommand(first) && !first.startsWith('-'))
    usageError('main', `unknown command "${first}"; commands: ${COMMANDS.join(', ')}`)
  const named = isCommand(first)
  const command: Command = named ? first : 'serve'
  const args = named ? argv.slice(1) : argv
  if (wantsHelp(args)) {
    console.log(await helpFor(named ? command : 'main'))
    return
  }
  if (wantsVersion(args)) {
    console.log(`${PROGRAM} ${VERSION}`)
    return
  }
  if (command === 'help') {
    console.log(await helpFor(helpTopic(args)))
    return
  }
  if (!named && args.length) usageError('main', `unknown option ${args[0]}`)
  // the service's JSON lines stay on stdout, where its collectors read them; every other
  // command's stdout is its output (an image, a summary), which a log line would corrupt
  if (command !== 'serve') logToStderr()
  try {
    await run(command, args)
  } catch (e) {
    if (e instanceof UsageError) usageError(command, e.message)
    // a command that cannot start says why in one line (serve catches its own start errors)
    console.error(`${PROGRAM} ${command}: cannot start: ${describeStartupError(e)}`)
    process.exit(1)
  }
}

function helpTopic(args: string[]): Command | 'main' {
  if (args.length > 1) usageError('help', `takes one command (got ${args.join(' ')})`)
  const [topic] = args
  if (topic === undefined) return 'main'
  if (!isCommand(topic))
    usageError('help', `unknown command "${topic}"; commands: ${COMMANDS.join(', ')}`)
  return topic
}

async function run(command: Command, args: string[]): Promise<void> {
  if (command === 'serve') {
    if (args.length)
      throw new UsageError(
        `takes no options (got ${args.join(' ')}); configure it with environment variables (see --help)`,
      )
    const { startServer } = await import('../process/serve')
    await startServer()
  } else if (command === 'bake') {
    // options first: a usage error is answered without loading the drawing code
    const opts = (await import('./bake-options')).readBakeArgs(args)
    await (await import('./bake')).bake(opts)
  } else if (command === 'render') {
    const req = (await import('./render-options')).readRenderArgs(
      args,
      process.stdout.isTTY === true,
    )
    await (await import('./render')).renderCommand(req)
  } else if (command === 'healthcheck') {
    await (await import('./healthcheck')).healthcheck(args)
  }
}
