/**
 * First-request compositions of this tree against another revision's, requests alternated
 * between two warmed services in the same run (bench/lib/against.ts says why). bench/compose.ts
 * runs the same comparison at its end.
 *   bun bench/compose-against.ts [--rev 93526d7] [--n 48]
 */
import './lib/quiet'
import { AGAINST_REV, compareAgainst, printAgainst } from './lib/against'
import { numberArg, stringArg } from './lib/args'
import { printTargets, writeResults } from './lib/report'

const REV = stringArg('--rev', AGAINST_REV)
const N = numberArg('--n', 48) || 48

const against = await compareAgainst(REV, N)
if (!against)
  writeResults('compose-against', {
    skipped: `revision ${REV} not available (a git checkout holding it is needed)`,
  })
else {
  printAgainst(against)
  printTargets(against.targets)
  writeResults('compose-against', { ...against })
}
process.exit(0)
