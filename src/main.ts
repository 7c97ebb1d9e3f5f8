/** The program's entry (`bun run start`, and the compiled binary's first entry point): see cli/program.ts. */
import { runProgram } from './cli/program'

await runProgram(process.argv.slice(2))
