/**
 * `aircraft-images render --plane a320 --airline lufthansa --resolution card --out a.png`:
 * one image through the image route's own steps (parse, resolve, cascade, compose or
 * the pre-rendered asset from STORE), written to a file or stdout. A local render is
 * trusted: clean unless --watermark asks for the mark.
 */
import { writeFileSync } from 'node:fs'
import { readConfig } from '../config'
import { handleImageRequest } from '../pipeline/request/image-request'
import { buildService } from '../service'
import { readArgs } from './args'

const OWN_OPTIONS = new Set(['out', 'o', 'watermark'])

export async function renderCommand(argv: string[]): Promise<void> {
  // `-o FILE` reads like the usual short option
  const args = readArgs(argv.map((a) => (a === '-o' ? '--out' : a)))
  const out = args.out === true ? undefined : args.out
  const toStdout = out === '-' || (out === undefined && !process.stdout.isTTY)
  if (!toStdout && out === undefined) {
    console.error('render: give --out FILE, or pipe stdout (the image is binary)')
    process.exit(2)
  }
  const query: Record<string, string> = {}
  for (const [name, value] of Object.entries(args)) {
    if (OWN_OPTIONS.has(name)) continue
    if (value === true) {
      console.error(`render: --${name} needs a value`)
      process.exit(2)
    }
    query[name] = value
  }
  const parts = await buildService(readConfig())
  const outcome = await handleImageRequest(parts.pipeline, query, args.watermark === true ? 'anonymous' : 'key')
  await parts.writes.settled()
  const bytes = outcome.kind === 'json' ? new TextEncoder().encode(`${JSON.stringify(outcome.body, null, 2)}\n`) : outcome.image.bytes
  if (toStdout) await Bun.write(Bun.stdout, bytes)
  else writeFileSync(out!, bytes)
  if (outcome.kind === 'image') {
    const m = outcome.meta
    console.error(`render: ${m.decision.plane.slug} ${m.decision.airline?.slug ?? 'blank'} ${m.decision.angle} (${m.compositionMode}${m.decision.fallbackReason ? `, fallback: ${m.decision.fallbackReason}` : ''}), ${bytes.length} bytes${toStdout ? '' : ` -> ${out}`}`)
  }
  if (outcome.kind === 'json' && outcome.status !== 200) process.exit(1)
}
