/** Shared output of the benches: JSON lines on stdout, a readable table, bench/out/<name>.json. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const OUT_DIR = join(import.meta.dir, '..', 'out')

export interface TargetCheck {
  name: string
  value: number
  unit: string
  target: string
  met: boolean | null // null: not measured (skipped)
}

export function jsonLine(record: Record<string, unknown>) {
  console.log(JSON.stringify(record))
}

export function table(rows: (string | number)[][], header: string[]) {
  const all = [header, ...rows].map((r) => r.map(String))
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)))
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
  console.log(line(all[0]))
  console.log(widths.map((w) => '-'.repeat(w)).join('  '))
  for (const r of all.slice(1)) console.log(line(r))
}

export function check(
  name: string,
  value: number,
  unit: string,
  target: string,
  met: boolean | null,
): TargetCheck {
  const c = { name, value, unit, target, met }
  jsonLine({ type: 'target', ...c })
  return c
}

export function printTargets(targets: TargetCheck[]) {
  console.log('\ntargets:')
  for (const t of targets)
    console.log(
      `  ${t.met === null ? (t.target === 'report only' ? 'INFO' : 'SKIP') : t.met ? 'MET ' : 'MISS'}  ${t.name}: ${t.value} ${t.unit} (target ${t.target})`,
    )
}

export function writeResults(name: string, results: Record<string, unknown>) {
  mkdirSync(OUT_DIR, { recursive: true })
  const file = join(OUT_DIR, `${name}.json`)
  writeFileSync(
    file,
    JSON.stringify({ bench: name, at: new Date().toISOString(), ...results }, null, 2),
  )
  console.log(`\nresults written to ${file}`)
}
