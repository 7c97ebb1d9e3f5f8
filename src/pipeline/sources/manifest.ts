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
  hash.update(JSON.stringify({ planes: catalog.planes, airlines: catalog.airlines, specials: catalog.specials }))
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

/** Reads the version recorded for this fingerprint, or records now as its version. */
export async function openManifest(store: AssetStore, fp: string, now = () => new Date()): Promise<Manifest> {
  const key = `manifests/${fp}.json`
  const stored = await store.get(key)
  if (stored) {
    try {
      const parsed = JSON.parse(new TextDecoder().decode(stored)) as Manifest
      if (parsed.fingerprint === fp && !Number.isNaN(Date.parse(parsed.version))) return parsed
    } catch {}
    log.warn('manifest record unreadable, writing a new one', { key })
  }
  const manifest = { version: now().toISOString(), fingerprint: fp }
  try {
    await store.put(key, new TextEncoder().encode(JSON.stringify(manifest)))
    log.info('new asset manifest', manifest)
  } catch (error) {
    // A store that cannot write (full, read-only, frozen) must not stop the service from
    // starting: the version is this start's, and the next start records one again.
    log.warn('fallback: manifest version not recorded; the store could not write it', { ...manifest, error: String(error) })
  }
  return manifest
}

/** Where this manifest's assets live inside the store. */
export const assetNamespace = (m: Manifest) => `assets/${m.fingerprint}`
