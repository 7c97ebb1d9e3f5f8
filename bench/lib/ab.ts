/**
 * An A/B of two source trees (or one tree under two environments) in pairs: two warmed
 * services (compose-child.ts), and in each pair the same new first compositions asked of both,
 * alternately, at card, hd and ultra; then a burst of compositions, thumb to ultra, asked all at
 * once of one and then of the other, with the peak resident size meanwhile and what is left once
 * quiet. Each pair gives a ratio A / B per preset (medians) and per burst figure, and the
 * pairs give the ratio's median and spread: one pair on this shared VM says little, the spread
 * says whether a difference is beyond the noise. A tuning mechanism is kept only if its A/B,
 * mechanism on (A) against off (B), wins beyond that spread.
 *   bun bench/lib/ab.ts --b DIR [--a DIR] [--a-env K=V,..] [--b-env K=V,..] [--pairs 6] [--n 4] [--label name] [--restart]
 */
import './quiet'
import { firstCompositions, median, round } from './compose-requests'
import { flagArg, numberArg, stringArg } from './args'
import { here, PRESETS, service } from './against'
import { jsonLine, table, writeResults } from './report'

const A_TREE = stringArg('--a', here)
const B_TREE = stringArg('--b', here)
const PAIRS = Math.max(1, numberArg('--pairs', 6) || 6)
const N = Math.max(1, numberArg('--n', 4) || 4)
const LABEL = stringArg('--label', 'ab')
const RESTART = flagArg('--restart')
const BURST_PRESETS = ['thumb', 'card', 'hd', 'ultra'] as const
/** compositions of each preset in a pair's burst */
const BURST_EACH = 3

const envArg = (name: string): Record<string, string> =>
  Object.fromEntries(
    stringArg(name, '')
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  )

const env = { BENCH_WARM_DUTY: '1' }
const start = async () => {
  const services = [
    service(A_TREE, { ...env, ...envArg('--a-env') }),
    service(B_TREE, { ...env, ...envArg('--b-env') }),
  ]
  await Promise.all(services.map((s) => s.ready))
  return services
}
let [a, b] = await start()

type Pair = Record<string, number>
const pairs: Pair[] = []
for (let r = 0; r < PAIRS; r++) {
  // --restart: each pair from freshly started services (what a warm-up does for the first compositions)
  if (RESTART && r > 0) {
    a.stop()
    b.stop()
    ;[a, b] = await start()
  }
  const pair: Pair = {}
  const peak = { a: 0, b: 0 }
  for (const [p, preset] of PRESETS.entries()) {
    const ms = { a: [] as number[], b: [] as number[] }
    for (const [i, query] of firstCompositions(preset, (r * PRESETS.length + p) * N, N).entries()) {
      const order =
        (i + r) % 2
          ? ([
              ['b', b],
              ['a', a],
            ] as const)
          : ([
              ['a', a],
              ['b', b],
            ] as const)
      for (const [side, s] of order) {
        const answer = await s.ask(query)
        ms[side].push(answer.ms)
        peak[side] = Math.max(peak[side], answer.rssMB)
      }
    }
    pair[preset] = median(ms.a) / median(ms.b)
  }
  pair.peakRss = peak.a / peak.b
  const burstQueries = BURST_PRESETS.flatMap((preset, p) =>
    firstCompositions(preset, 5000 + (r * BURST_PRESETS.length + p) * BURST_EACH, BURST_EACH),
  )
  const first = r % 2 ? b : a
  const burstFirst = await first.burst(burstQueries)
  const burstSecond = await (first === a ? b : a).burst(burstQueries)
  const [burstA, burstB] = first === a ? [burstFirst, burstSecond] : [burstSecond, burstFirst]
  pair.burstMs = burstA.ms / burstB.ms
  pair.burstPeakRss = burstA.peakMB / burstB.peakMB
  pair.burstSettledRss = burstA.settledMB / burstB.settledMB
  jsonLine({
    type: 'ab-pair',
    label: LABEL,
    pair: r,
    ...Object.fromEntries(Object.entries(pair).map(([k, v]) => [k, round(v, 3)])),
    burstA,
    burstB,
  })
  pairs.push(pair)
}
a.stop()
b.stop()

const measures = [...PRESETS, 'peakRss', 'burstMs', 'burstPeakRss', 'burstSettledRss']
const summary = measures.map((m) => {
  const xs = pairs.map((p) => p[m])
  return {
    measure: m,
    median: round(median(xs), 3),
    min: round(Math.min(...xs), 3),
    max: round(Math.max(...xs), 3),
  }
})
console.log(
  `\n${LABEL}: A / B over ${PAIRS} pairs of ${N} alternated first compositions per preset (below 1: A is faster or smaller)`,
)
table(
  summary.map((s) => [s.measure, s.median, `${s.min}-${s.max}`]),
  ['measure', 'median A/B', 'spread'],
)
writeResults(`ab-${LABEL}`, {
  a: A_TREE,
  b: B_TREE,
  aEnv: envArg('--a-env'),
  bEnv: envArg('--b-env'),
  pairs: PAIRS,
  n: N,
  summary,
})
process.exit(0)
