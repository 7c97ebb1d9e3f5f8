/**
 * PNG encoders on the service's own composed images: 4 models/liveries with gradient
 * backgrounds and pitch, at each resolution preset. Prints encoder x preset -> median
 * ms and KB (median and worst of the 4 images), and the chosen encoder: the fastest
 * one whose worst image meets every size target.
 *   bun bench/encode.ts [--reps N] [--only name,name]
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  GRADIENTS,
  PRESETS,
  SUBJECTS,
  composeCanvas,
  median,
  round,
  type Preset,
} from './lib/compose-requests'
import { CANDIDATES, subjectOf } from './lib/png-candidates'
import {
  OUT_DIR,
  check,
  jsonLine,
  printTargets,
  table,
  writeResults,
  type TargetCheck,
} from './lib/report'

const SIZE_TARGET_KB: Record<Preset, number> = { thumb: 80, card: 200, hd: 600, ultra: 2048 }
const args = process.argv.slice(2)
const argOf = (name: string) => {
  const i = args.indexOf(name)
  return i >= 0 ? args[i + 1] : undefined
}
const reps = Number(argOf('--reps') ?? 3)
const only = argOf('--only')?.split(',')
const candidates = CANDIDATES.filter((c) => !only || only.includes(c.name))
const samples = join(OUT_DIR, 'encode')
mkdirSync(samples, { recursive: true })

type Cell = { ms: number; kb: number; worstKb: number; worstMs: number } | null
const cells = new Map<string, Cell>() // `${candidate}|${preset}`

for (const preset of PRESETS) {
  const subjects = (
    await Promise.all(
      SUBJECTS.map((s, i) =>
        composeCanvas({
          ...s,
          resolution: preset,
          backgroundGradient: GRADIENTS[i],
          pitch: String(4 + i * 3),
        }),
      ),
    )
  ).map(subjectOf)
  const width = subjects[0].width
  for (const cand of candidates) {
    if (cand.maxWidth && width > cand.maxWidth) {
      cells.set(`${cand.name}|${preset}`, null)
      jsonLine({
        type: 'encode',
        encoder: cand.name,
        preset,
        skipped: `slower than useful above ${cand.maxWidth} px`,
      })
      continue
    }
    const perImage: { ms: number; kb: number }[] = []
    for (const [i, subject] of subjects.entries()) {
      const times: number[] = []
      let bytes: Uint8Array = new Uint8Array()
      for (let r = 0; r < (preset === 'ultra' ? Math.min(reps, 2) : reps); r++) {
        const t = performance.now()
        bytes = await cand.encode(subject)
        times.push(performance.now() - t)
      }
      perImage.push({ ms: median(times), kb: bytes.byteLength / 1024 })
      if (preset !== 'ultra' || i === 1)
        await Bun.write(join(samples, `${preset}-${i}-${cand.name}.png`), bytes)
    }
    const cell = {
      ms: round(median(perImage.map((p) => p.ms))),
      worstMs: round(Math.max(...perImage.map((p) => p.ms))),
      kb: round(median(perImage.map((p) => p.kb))),
      worstKb: round(Math.max(...perImage.map((p) => p.kb))),
    }
    cells.set(`${cand.name}|${preset}`, cell)
    jsonLine({
      type: 'encode',
      encoder: cand.name,
      preset,
      width,
      ...cell,
      images: perImage.map((p) => ({ ms: round(p.ms), kb: round(p.kb) })),
    })
  }
}

console.log(
  `\nPNG encoders on composed images (gradient + aircraft + pitch), ${SUBJECTS.length} images per preset; ms = median, KB = median / worst`,
)
table(
  candidates.map((c) => [
    c.name,
    ...PRESETS.flatMap((p) => {
      const cell = cells.get(`${c.name}|${p}`)
      return cell
        ? [`${cell.ms}`, `${Math.round(cell.kb)}/${Math.round(cell.worstKb)}`]
        : ['-', '-']
    }),
  ]),
  ['encoder', ...PRESETS.flatMap((p) => [`${p} ms`, `${p} KB (<=${SIZE_TARGET_KB[p]})`])],
)
for (const c of candidates)
  console.log(`  ${c.name.padEnd(18)} ${c.note}${c.lossless ? '' : ' [palette]'}`)

const meets = (name: string) =>
  PRESETS.every((p) => {
    const cell = cells.get(`${name}|${p}`)
    return cell && cell.worstKb <= SIZE_TARGET_KB[p]
  })
const totalMs = (name: string) =>
  PRESETS.reduce((s, p) => s + (cells.get(`${name}|${p}`)?.ms ?? Infinity), 0)
const qualifying = candidates
  .filter((c) => meets(c.name))
  .sort((a, b) => totalMs(a.name) - totalMs(b.name))
const fastest = qualifying[0]?.name ?? null
console.log(
  `\nfastest encoder meeting every size target: ${fastest ?? 'none'}${
    qualifying.length
      ? ` (then: ${
          qualifying
            .slice(1)
            .map((c) => c.name)
            .join(', ') || '-'
        })`
      : ''
  }`,
)

const targets: TargetCheck[] = []
if (cells.has('chosen|thumb'))
  for (const p of PRESETS) {
    const cell = cells.get(`chosen|${p}`)!
    targets.push(
      check(
        `encodePng ${p} worst size`,
        Math.round(cell.worstKb),
        'KB',
        `<= ${SIZE_TARGET_KB[p]} KB`,
        cell.worstKb <= SIZE_TARGET_KB[p],
      ),
    )
  }
const skia = (p: Preset) => cells.get(`skia|${p}`)
const chosen = (p: Preset) => cells.get(`chosen|${p}`)
const ratios = PRESETS.map((p) => {
  const s = skia(p),
    c = chosen(p)
  return s && c
    ? { preset: p, speedupVsSkia: round(s.ms / c.ms, 2), sizeVsSkia: round(c.kb / s.kb, 2) }
    : null
}).filter(Boolean)
for (const r of ratios) jsonLine({ type: 'ratio', ...r })
if (ratios.length)
  console.log(
    '\nchosen vs skia: ' +
      ratios
        .map(
          (r) =>
            `${r!.preset} ${r!.speedupVsSkia}x faster, ${Math.round(r!.sizeVsSkia * 100)}% of the size`,
        )
        .join('; '),
  )
printTargets(targets)
console.log(`sample PNGs in ${samples}`)
writeResults('encode', {
  reps,
  targetsKb: SIZE_TARGET_KB,
  cells: Object.fromEntries(cells),
  fastestMeetingTargets: fastest,
  ratios,
  targets,
})
