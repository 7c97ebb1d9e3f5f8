/**
 * The asset manifest: which liveries exist for which (plane, airline) pair (derived
 * from the catalog, see catalog/liveries.ts), and a version that changes when, and
 * only when, the assets change. Assets change when the catalog or the renderer's
 * output does, so the fingerprint hashes the catalog and a few probe renders; the
 * version (ISO 8601 UTC) is the moment a fingerprint was first seen, kept in the store.
 */
import { createHash } from 'node:crypto'
import type { Catalog } from '../../catalog/load'
import { log } from '../../log'
import type { AssetStore } from '../../store'
import type { Renderer } from '../pixels/renderer'

export interface Manifest {
  version: string
  fingerprint: string
}

const PROBES = [
  { plane: 'airbus-a320-200', airline: null, angle: '345', gear: 'down' },
  { plane: 'boeing-747-8i', airline: 'lufthansa', angle: '90', gear: 'up' },
  { plane: 'airbus-a380-800', airline: 'emirates', angle: 'top', gear: 'down' },
] as const

export async function fingerprint(catalog: Catalog, renderer: Renderer): Promise<string> {
  const hash = createHash('sha256')
  hash.update(
    JSON.stringify({
      planes: catalog.planes,
      airlines: catalog.airlines,
      specials: catalog.specials,
    }),
  )
  for (const probe of PROBES) {
    const plane = catalog.plane(probe.plane) ?? catalog.planes[0]
    const airline = probe.airline ? catalog.airline(probe.airline) : undefined
    const { canvas } = await renderer.render({
      plane,
      livery: airline?.livery ?? null,
      angle: probe.angle,
      gear: probe.gear,
      width: 320,
      height: 180,
      marginPx: 8,
    })
    hash.update(canvas.data())
  }
  return hash.digest('hex').slice(0, 16)
}

const manifestKey = (fp: string) => `manifests/${fp}.json`
const encodeManifest = (m: Manifest) => new TextEncoder().encode(JSON.stringify(m))

/** The record the store holds for this fingerprint: a manifest, 'unreadable', or null when there is none (or the store did not answer). */
async function readManifest(
  store: AssetStore,
  fp: string,
): Promise<Manifest | 'unreadable' | null> {
  const stored = await store.get(manifestKey(fp))
  if (!stored) return null
  try {
    const parsed = JSON.parse(new TextDecoder().decode(stored)) as Manifest
    if (parsed.fingerprint === fp && !Number.isNaN(Date.parse(parsed.version)))
      return { version: parsed.version, fingerprint: fp }
  } catch {}
  return 'unreadable'
}

/**
 * Reads the version recorded for this fingerprint, or records now as its version. Several
 * instances starting at once on an empty store must agree: the record is created only if
 * absent (an exclusive link on a folder, `If-None-Match: *` on S3), and every instance then
 * adopts what the store holds rather than what it tried to write. A backend that ignores
 * the condition is last-writer-wins: the read-back then settles most races, and the
 * background watch (watchManifest) the rest within one poll.
 */
export async function openManifest(
  store: AssetStore,
  fp: string,
  now = () => new Date(),
): Promise<Manifest> {
  const key = manifestKey(fp)
  const held = await readManifest(store, fp)
  if (held && held !== 'unreadable') return held
  const candidate = { version: now().toISOString(), fingerprint: fp }
  try {
    if (held === 'unreadable') {
      log.warn('manifest record unreadable, writing a new one', { key })
      await store.put(key, encodeManifest(candidate))
    } else if (store.createIfAbsent) await store.createIfAbsent(key, encodeManifest(candidate))
    else await store.put(key, encodeManifest(candidate))
  } catch (error) {
    // A store that cannot write (full, read-only, frozen) must not stop the service from
    // starting: the version is this start's, and the next start records one again.
    log.warn('fallback: manifest version not recorded; the store could not write it', {
      ...candidate,
      error: String(error),
    })
    return candidate
  }
  const adopted = await readManifest(store, fp)
  if (adopted && adopted !== 'unreadable' && adopted.version !== candidate.version) {
    log.info('adopted the asset manifest another instance recorded', {
      ...adopted,
      ours: candidate.version,
    })
    return adopted
  }
  log.info('new asset manifest', candidate)
  return candidate
}

/**
 * Keeps `manifest` in step with the store without a restart: every `intervalMs` it reads
 * the record for its fingerprint (each read bounded by the store's timeout; a read that
 * fails changes nothing) and adopts a version that differs, then tells the listeners
 * (the response memo forgets answers that carry the old version).
 */
export function watchManifest(store: AssetStore, manifest: Manifest, intervalMs: number) {
  const listeners: Array<(m: Manifest) => void> = []
  let busy = false
  async function check(): Promise<void> {
    if (busy) return
    busy = true
    try {
      const held = await readManifest(store, manifest.fingerprint)
      if (!held || held === 'unreadable' || held.version === manifest.version) return
      log.info('asset manifest changed in the store; adopting it', {
        fingerprint: manifest.fingerprint,
        from: manifest.version,
        to: held.version,
      })
      manifest.version = held.version
      for (const listener of listeners) listener(manifest)
    } catch (error) {
      log.warn('manifest check failed; keeping the current version', { error: String(error) })
    } finally {
      busy = false
    }
  }
  const timer = intervalMs > 0 ? setInterval(check, intervalMs) : undefined
  timer?.unref?.()
  return {
    check,
    onChange: (listener: (m: Manifest) => void) => void listeners.push(listener),
    close: () => clearInterval(timer),
  }
}

export type ManifestWatch = ReturnType<typeof watchManifest>

/** Where this manifest's assets live inside the store. */
export const assetNamespace = (m: Manifest) => `assets/${m.fingerprint}`
