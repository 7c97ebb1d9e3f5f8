/** The program's entry: `bun run start`, and the compiled binary's first entry point. */
import { startServer } from './process/serve'

await startServer()
