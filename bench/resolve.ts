/**
 * Fuzzy lookup: the service's resolver (exact maps, then fuzzysort + bigram Dice)
 * vs a peer, plain `fuzzysort.go` over the names and slugs, in the same run, on the
 * same typos. Target: under 0.1 ms per fuzzy lookup.
 *   bun bench/resolve.ts
 */
import fuzzysort from 'fuzzysort'
import { loadEmbeddedCatalog } from '../src/catalog/embedded'
import { createResolver } from '../src/catalog/resolve'
import { median, round } from './lib/compose-requests'
import { check, jsonLine, printTargets, table, writeResults } from './lib/report'

const catalog = loadEmbeddedCatalog()
const resolver = createResolver(catalog)

const QUERIES: { kind: 'plane' | 'airline'; value: string; expect: string }[] = [
  { kind: 'plane', value: 'Airbsu A380', expect: 'airbus-a380-800' },
  { kind: 'plane', value: 'boing 787-9', expect: 'boeing-787-9' },
  { kind: 'plane', value: 'Boeng 777-300ER', expect: 'boeing-777-300er' },
  { kind: 'plane', value: 'airbus a35-900', expect: 'airbus-a350-900' },
  { kind: 'plane', value: 'Aribus A321 neo', expect: 'airbus-a321-neo' },
  { kind: 'plane', value: 'boieng 747-8', expect: 'boeing-747-8i' },
  { kind: 'airline', value: 'lufthnasa', expect: 'lufthansa' },
  { kind: 'airline', value: 'emirtaes', expect: 'emirates' },
  { kind: 'airline', value: 'qantsa', expect: 'qantas' },
  { kind: 'airline', value: 'singapor airlines', expect: 'singapore-airlines' },
  { kind: 'airline', value: 'air frnace', expect: 'air-france' },
  { kind: 'airline', value: 'brtish airways', expect: 'british-airways' },
]

// the peer: what a plain fuzzysort setup does with the same data, prepared once
const peerTargets = {
  plane: catalog.planes.map((p) => ({
    slug: p.slug,
    name: fuzzysort.prepare(p.name),
    slugP: fuzzysort.prepare(p.slug),
  })),
  airline: catalog.airlines.map((a) => ({
    slug: a.slug,
    name: fuzzysort.prepare(a.name),
    slugP: fuzzysort.prepare(a.slug),
  })),
}
const peer = (kind: 'plane' | 'airline', value: string) =>
  fuzzysort.go(value, peerTargets[kind], { keys: ['name', 'slugP'], limit: 5, threshold: 0.2 })[0]
    ?.obj.slug ?? null
const service = (kind: 'plane' | 'airline', value: string) =>
  resolver[kind](value).item?.slug ?? null

function perLookupMs(fn: (kind: 'plane' | 'airline', value: string) => unknown) {
  for (let i = 0; i < 200; i++) for (const q of QUERIES) fn(q.kind, q.value) // warm-up (JIT)
  const rounds: number[] = []
  const N = 200
  for (let r = 0; r < 9; r++) {
    const t = performance.now()
    for (let i = 0; i < N; i++) for (const q of QUERIES) fn(q.kind, q.value)
    rounds.push((performance.now() - t) / (N * QUERIES.length))
  }
  return median(rounds)
}

const rows = QUERIES.map((q) => {
  const s = service(q.kind, q.value)
  const p = peer(q.kind, q.value)
  const row = { ...q, service: s, serviceOk: s === q.expect, peer: p, peerOk: p === q.expect }
  jsonLine({ type: 'resolve', ...row })
  return row
})
const serviceMs = perLookupMs(service)
const peerMs = perLookupMs(peer)
const ratio = round(serviceMs / peerMs, 2)
jsonLine({ type: 'timing', serviceMs, peerMs, serviceOverPeer: ratio })

table(
  rows.map((r) => [
    `${r.kind} "${r.value}"`,
    `${r.service ?? '-'}${r.serviceOk ? '' : ' (wrong)'}`,
    `${r.peer ?? '-'}${r.peerOk ? '' : ' (wrong)'}`,
  ]),
  ['query', 'service', 'fuzzysort.go peer'],
)
const serviceRight = rows.filter((r) => r.serviceOk).length
const peerRight = rows.filter((r) => r.peerOk).length
console.log(
  `\nper fuzzy lookup: service ${round(serviceMs * 1000, 1)} µs, fuzzysort.go ${round(peerMs * 1000, 1)} µs -> service takes ${ratio}x the peer's time`,
)
console.log(
  `right answers: service ${serviceRight}/${rows.length}, peer ${peerRight}/${rows.length}`,
)
const targets = [
  check('fuzzy lookup time', round(serviceMs, 4), 'ms', '< 0.1 ms', serviceMs < 0.1),
  check(
    'fuzzy lookups resolved right',
    serviceRight,
    `of ${rows.length}`,
    `${rows.length}`,
    serviceRight === rows.length,
  ),
]
printTargets(targets)
writeResults('resolve', {
  serviceMs,
  peerMs,
  serviceOverPeer: ratio,
  serviceRight,
  peerRight,
  queries: rows,
  targets,
})
