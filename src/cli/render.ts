/**
 * `aircraft-images render --plane a320 --airline lufthansa --resolution card --out a.png`:
 * one image through the image route's own steps (parse, resolve, cascade, compose or
 * draw the view), written to a file or stdout. It renders in memory unless --store names a
 * store to read pre-rendered assets from and keep what it draws. A local render is trusted:
 * clean unless --watermark asks for the mark.
 */
import { writeFileSync } from 'node:fs'
import { createResolver } from '../catalog/resolve'
import { readConfig } from '../config'
import { flushLogs } from '../log'
import { handleImageRequest, type ImageOutcome } from '../pipeline/request/image-request'
import { buildService } from '../service'
import { memoryStore } from './memory-store'
import { decisionFor, refusal, type RenderRequest } from './render-options'

/** a request from readRenderArgs; exits 1 when the image asked for cannot be had */
export async function renderCommand(req: RenderRequest): Promise<void> {
  const { catalog, options } = req
  const config = readConfig()
  // refused before the service is built: its start logs nothing then, and the answer is one line
  const defaultPlane = catalog.plane(config.defaultPlane)
  if (defaultPlane && !req.allowFallback) {
    const { decision, closest } = decisionFor(
      catalog,
      createResolver(catalog),
      defaultPlane,
      options,
    )
    const refused = refusal(options, decision, closest)
    if (refused) fail(refused)
  }
  const parts = await buildService(
    req.store ? { ...config, store: req.store } : config,
    req.store ? { catalog } : { catalog, store: memoryStore() },
  )
  const outcome = await handleImageRequest(
    parts.pipeline,
    req.query,
    req.watermark ? 'anonymous' : 'key',
  )
  await parts.writes.settled()
  // the drawing itself failed and the pipeline substituted the default image (the log says why)
  const substituted =
    outcome.kind === 'image' && !req.allowFallback
      ? refusal(options, outcome.meta.decision, '')
      : null
  if (substituted) fail(substituted)
  const bytes =
    outcome.kind === 'json'
      ? new TextEncoder().encode(`${JSON.stringify(outcome.body, null, 2)}\n`)
      : outcome.image.bytes
  await writeOut(req, bytes)
  if (outcome.kind === 'image') say(summary(outcome, req, bytes.length))
  if (outcome.kind === 'json' && outcome.status !== 200) process.exit(1)
}

/** the command's own line comes after the log lines that led to it */
function say(line: string) {
  flushLogs()
  console.error(line)
}

function fail(reason: string): never {
  say(`render: ${reason}`)
  process.exit(1)
}

async function writeOut(req: RenderRequest, bytes: Uint8Array) {
  if (req.out === '-') {
    await Bun.write(Bun.stdout, bytes)
    return
  }
  try {
    writeFileSync(req.out, bytes)
  } catch (e) {
    fail(`cannot write ${req.out}: ${(e as Error).message}`)
  }
}

function summary(
  outcome: Extract<ImageOutcome, { kind: 'image' }>,
  req: RenderRequest,
  length: number,
): string {
  const { decision: d, compositionMode } = outcome.meta
  const fallback = d.fallbackReason ? `, fallback: ${d.fallbackReason}` : ''
  return `render: ${d.plane.slug} ${d.airline?.slug ?? 'blank'} ${d.angle} (${compositionMode}${fallback}), ${length} bytes${req.out === '-' ? '' : ` -> ${req.out}`}`
}
